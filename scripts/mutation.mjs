#!/usr/bin/env node
// Mutation testing with Stryker, one package at a time, then the score per package.
//   npm run mutation                                   all packages (citations, echo-check, eval-schema metrics)
//   npm run mutation -- citations                      one package
//   npm run mutation -- --concurrency 2                parallel test runners (default 1; the machine is shared)
//   npm run mutation -- citations --files a.ts,b.ts    only these files (a part, merged into the package score)
//   npm run mutation -- --report-only                  print the scores of the last runs without running Stryker
// Reports (git-ignored): reports/mutation/<package>[.<part>].html and .json from Stryker, and
// reports/mutation/summary.md with the score per package and per file, dated. Not part of .ci/run: runs take
// minutes. Timing and scale tests live in *.perf.test.ts, which mutation runs exclude (stryker/vitest-base.ts);
// a package whose other test files still measure time is refused before Stryker starts.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
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
  const timed = selected.flatMap((name) => timingTests(name));
  if (timed.length > 0) {
    console.error(
      'These test files measure time but are not *.perf.test.ts, so mutation runs would include them:',
    );
    for (const file of timed) console.error(`  ${file}`);
    console.error('Move each timing or scale test into a sibling <module>.perf.test.ts.');
    process.exit(2);
  }
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
const summary = [];
for (const name of PACKAGES) {
  const files = mergedResults(name);
  if (files.size === 0) {
    if (selected.includes(name)) {
      console.log(`@gk/${name.padEnd(14)} (no report: run \`npm run mutation -- ${name}\`)`);
    }
    continue;
  }
  const score = mutationScore([...files.values()].map((file) => file.mutants));
  summary.push({ name, score, files });
  if (!selected.includes(name)) continue;
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
if (summary.length > 0) {
  const file = join(reports, 'summary.md');
  writeFileSync(file, summaryMarkdown(summary));
  console.log(`\nscores per file: ${relative(root, file)}`);
}
process.exit(failed ? 1 : 0);

/** Test files of a package, other than *.perf.test.ts, that read a clock (CPU or wall). */
function timingTests(name) {
  const source = join(root, 'packages', name, 'src');
  const clock = /\bprocess\.cpuUsage\(|\bcpuNow\(|\bperformance\.now\(|\bDate\.now\(/;
  return walk(source)
    .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.perf.test.ts'))
    .filter((file) => clock.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file));
}

function walk(folder) {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    return entry.isDirectory() ? walk(path) : [path];
  });
}

/** The generated report: the score per package, then per source file, with the date of each file's result. */
function summaryMarkdown(packages) {
  const lines = [
    '# Mutation scores',
    '',
    `Generated by \`npm run mutation\` on ${new Date().toISOString()} from the newest Stryker result per file`,
    `(reports/mutation/*.json). Target: at least ${TARGET}% per package. Not committed: it changes with every run.`,
    '',
    '| package | score | killed | timeout | survived | no coverage | errors | mutants | files |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { name, score, files } of packages) {
    lines.push(
      `| @gk/${name} | ${formatScore(score.score)} | ${score.Killed} | ${score.Timeout} | ${score.Survived} | ${score.NoCoverage} | ${score.errors} | ${score.total} | ${files.size} |`,
    );
  }
  for (const { name, files } of packages) {
    lines.push(
      '',
      `## @gk/${name}`,
      '',
      '| file | score | mutants | survived | no coverage | measured |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    const rows = [...files.entries()]
      .map(([path, { mutants, measuredAt }]) => ({
        path,
        measuredAt,
        score: mutationScore([mutants]),
        mutants,
      }))
      .sort((a, b) => a.path.localeCompare(b.path));
    for (const row of rows) {
      lines.push(
        `| ${relative(join(root, 'packages', name), resolve(root, row.path))} | ${formatScore(row.score.score)} | ${row.score.total} | ${row.score.Survived} | ${row.score.NoCoverage} | ${row.measuredAt} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function formatScore(score) {
  return score === null ? 'n/a' : `${score.toFixed(1)}%`;
}

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
    const measuredAt = statSync(file).mtime.toISOString().slice(0, 16).replace('T', ' ');
    for (const [path, result] of Object.entries(report.files)) {
      files.set(path, { mutants: result.mutants, measuredAt });
    }
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
