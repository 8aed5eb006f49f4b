// Vitest settings for mutation runs: the root config (aliases from @gk/* to package sources and the Node 20
// Map.groupBy polyfill, both applied by importing it) with the test set narrowed to one package.
import type { UserConfig } from 'vitest/config';
import root from '../vitest.config.ts';

/** The root Vitest config, restricted to `packages/<name>/src/**\/*.test.ts` and a quiet reporter. */
export function packageConfig(name: string): UserConfig {
  const base = root as UserConfig;
  return {
    ...base,
    root: new URL('..', import.meta.url).pathname,
    test: {
      ...base.test,
      include: [`packages/${name}/src/**/*.test.ts`],
      reporters: ['dot'],
    },
  };
}
