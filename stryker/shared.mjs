// Settings shared by every package's Stryker config. Mutants run in a sandbox copy (never in place: other
// work shares the tree), one package's tests at a time, and results land under reports/ (git-ignored).

/**
 * A Stryker config for one workspace package.
 * @param {string} name the folder under packages/
 * @param {string[]} mutate globs of the files to mutate
 */
export function strykerConfig(name, mutate) {
  // A run over a subset of files (`npm run mutation -- <pkg> --files a.ts,b.ts`) reports under its own part name;
  // the runner merges the parts with the full run, newest result per file.
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by scripts/mutation.mjs for a part run, not a build input.
  const partName = process.env.GK_MUTATION_PART;
  const part = partName ? `.${partName}` : '';
  return {
    packageManager: 'npm',
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: `stryker/vitest.${name}.config.ts` },
    coverageAnalysis: 'perTest',
    mutate,
    // The sandbox needs the sources of every workspace package (aliases cross packages) and the root config.
    ignorePatterns: [
      '/examples',
      '/docs',
      '/reports',
      '/.turbo',
      '/.vitest',
      '/coverage',
      '/packages/*/dist',
      '/.changeset',
    ],
    concurrency: 1, // the machine is shared; `npm run mutation -- --concurrency 2` raises it
    timeoutMS: 3_000,
    timeoutFactor: 1.5,
    incremental: true,
    incrementalFile: `reports/mutation/${name}${part}.incremental.json`,
    thresholds: { high: 90, low: 85, break: null },
    reporters: ['clear-text', 'progress', 'html', 'json'],
    htmlReporter: { fileName: `reports/mutation/${name}${part}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}${part}.json` },
    tempDirName: '.stryker-tmp',
    cleanTempDir: true,
  };
}

/** Globs excluding tests, fixtures, the public barrel and type-only files from mutation. */
export const NOT_MUTATED = [
  '!**/*.test.ts',
  '!**/*.test-d.ts',
  '!**/__fixtures__/**',
  '!**/index.ts',
  '!**/types.ts',
];
