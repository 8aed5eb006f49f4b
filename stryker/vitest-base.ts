// Vitest settings for mutation runs: the root config (aliases from @gk/* to package sources, applied by
// importing it) with the test set narrowed to one package.
import type { ViteUserConfig } from 'vitest/config';
import { EXCLUDED } from '../scripts/test-projects.ts';
import root from '../vitest.config.ts';

/**
 * Timing and scale tests live in `*.perf.test.ts` and never run against mutants: CPU-time bounds cannot hold under
 * Stryker's instrumentation (coverage counters on every statement make a megabyte scan many times slower), and
 * they kill no mutant a normal assertion would not, since a mutant that loops forever is caught by Stryker's own
 * timeout. Excluded by file name, so a test is in or out by where it lives, not by how it is titled.
 */
export const PERF_TESTS = '**/*.perf.test.ts';

/** The root Vitest config, restricted to `packages/<name>/src/**\/*.test.ts` without perf tests, and a quiet reporter. */
export function packageConfig(name: string): ViteUserConfig {
  const base = root as ViteUserConfig;
  return {
    ...base,
    root: new URL('..', import.meta.url).pathname,
    test: {
      ...base.test,
      projects: undefined, // one project: the package's suites, each file in a fresh process
      include: [`packages/${name}/src/**/*.test.ts`],
      exclude: [...EXCLUDED, PERF_TESTS],
      // Property tests keep their full case counts in the suite; here each covering test reruns per mutant.
      env: { ...base.test?.env, GK_PROPERTY_RUNS_CAP: '200' },
      reporters: ['dot'],
    },
  };
}
