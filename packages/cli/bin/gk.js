#!/usr/bin/env node
// The `gk` command. A published install runs the build in dist/. A source checkout runs the TypeScript sources
// through the workspace's tsx, with the @gk packages resolved to their sources too, when `npm run build` has not
// run yet (a fresh clone after `npm install`) or when a source file is newer than its build (a `git pull` or an
// edit since the last build), so `npx gk` always runs the code that is checked out.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
// require.resolve, not import.meta.resolve: the latter needs Node 20.6, and engines says >= 20.
const resolvePackage = createRequire(import.meta.url).resolve;
const LIBRARIES = ['@gk/citations', '@gk/eval-schema', '@gk/echo-check'];
const NOT_BUILT = /\.test(-d)?\.ts$/;

/** The newest modification time of the files under a folder that a build reads (tests and fixtures aside). */
function newestSource(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__fixtures__') newest = Math.max(newest, newestSource(path));
    } else if (!NOT_BUILT.test(entry.name)) {
      newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** Whether a package's src/ (a source checkout has one; a published package does not) is newer than `built`. */
function newerSource(packageFolder, built) {
  const source = join(packageFolder, 'src');
  return existsSync(source) && newestSource(source) > built;
}

/** 'built' when dist/ and the workspace packages gk imports are built and current, else what is wrong. */
function buildState() {
  const entries = [here('../dist/cli.js')];
  for (const name of LIBRARIES) {
    try {
      entries.push(resolvePackage(name));
    } catch {
      return 'missing';
    }
  }
  if (!entries.every((entry) => existsSync(entry))) return 'missing';
  const times = entries.map((entry) => statSync(entry).mtimeMs);
  const folders = [here('..'), ...LIBRARIES.map((name) => dirname(resolvePackage(`${name}/package.json`)))];
  if (folders.some((folder, index) => newerSource(folder, times[index]))) return 'stale';
  // @gk/internal is bundled into every build, so a change to it makes each of them stale.
  try {
    const internal = dirname(resolvePackage('@gk/internal/package.json'));
    if (newerSource(internal, Math.min(...times))) return 'stale';
  } catch {
    // A published install has no @gk/internal: nothing to compare.
  }
  return 'built';
}

async function importTsx() {
  try {
    const { register } = await import('tsx/esm/api');
    const { register: registerCommonJs } = await import('tsx/cjs/api');
    return { register, registerCommonJs };
  } catch {
    return undefined;
  }
}

// GK_FROM_SOURCE=1 runs the sources even when a current build exists (how the fallback itself is tested).
const state = process.env.GK_FROM_SOURCE === '1' ? 'forced' : buildState();
const tsx = state !== 'built' && existsSync(here('../src/cli.ts')) ? await importTsx() : undefined;
if (state === 'built') {
  await import('../dist/cli.js');
} else if (tsx) {
  process.env.TSX_TSCONFIG_PATH ??= here('../tsconfig.source.json');
  // Both, as the tsx command does: a user's .ts pipeline in a package without "type": "module" is CommonJS to tsx.
  tsx.registerCommonJs();
  tsx.register();
  await import('../src/cli.ts');
} else if (state === 'stale') {
  process.stderr.write(
    'gk: dist/ is older than src/ and tsx is not installed to run src/; run `npm run build`.\n',
  );
  await import('../dist/cli.js');
} else if (existsSync(here('../src/cli.ts'))) {
  process.stderr.write(
    'gk: this checkout is not built and tsx is not installed; run `npm install` then `npm run build`.\n',
  );
  process.exit(2);
} else {
  process.stderr.write('gk: dist/cli.js is missing; reinstall @gk/cli.\n');
  process.exit(2);
}
