import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testProjects } from './scripts/test-projects.ts';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// Tests import workspace packages from source, so a change is tested without a rebuild;
// the published build is checked separately by `npm run check:packages`.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@gk\/echo-check\/node$/, replacement: source('./packages/echo-check/src/node.ts') },
      { find: /^@gk\/judge\/test$/, replacement: source('./packages/judge/src/test.ts') },
      { find: /^@gk\/citations\/verify$/, replacement: source('./packages/citations/src/verify/index.ts') },
      { find: /^@gk\/citations\/decode$/, replacement: source('./packages/citations/src/decode/index.ts') },
      {
        find: /^@gk\/citations\/provider$/,
        replacement: source('./packages/citations/src/provider/index.ts'),
      },
      { find: /^@gk\/citations$/, replacement: source('./packages/citations/src/index.ts') },
      { find: /^@gk\/internal$/, replacement: source('./packages/internal/src/index.ts') },
      { find: /^@gk\/model-kit$/, replacement: source('./packages/model-kit/src/index.ts') },
      { find: /^@gk\/eval-schema$/, replacement: source('./packages/eval-schema/src/index.ts') },
      { find: /^@gk\/echo-check$/, replacement: source('./packages/echo-check/src/index.ts') },
      { find: /^@gk\/synthesis$/, replacement: source('./packages/synthesis/src/index.ts') },
      { find: /^@gk\/judge$/, replacement: source('./packages/judge/src/index.ts') },
      { find: /^@gk\/cli$/, replacement: source('./packages/cli/src/index.ts') },
    ],
  },
  test: {
    // Suites that time themselves or read millions of characters run alone, each in a fresh process; the rest share
    // their worker's module cache (scripts/test-projects.ts, ADR 0068).
    projects: testProjects(),
    testTimeout: 30_000,
    // One test file per core (vitest leaves one core free by default, which on a two-core CI machine runs the files
    // one at a time). Time bounds read the test process's own CPU time, which another file running beside it does
    // not add to (packages/citations/src/__fixtures__/cpu-time.ts, tests/adversarial/growth.ts).
    maxWorkers: availableParallelism(),
    // The JSON report feeds the closing "N passed, N failed" line that .ci/run prints.
    reporters: ['default', ['json', { outputFile: '.vitest/results.json' }]],
  },
});
