#!/usr/bin/env node
// Runs every benchmark file (packages/*/bench/*.bench.ts) in its own process, one after another.
// Benchmarks report numbers; they never fail a build on speed. Pass a filter to run a subset:
//   npm run bench -- citations
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const filter = process.argv[2] ?? '';
const files = readdirSync(join(root, 'packages'))
  .flatMap((pkg) => {
    const dir = join(root, 'packages', pkg, 'bench');
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((file) => file.endsWith('.bench.ts'))
          .map((file) => join(dir, file))
      : [];
  })
  .filter((file) => relative(root, file).includes(filter));

if (files.length === 0) {
  console.error(`no benchmark matches "${filter}"`);
  process.exit(1);
}
for (const file of files) {
  console.log(`\n━━ ${relative(root, file)}`);
  execFileSync(join(root, 'node_modules', '.bin', 'tsx'), [file], { cwd: root, stdio: 'inherit' });
}
