// Only @gk/citations's own tests run against its mutants (see vitest-base.ts).
import { defineConfig } from 'vitest/config';
import { packageConfig } from './vitest-base.ts';

export default defineConfig(packageConfig('citations'));
