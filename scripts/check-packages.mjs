#!/usr/bin/env node
// Proves that what we would publish works for someone else: publint and attw on every package, then the
// packed tarballs installed into a fresh consumer project that imports every public entry from plain Node
// ESM and type-checks a TypeScript file using each package's main function. Run after `npm run build`.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: 'inherit' });
const capture = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: 'utf8' });

// Private workspace packages (the shared kit) are bundled into the others and never published.
const packages = readdirSync(join(root, 'packages'))
  .map((folder) => {
    const dir = join(root, 'packages', folder);
    return { dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) };
  })
  .filter(({ manifest }) => manifest.private !== true);

for (const { dir, manifest } of packages) {
  console.log(`\n▸ ${manifest.name}: publint --strict`);
  run(bin('publint'), ['--strict'], dir);
  console.log(`▸ ${manifest.name}: attw --pack --profile esm-only`);
  run(bin('attw'), ['--pack', '.', '--profile', 'esm-only'], dir);
}

const work = mkdtempSync(join(tmpdir(), 'gk-consumer-'));
try {
  const tarballs = {};
  for (const { dir, manifest } of packages) {
    const [packed] = JSON.parse(capture('npm', ['pack', '--json', '--pack-destination', work], dir));
    tarballs[manifest.name] = `file:${join(work, packed.filename)}`;
    console.log(`▸ packed ${packed.filename}: ${packed.entryCount} files, ${packed.size} bytes`);
  }

  // Every public entry point, read from the exports maps, with wildcard subpaths expanded from the files shipped.
  const entries = [];
  for (const { dir, manifest } of packages) {
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      if (subpath === './package.json') continue;
      if (!subpath.includes('*')) {
        entries.push(`${manifest.name}${subpath.slice(1)}`);
        continue;
      }
      const pattern = typeof target === 'string' ? target : target.default;
      const folder = pattern.slice(0, pattern.indexOf('*'));
      const suffix = pattern.slice(pattern.indexOf('*') + 1);
      for (const file of readdirSync(join(dir, folder)).filter((name) => name.endsWith(suffix))) {
        entries.push(
          `${manifest.name}${subpath.slice(1).replace('*', file.slice(0, file.length - suffix.length))}`,
        );
      }
    }
  }

  const consumer = join(work, 'consumer');
  cpSync(join(root, 'scripts', 'consumer'), consumer, { recursive: true });
  const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const synthesisManifest = packages.find((p) => p.manifest.name === '@gk/synthesis').manifest;
  writeFileSync(
    join(consumer, 'package.json'),
    `${JSON.stringify(
      {
        name: 'gk-consumer',
        private: true,
        type: 'module',
        dependencies: {
          ...tarballs,
          ai: synthesisManifest.devDependencies.ai,
          zod: rootManifest.devDependencies.zod,
        },
        // What a TypeScript consumer of the AI SDK has anyway: Node's types and the JSON Schema types its
        // declarations import, so the check can run without skipLibCheck and read our .d.ts files in full.
        devDependencies: {
          typescript: rootManifest.devDependencies.typescript,
          '@types/node': rootManifest.devDependencies['@types/node'],
          '@types/json-schema': '^7.0.15',
        },
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(join(consumer, 'entries.json'), `${JSON.stringify(entries, null, 2)}\n`);

  console.log(`\n▸ installing ${Object.keys(tarballs).length} tarballs into a fresh consumer (${consumer})`);
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', '--engine-strict=false'], consumer);

  console.log(`▸ importing ${entries.length} public entries from plain Node ESM`);
  run('node', ['import-entries.mjs'], consumer);

  console.log('▸ type-checking a TypeScript file that uses each main function');
  run(join(consumer, 'node_modules', '.bin', 'tsc'), ['--noEmit', '-p', '.'], consumer);
  run('node', ['--input-type=module', '-e', "console.log('✓ consumer type-check passed')"], consumer);
} finally {
  rmSync(work, { recursive: true, force: true });
}
console.log('\n✓ every package passes publint and attw, installs from its tarball, imports and type-checks');
