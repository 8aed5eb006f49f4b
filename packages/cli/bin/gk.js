#!/usr/bin/env node
// The `gk` command. A published install runs the build in dist/. A source checkout where `npm run build` has
// not run yet (a fresh clone after `npm install`) runs the TypeScript sources through the workspace's tsx, with
// the @gk packages resolved to their sources too, so `npx gk` works before any build.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
// require.resolve, not import.meta.resolve: the latter needs Node 20.6, and engines says >= 20.
const resolvePackage = createRequire(import.meta.url).resolve;

function built() {
  if (!existsSync(here('../dist/cli.js'))) return false;
  // The workspace packages gk imports must be built as well.
  for (const name of ['@gk/citations', '@gk/eval-schema', '@gk/echo-check']) {
    try {
      if (!existsSync(resolvePackage(name))) return false;
    } catch {
      return false;
    }
  }
  return true;
}

// GK_FROM_SOURCE=1 runs the sources even when a build exists (how the fallback itself is tested).
if (process.env.GK_FROM_SOURCE !== '1' && built()) {
  await import('../dist/cli.js');
} else if (existsSync(here('../src/cli.ts'))) {
  process.env.TSX_TSCONFIG_PATH ??= here('../tsconfig.source.json');
  let register;
  try {
    ({ register } = await import('tsx/esm/api'));
  } catch {
    process.stderr.write(
      'gk: this checkout is not built and tsx is not installed; run `npm install` then `npm run build`.\n',
    );
    process.exit(2);
  }
  register();
  await import('../src/cli.ts');
} else {
  process.stderr.write('gk: dist/cli.js is missing; reinstall @gk/cli.\n');
  process.exit(2);
}
