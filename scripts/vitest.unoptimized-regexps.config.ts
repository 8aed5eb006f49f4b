// The long-run suites in the state a long-running app may reach: V8 compiling regular expressions without its
// optimizations (`--no-regexp-optimization`), where a repeated class keeps a backtrack entry per character and a run
// of a few million overflows its stack (ADR 0068, 0069). `npm run test:unoptimized`; not part of `npm test` (about
// 6 minutes here).
import { mergeConfig } from 'vitest/config';
import base from '../vitest.config.ts';
import { EXCLUDED } from './test-projects.ts';

export default mergeConfig(
  { ...base, test: { ...base.test, projects: undefined, reporters: ['default'] } },
  {
    test: {
      include: [
        '**/*long-runs.test.ts',
        '**/*long-input.test.ts',
        '**/*long-two-byte-runs.test.ts',
        '**/*number-runs.test.ts',
      ],
      exclude: EXCLUDED,
      execArgv: ['--no-regexp-optimization'],
    },
  },
);
