#!/usr/bin/env node
// Mutation testing with Stryker, one package at a time, then the score per package.
//   npm run mutation                                   all packages (citations, echo-check, eval-schema metrics)
//   npm run mutation -- citations                      one package
//   npm run mutation -- --concurrency 2                parallel test runners (default 1; the machine is shared)
//   npm run mutation -- citations --files a.ts,b.ts    only these files (a part, merged into the package score)
//   npm run mutation -- --report-only                  print the scores of the last runs without running Stryker
// Reports: reports/mutation/<package>[.<part>].html and .json (git-ignored). Not part of .ci/run: runs take minutes.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const PACKAGES = ['citations', 'echo-check', 'eval-schema'];
const TARGET = 85;
const root = resolve(import.meta.dirname, '..');
const reports = join(root, 'reports', 'mutation');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    concurrency: { type: 'string', default: '1' },
    files: { type: 'string' },
    'report-only': { type: 'boolean', default: false },
  },
});
const names = positionals.map((name) => name.replace(/^@gk\//, ''));
const unknown = names.filter((name) => !PACKAGES.includes(name));
if (unknown.length > 0) {
  console.error(`unknown package ${unknown.join(', ')}; expected one of ${PACKAGES.join(', ')}`);
  process.exit(2);
}
if (values.files !== undefined && names.length !== 1) {
  console.error('--files needs exactly one package name');
  process.exit(2);
}
const selected = names.length > 0 ? names : PACKAGES;

let failed = false;
if (!values['report-only']) {
  for (const name of selected) {
    const args = ['run', `stryker/${name}.config.mjs`, '--concurrency', values.concurrency];
    const env = { ...process.env };
    if (values.files !== undefined) {
      args.push('--mutate', values.files);
      env.GK_MUTATION_PART = `part-${createHash('sha256').update(values.files).digest('hex').slice(0, 8)}`;
    }
    console.log(
      `\n━━ mutation: @gk/${name} (concurrency ${values.concurrency}${values.files ? `, files ${values.files}` : ''})`,
    );
    const result = spawnSync(join(root, 'node_modules', '.bin', 'stryker'), args, {
      cwd: root,
      stdio: 'inherit',
      env,
    });
    if (result.status !== 0) {
      console.error(`stryker exited with ${result.status ?? result.signal} for @gk/${name}`);
      failed = true;
    }
  }
}

console.log('\npackage            score  killed  timeout  survived  no-cov  errors  total  files');
for (const name of selected) {
  const files = mergedResults(name);
  if (files.size === 0) {
    console.log(`@gk/${name.padEnd(14)} (no report: run \`npm run mutation -- ${name}\`)`);
    continue;
  }
  const score = mutationScore([...files.values()]);
  const percent = score.score === null ? '  n/a' : `${score.score.toFixed(1)}%`;
  console.log(
    [
      `@gk/${name}`.padEnd(17),
      percent.padStart(6),
      String(score.Killed).padStart(7),
      String(score.Timeout).padStart(8),
      String(score.Survived).padStart(9),
      String(score.NoCoverage).padStart(7),
      String(score.errors).padStart(7),
      String(score.total).padStart(6),
      String(files.size).padStart(6),
    ].join(' '),
  );
  if (score.score !== null && score.score < TARGET) console.log(`  below the ${TARGET}% target`);
}
process.exit(failed ? 1 : 0);

/** Per source file, the mutants of the newest report (full run or part) that covers it. */
function mergedResults(name) {
  if (!existsSync(reports)) return new Map();
  const candidates = readdirSync(reports)
    .filter(
      (file) =>
        (file === `${name}.json` || file.startsWith(`${name}.part-`)) && !file.endsWith('.incremental.json'),
    )
    .filter((file) => file.endsWith('.json'))
    .map((file) => join(reports, file))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
  const files = new Map();
  for (const file of candidates) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    for (const [path, result] of Object.entries(report.files)) files.set(path, result.mutants);
  }
  return files;
}

/**
 * Stryker's mutation score: detected (killed + timeout) over valid mutants (detected + survived + no
 * coverage); compile and runtime errors and ignored mutants are not valid mutants.
 */
function mutationScore(mutantLists) {
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, errors: 0, total: 0 };
  for (const mutants of mutantLists) {
    for (const mutant of mutants) {
      counts.total++;
      if (mutant.status in counts) counts[mutant.status]++;
      else if (mutant.status === 'CompileError' || mutant.status === 'RuntimeError') counts.errors++;
    }
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return { ...counts, score: valid === 0 ? null : (100 * detected) / valid };
}
