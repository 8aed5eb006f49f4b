// Vitest settings for mutation runs: the root config (aliases from @gk/* to package sources, applied by
// importing it) with the test set narrowed to one package.
import type { ViteUserConfig } from 'vitest/config';
import root from '../vitest.config.ts';

// Wall-clock bounds cannot hold under Stryker's instrumentation (coverage counters on every statement make a
// megabyte scan many times slower), and they kill no mutant a normal assertion would not: a mutant that loops
// forever is caught by Stryker's own timeout. So tests named for their speed are skipped in mutation runs, and
// so are the few named for their scale (10^5 brackets, 50 000 keys, a huge array): instrumented, each costs seconds
// per mutant, and smaller tests pin the same logic (the 16-key switch to a Set, the depth bound's edge).
const NOT_TIMING =
  /^(?!.*(in linear time|stays linear|\(linear time\)|reasonable time|huge array|50 000 distinct keys|10\^5 brackets))/;

/** The root Vitest config, restricted to `packages/<name>/src/**\/*.test.ts` and a quiet reporter. */
export function packageConfig(name: string): ViteUserConfig {
  const base = root as ViteUserConfig;
  return {
    ...base,
    root: new URL('..', import.meta.url).pathname,
    test: {
      ...base.test,
      include: [`packages/${name}/src/**/*.test.ts`],
      testNamePattern: NOT_TIMING,
      // Property tests keep their full case counts in the suite; here each covering test reruns per mutant.
      env: { ...base.test?.env, GK_PROPERTY_RUNS_CAP: '200' },
      reporters: ['dot'],
    },
  };
}
