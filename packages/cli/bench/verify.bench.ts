// End-to-end throughput of `gk verify` on a generated LFRQA-shaped file of 14,000 answers (see
// write-lfrqa-shaped.ts: real State of the Union text, generated records), run as a user runs it: a fresh
// `node bin/gk.js` process per run, reading the file and writing the verifications to a file.
// Run with `npm run bench -- cli`. Reports the least-of-5 wall time and the CPU time (user + system, all
// threads) of the whole process; the machine is shared, so the CPU time is the steadier number. Target: at least
// 20,000 answers/s end to end on a 2-core machine (on one thread, the default for a file this size).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeLfrqaShaped } from './write-lfrqa-shaped.js';

const ANSWERS = 14_000;
const RUNS = Number(process.env.GK_BENCH_RUNS ?? 5);
const bin = fileURLToPath(new URL('../bin/gk.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'gk-bench-lfrqa-'));

try {
  const files = await writeLfrqaShaped({ dir, answers: ANSWERS });
  console.log(
    `input  ${ANSWERS.toLocaleString('en-US')} LFRQA-shaped answers, ${(files.logBytes / 1e6).toFixed(1)} MB; collection of ${files.documents.toLocaleString('en-US')} SOTU passages (${(statSync(files.collection).size / 1e6).toFixed(1)} MB)`,
  );
  const load = (): string =>
    loadavg()
      .map((value) => value.toFixed(1))
      .join(' / ');
  console.log(`load average ${load()} (1 / 5 / 15 min) before the runs`);
  const table: Array<Record<string, string>> = [];
  for (const workers of [0, 1, 2]) {
    let best = { real: Number.POSITIVE_INFINITY, cpu: 0, runCpu: 0, runWall: 0 };
    let leastCpu = Number.POSITIVE_INFINITY;
    for (let run = 0; run < RUNS; run++) {
      const output = join(dir, 'out.jsonl');
      const summaryPath = join(dir, 'summary.json');
      // bash's `time` reports the child's wall and CPU time (user + system over all its threads).
      const script = `TIMEFORMAT='%R %U %S'; { time node ${JSON.stringify(bin)} verify ${JSON.stringify(files.log)} --map lfrqa --documents ${JSON.stringify(files.collection)} --workers ${workers} --allow-invalid --summary ${JSON.stringify(summaryPath)} -o ${JSON.stringify(output)} 2>/dev/null ; } 2>&1`;
      const [real, user, system] = execFileSync('bash', ['-c', script], { encoding: 'utf8' })
        .trim()
        .split(/\s+/)
        .map(Number);
      const summary = JSON.parse(readFileSync(summaryPath, 'utf8')) as {
        answers: number;
        invalidLines: number;
        elapsedMs: number;
        cpuMs: number;
      };
      if (summary.answers !== ANSWERS)
        throw new Error(
          `expected ${ANSWERS} verified answers, got ${summary.answers} (${summary.invalidLines} invalid)`,
        );
      leastCpu = Math.min(leastCpu, user! + system!);
      if (real! < best.real)
        best = {
          real: real!,
          cpu: user! + system!,
          runCpu: summary.cpuMs / 1000,
          runWall: summary.elapsedMs / 1000,
        };
    }
    table.push({
      workers: String(workers),
      'process wall s': best.real.toFixed(2),
      'answers/s (process)': Math.round(ANSWERS / best.real).toLocaleString('en-US'),
      'process CPU s': best.cpu.toFixed(2),
      'answers per CPU s': Math.round(ANSWERS / best.cpu).toLocaleString('en-US'),
      'least CPU µs/answer': ((leastCpu / ANSWERS) * 1e6).toFixed(1),
      'verify wall s': best.runWall.toFixed(2),
      'answers/s (verify)': Math.round(ANSWERS / best.runWall).toLocaleString('en-US'),
    });
  }
  console.table(table);
  console.log(
    `least of ${RUNS} runs by process wall time; "verify" excludes Node start-up and loading the collection; "least CPU" is the least process CPU time of the ${RUNS} runs, per answer`,
  );
  console.log(`load average ${load()} after the runs`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
