#!/usr/bin/env node
// Proves that what we would publish works for someone else: publint and attw on every package; each tarball
// holds what a registry page and a user need (LICENSE, README with working links, metadata, truthful engines);
// `npm publish --dry-run` succeeds; then the packed tarballs are installed into a fresh consumer project the way
// a user installs them (`npm install <tarballs> ai zod`, engine checks on, no version of `ai` pinned: npm picks
// the newest major this Node's engines allow), every public entry is imported from plain Node ESM, and a
// TypeScript file using each main function type-checks with `skipLibCheck: false`. Run after `npm run build`.
// The other runtimes, the other `ai` major and the browsers are the runtime matrix's (`npm run matrix`).
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (command, args, cwd) => execFileSync(command, args, { cwd, stdio: 'inherit' });
const capture = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: 'utf8' });
const problems = [];
const problem = (message) => {
  problems.push(message);
  console.log(`  ✗ ${message}`);
};

const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const license = readFileSync(join(root, 'LICENSE'), 'utf8');
// Private workspace packages (the shared kit) are bundled into the others and never published.
const packages = readdirSync(join(root, 'packages'))
  .filter((folder) => existsSync(join(root, 'packages', folder, 'package.json')))
  .map((folder) => {
    const dir = join(root, 'packages', folder);
    return { folder, dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) };
  })
  .filter(({ manifest }) => manifest.private !== true);

for (const { dir, manifest } of packages) {
  console.log(`\n▸ ${manifest.name}: publint --strict`);
  run(bin('publint'), ['--strict'], dir);
  console.log(`▸ ${manifest.name}: attw --pack --profile esm-only`);
  run(bin('attw'), ['--pack', '.', '--profile', 'esm-only'], dir);
}

/** What the registry shows and what a user installs: fields, licence, README links, engines. */
function checkManifest({ folder, dir, manifest }, files) {
  const repository = 'git+https://github.com/groundkit/groundkit-ts.git';
  const expected = {
    license: 'MIT',
    type: 'module',
    homepage: `https://github.com/groundkit/groundkit-ts/tree/main/packages/${folder}#readme`,
    'bugs.url': 'https://github.com/groundkit/groundkit-ts/issues',
    'repository.url': repository,
    'repository.directory': `packages/${folder}`,
  };
  for (const [path, value] of Object.entries(expected)) {
    const actual = path.split('.').reduce((object, key) => object?.[key], manifest);
    if (actual !== value)
      problem(`${manifest.name}: ${path} is ${JSON.stringify(actual)}, expected ${value}`);
  }
  if (!Array.isArray(manifest.keywords) || manifest.keywords.length < 3)
    problem(`${manifest.name}: keywords`);
  if (!/^>=\d+(\.\d+)*$/.test(manifest.engines?.node ?? '')) {
    problem(
      `${manifest.name}: engines.node ${JSON.stringify(manifest.engines?.node)} is not a lowest version`,
    );
  }
  for (const file of ['LICENSE', 'README.md', 'package.json']) {
    if (!files.includes(file)) problem(`${manifest.name}: the tarball has no ${file}`);
  }
  if (!existsSync(join(dir, 'LICENSE')) || readFileSync(join(dir, 'LICENSE'), 'utf8') !== license) {
    problem(`${manifest.name}: packages/${folder}/LICENSE is missing or differs from the root's`);
  }
  // On the registry a README link resolves against npmjs.com: only absolute URLs and anchors work there.
  const readme = readFileSync(join(dir, 'README.md'), 'utf8');
  const prose = readme.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  for (const [, target] of prose.matchAll(/\]\(([^)\s]+)[^)]*\)|^\[[^\]]+\]:\s*(\S+)/gm)) {
    if (target === undefined || /^(https?:|mailto:|#)/.test(target)) continue;
    problem(`${manifest.name}: README link ${target} is relative, so it breaks on the registry page`);
  }
  if (!/ESM-only/.test(readme) || !/require\(/.test(readme) || !/import\(/.test(readme)) {
    problem(`${manifest.name}: README does not say it is ESM-only and how CommonJS loads it`);
  }
}

// Every changeset must parse (a formatter once turned front matter into a heading) and name published packages.
console.log('\n▸ changesets: each parses and names packages published from this repository');
const parseChangeset = createRequire(join(root, 'node_modules', '@changesets', 'cli', 'package.json'))(
  '@changesets/parse',
).default;
const published = new Set(packages.map(({ manifest }) => manifest.name));
const changesets = readdirSync(join(root, '.changeset')).filter(
  (file) => file.endsWith('.md') && file !== 'README.md',
);
for (const file of changesets) {
  try {
    const { releases, summary } = parseChangeset(readFileSync(join(root, '.changeset', file), 'utf8'));
    if (releases.length === 0 || summary.trim() === '')
      problem(`.changeset/${file}: no release or no summary`);
    for (const { name, type } of releases) {
      if (!published.has(name)) problem(`.changeset/${file}: ${name} is not a published package`);
      if (!['major', 'minor', 'patch'].includes(type))
        problem(`.changeset/${file}: bump ${type} for ${name}`);
    }
  } catch (error) {
    problem(`.changeset/${file}: ${String(error.message).split('\n')[0]}`);
  }
}
console.log(`  ${changesets.length} changesets read`);

const work = mkdtempSync(join(tmpdir(), 'gk-consumer-'));
try {
  const tarballs = [];
  for (const pkg of packages) {
    const [packed] = JSON.parse(capture('npm', ['pack', '--json', '--pack-destination', work], pkg.dir));
    tarballs.push(join(work, packed.filename));
    console.log(`\n▸ packed ${packed.filename}: ${packed.entryCount} files, ${packed.size} bytes`);
    checkManifest(
      pkg,
      packed.files.map((file) => file.path),
    );
    console.log(`▸ ${pkg.manifest.name}: npm publish --dry-run`);
    run('npm', ['publish', '--dry-run', '--loglevel=error'], pkg.dir);
  }

  // Every public entry point, read from the exports maps, with wildcard subpaths expanded from the files shipped.
  const entries = [];
  for (const { dir, manifest } of packages) {
    for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
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
  writeFileSync(
    join(consumer, 'package.json'),
    `${JSON.stringify({ name: 'gk-consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  writeFileSync(join(consumer, 'entries.json'), `${JSON.stringify(entries, null, 2)}\n`);

  // As a user would: the tarballs, then `ai` and `zod` unpinned; --engine-strict turns any engine mismatch into
  // a failure instead of a warning nobody reads.
  console.log(
    `\n▸ npm install --engine-strict <${tarballs.length} tarballs> ai zod (Node ${process.version})`,
  );
  run(
    'npm',
    ['install', '--engine-strict', '--no-audit', '--no-fund', '--loglevel=warn', ...tarballs, 'ai', 'zod'],
    consumer,
  );
  const ai = JSON.parse(readFileSync(join(consumer, 'node_modules', 'ai', 'package.json'), 'utf8')).version;
  console.log(`  ai ${ai} resolved for Node ${process.version}`);
  run(
    'npm',
    [
      'install',
      '--engine-strict',
      '--no-audit',
      '--no-fund',
      '--loglevel=warn',
      '--save-dev',
      `typescript@${rootManifest.devDependencies.typescript}`,
      `@types/node@${rootManifest.devDependencies['@types/node']}`,
    ],
    consumer,
  );

  console.log(`▸ importing ${entries.length} public entries from plain Node ESM`);
  run('node', ['import-entries.mjs'], consumer);

  // skipLibCheck: false reads every .d.ts, the AI SDK's included. @ai-sdk/provider's types import `json-schema`
  // but nothing installs @types/json-schema; the READMEs tell such users to add it. First without it (to know
  // whether that note is still needed), then with it (must pass).
  console.log('▸ type-checking a TypeScript file that uses each main function (skipLibCheck: false)');
  const tsc = join(consumer, 'node_modules', '.bin', 'tsc');
  const bare = spawnSync(tsc, ['--noEmit', '-p', '.'], { cwd: consumer, encoding: 'utf8' });
  const errors = `${bare.stdout}${bare.stderr}`.split('\n').filter((line) => /error TS/.test(line));
  if (errors.some((line) => !/'json-schema'/.test(line))) {
    problem(`type errors other than the missing json-schema types:\n${errors.join('\n')}`);
  }
  console.log(
    errors.length > 0
      ? `  without @types/json-schema: ${errors.length} errors, all "Could not find a declaration file for module 'json-schema'" (the README note is needed)`
      : '  without @types/json-schema: no errors; the README note about it is no longer needed',
  );
  run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=warn', '--save-dev', '@types/json-schema@^7.0.15'],
    consumer,
  );
  run(tsc, ['--noEmit', '-p', '.'], consumer);
  console.log('  ✓ with @types/json-schema: the consumer type-checks');
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (problems.length > 0) {
  console.log(`\n✗ ${problems.length} problem(s):\n${problems.map((text) => `  - ${text}`).join('\n')}`);
  process.exit(1);
}
console.log(
  '\n✓ every package passes publint, attw and npm publish --dry-run, ships LICENSE and its metadata, installs from its tarball with engine checks on, imports and type-checks',
);
