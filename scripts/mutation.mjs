#!/usr/bin/env node
// Mutation testing with Stryker, one package at a time, then the score per package.
//   npm run mutation                     all packages (citations, echo-check, eval-schema metrics)
//   npm run mutation -- citations        one package
//   npm run mutation -- --concurrency 2  parallel test runners (default 1; the machine is shared)
//   npm run mutation -- --report-only    print the scores of the last runs without running Stryker
// Reports: reports/mutation/<package>.html and .json (git-ignored). Not part of .ci/run: a run takes minutes.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const PACKAGES = ['citations', 'echo-check', 'eval-schema'];
const TARGET = 85;
const root = resolve(import.meta.dirname, '..');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    concurrency: { type: 'string', default: '1' },
    'report-only': { type: 'boolean', default: false },
  },
});
const unknown = positionals.filter((name) => !PACKAGES.includes(name.replace(/^@gk\//, '')));
if (unknown.length > 0) {
  console.error(`unknown package ${unknown.join(', ')}; expected one of ${PACKAGES.join(', ')}`);
  process.exit(2);
}
const selected = positionals.length > 0 ? positionals.map((name) => name.replace(/^@gk\//, '')) : PACKAGES;

let failed = false;
if (!values['report-only']) {
  for (const name of selected) {
    console.log(`\n━━ mutation: @gk/${name} (concurrency ${values.concurrency})`);
    const result = spawnSync(
      join(root, 'node_modules', '.bin', 'stryker'),
      ['run', `stryker/${name}.config.mjs`, '--concurrency', values.concurrency],
      { cwd: root, stdio: 'inherit' },
    );
    if (result.status !== 0) {
      console.error(`stryker exited with ${result.status ?? result.signal} for @gk/${name}`);
      failed = true;
    }
  }
}

console.log('\npackage            score  killed  timeout  survived  no-cov  errors  total');
for (const name of selected) {
  const file = join(root, 'reports', 'mutation', `${name}.json`);
  if (!existsSync(file)) {
    console.log(`@gk/${name.padEnd(14)} (no report: run \`npm run mutation -- ${name}\`)`);
    continue;
  }
  const score = mutationScore(JSON.parse(readFileSync(file, 'utf8')));
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
    ].join(' '),
  );
  if (score.score !== null && score.score < TARGET) console.log(`  below the ${TARGET}% target`);
}
process.exit(failed ? 1 : 0);

/**
 * Stryker's mutation score from a mutation-testing-report-schema JSON report: detected (killed + timeout)
 * over valid mutants (detected + survived + no coverage); compile and runtime errors and ignored mutants are
 * not valid mutants.
 */
function mutationScore(report) {
  const counts = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, errors: 0, total: 0 };
  for (const file of Object.values(report.files)) {
    for (const mutant of file.mutants) {
      counts.total++;
      if (mutant.status in counts) counts[mutant.status]++;
      else if (mutant.status === 'CompileError' || mutant.status === 'RuntimeError') counts.errors++;
    }
  }
  const detected = counts.Killed + counts.Timeout;
  const valid = detected + counts.Survived + counts.NoCoverage;
  return { ...counts, score: valid === 0 ? null : (100 * detected) / valid };
}
