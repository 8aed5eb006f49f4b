// Mutation testing of @gk/citations: every source file except the barrel and type declarations.
import { NOT_MUTATED, strykerConfig } from './shared.mjs';

export default strykerConfig('citations', ['packages/citations/src/**/*.ts', ...NOT_MUTATED]);
