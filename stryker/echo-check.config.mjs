// Mutation testing of @gk/echo-check: every source file except the barrel.
import { NOT_MUTATED, strykerConfig } from './shared.mjs';

export default strykerConfig('echo-check', ['packages/echo-check/src/**/*.ts', ...NOT_MUTATED]);
