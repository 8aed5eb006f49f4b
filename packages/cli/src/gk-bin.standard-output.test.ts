// The `gk` process and its standard output: a reader that closes early, a full disk, and an output that is an input.
import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { passage, runGk, temporaryFolder } from './__fixtures__/run-gk.js';

const bin = fileURLToPath(new URL('../bin/gk.js', import.meta.url));
const pipelines = fileURLToPath(new URL('./__fixtures__/pipelines/', import.meta.url));
const water = passage('physics.md', 'Water boils at 100 °C at sea level.');
const line = (id: number, answer: string): string => `${JSON.stringify({ id, answer, passages: [water] })}\n`;
// Every line rejected (marker_out_of_range): `--fail-on any` must exit 1, whoever reads standard output.
const BAD = Array.from({ length: 20_000 }, (_, i) => line(i, 'Water boils [1]. It sings [5].')).join('');

// A tiny eval pipeline; `options.drop` removes the best hit, so a run with it drops below one without.
const EVAL_PIPELINE = `
const documents = [{ id: 'water', text: 'Water boils at 100 C at sea level. Ice melts at 0 C.' }];
const chunks = [
  { chunkId: 'water#0', documentId: 'water', start: 0, end: 34 },
  { chunkId: 'water#1', documentId: 'water', start: 35, end: 52 },
];
const words = (text) => new Set(text.toLowerCase().match(/[a-z]+/g) ?? []);
export function pipeline(options) {
  return {
    setup: () => ({
      documents,
      chunks,
      config: { chunking: { strategy: 'sentence', unit: 'characters', size: 40, overlap: 0 }, scoreThreshold: null, embedding: null, fusion: null, rerank: null },
    }),
    answer: async (question, { topK }) => {
      const asked = words(question.question);
      const hits = chunks
        .map((chunk) => ({ ...chunk, score: [...words(documents[0].text.slice(chunk.start, chunk.end))].filter((w) => asked.has(w)).length }))
        .filter((hit) => hit.score > 0)
        .sort((a, b) => b.score - a.score)
        .slice(options.drop ? 1 : 0)
        .slice(0, topK);
      return { stages: { lexical: hits } };
    },
  };
}
`;

/** A folder with a log every line of which is rejected, a report input with a skipped line, and an eval project. */
async function project(): Promise<string> {
  const dir = temporaryFolder('gk-stdout-');
  writeFileSync(join(dir, 'bad.jsonl'), BAD);
  const verified = await runGk(['verify', 'bad.jsonl'], { cwd: dir });
  writeFileSync(join(dir, 'verified.jsonl'), `${verified.stdout.split('\n')[0]}\nnot json\n`);
  writeFileSync(join(dir, 'bad.summary.json'), JSON.stringify(await summaryOf(dir)));
  writeFileSync(join(dir, 'pipeline.mjs'), EVAL_PIPELINE);
  writeFileSync(join(dir, 'echo.mjs'), readFileSync(join(pipelines, 'echo-cites-everything.js')));
  writeFileSync(
    join(dir, 'questions.jsonl'),
    `${JSON.stringify({ id: 'boil', question: 'When does water boil?', gold: ['water#0'] })}\n`,
  );
  for (const [name, drop] of [
    ['eval.config.json', false],
    ['worse.config.json', true],
  ] as const)
    writeFileSync(
      join(dir, name),
      JSON.stringify({
        pipeline: './pipeline.mjs',
        questions: './questions.jsonl',
        topK: 2,
        options: { drop },
      }),
    );
  expect((await runGk(['eval', 'eval.config.json', '--out', 'baseline.json'], { cwd: dir })).code).toBe(0);
  return dir;
}

async function summaryOf(dir: string): Promise<unknown> {
  await runGk(['verify', 'bad.jsonl', '--summary', 'summary.json', '-o', 'out.jsonl'], { cwd: dir });
  return JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
}

/** Each command that writes standard output, in a run that earns a status other than 0, and that status. */
const EARNING: ReadonlyArray<{ name: string; args: string[]; code: number; stderr: RegExp }> = [
  {
    name: 'verify',
    args: ['verify', 'bad.jsonl', '--fail-on', 'any'],
    code: 1,
    stderr: /exit 1: --fail-on any/,
  },
  {
    name: 'verify --merge',
    args: ['verify', '--merge', 'bad.summary.json', '--fail-on', 'any'],
    code: 1,
    stderr: /exit 1: --fail-on any/,
  },
  {
    name: 'report',
    args: ['report', 'verified.jsonl', '--html', 'report.html'],
    code: 2,
    stderr: /exit 2: 1 lines could not be read/,
  },
  {
    name: 'echo',
    args: ['echo', join(pipelines, 'echo-cites-everything.js'), '--cases', '2', '--out', 'echo.json'],
    code: 1,
    stderr: /report written to/,
  },
  {
    name: 'eval',
    args: [
      'eval',
      'worse.config.json',
      '--baseline',
      'baseline.json',
      '--max-drop',
      '0',
      '--out',
      'now.json',
    ],
    code: 1,
    stderr: /exit 1: .*dropped by more than --max-drop/,
  },
];

/** Runs gk with standard output piped to a reader that closes after `keep` bytes (0: before anything is written). */
function gkClosedEarly(
  args: string[],
  cwd: string,
  keep: number,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let read = 0;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.stdout.on('error', () => undefined);
    if (keep === 0) child.stdout.destroy();
    else
      child.stdout.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= keep) child.stdout.destroy();
      });
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

/** Runs gk with standard output (and standard input, when given) on the file descriptors given. */
function gkOnFds(
  args: string[],
  cwd: string,
  stdout: number,
  stdin: number | 'ignore' = 'ignore',
): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [bin, ...args], {
    cwd,
    stdio: [stdin, stdout, 'pipe'],
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('gk and a closed standard output', () => {
  it('runs on with standard output discarded and exits with the status the run earned (a gate still fails)', {
    timeout: 300_000,
  }, async () => {
    const dir = await project();
    const runs = [];
    for (const command of EARNING)
      for (const keep of [0, 1]) {
        const run = await gkClosedEarly(command.args, dir, keep);
        runs.push({
          command: command.name,
          keep,
          code: run.code,
          summary: command.stderr.test(run.stderr),
          stack: /\n\s+at /.test(run.stderr),
        });
      }
    expect(runs).toEqual(
      EARNING.flatMap((command) =>
        [0, 1].map((keep) => ({
          command: command.name,
          keep,
          code: command.code,
          summary: true,
          stack: false,
        })),
      ),
    );
  });
});

describe.skipIf(!existsSync('/dev/full'))('gk and a standard output that cannot be written', () => {
  it('exits 2 unwritable, naming standard output, with no stack, on every command', {
    timeout: 300_000,
  }, async () => {
    const dir = await project();
    const runs = [];
    for (const command of EARNING) {
      const full = openSync('/dev/full', 'w');
      const run = gkOnFds(command.args, dir, full);
      closeSync(full);
      runs.push({
        command: command.name,
        code: run.status,
        message: /gk: unwritable: standard output: cannot be written \(ENOSPC\)/.test(run.stderr),
        stack: /\n\s+at /.test(run.stderr),
      });
    }
    expect(runs).toEqual(
      EARNING.map(({ name }) => ({ command: name, code: 2, message: true, stack: false })),
    );
  });

  it("exits 2 unwritable when the failing write is the writer's of a run in worker threads", {
    timeout: 120_000,
  }, async () => {
    const dir = await project();
    const runs = [];
    for (const [args, message] of [
      [['verify', 'bad.jsonl', '--workers', '2'], 'standard output: cannot be written (ENOSPC)'],
      [
        ['verify', 'bad.jsonl', '--workers', '2', '-o', '/dev/full'],
        '-o /dev/full: cannot be written (ENOSPC)',
      ],
    ] as const) {
      const full = openSync('/dev/full', 'w');
      const run = gkOnFds([...args], dir, full);
      closeSync(full);
      runs.push({
        args,
        code: run.status,
        message: run.stderr.includes(`gk: unwritable: ${message}`),
        stack: /\n\s+at /.test(run.stderr),
      });
    }
    expect(runs).toEqual(runs.map(({ args }) => ({ args, code: 2, message: true, stack: false })));
  });
});

describe('gk and a standard output that is one of its inputs', () => {
  it('refuses, before reading, a standard output appended to the log or to the file on standard input', {
    timeout: 120_000,
  }, () => {
    const dir = temporaryFolder('gk-stdout-loop-');
    const log = join(dir, 'loop.jsonl');
    const text = line(1, 'Water boils [1].');
    writeFileSync(log, text);
    for (const [args, stdin] of [
      [['verify', 'loop.jsonl', '--with-input'], 'ignore'],
      [['verify', '-', '--with-input'], 'log'],
      [['verify', 'loop.jsonl'], 'ignore'],
    ] as const) {
      const out = openSync(log, 'a');
      const input = stdin === 'log' ? openSync(log, 'r') : 'ignore';
      const run = gkOnFds([...args], dir, out, input);
      closeSync(out);
      if (typeof input === 'number') closeSync(input);
      expect({ args, code: run.status, signal: run.signal }).toEqual({ args, code: 2, signal: null });
      expect(run.stderr).toMatch(/gk: usage: standard output: is the input/);
      expect(readFileSync(log, 'utf8')).toBe(text);
    }
    // Standard output is another file: runs as before.
    const other = openSync(join(dir, 'other.jsonl'), 'a');
    expect(gkOnFds(['verify', 'loop.jsonl', '--with-input'], dir, other).status).toBe(0);
    closeSync(other);
    expect(statSync(join(dir, 'other.jsonl')).size).toBeGreaterThan(0);
  });

  it('refuses it for verify --merge, report, echo and eval too', { timeout: 300_000 }, async () => {
    const dir = await project();
    const before = (name: string): string => readFileSync(join(dir, name), 'utf8');
    for (const [args, input] of [
      [['verify', '--merge', 'bad.summary.json'], 'bad.summary.json'],
      [['report', 'verified.jsonl', '--html', 'report.html', '--allow-invalid'], 'verified.jsonl'],
      [['echo', 'echo.mjs', '--cases', '1', '--out', 'echo.json'], 'echo.mjs'],
      [['eval', 'eval.config.json', '--baseline', 'baseline.json', '--out', 'now.json'], 'baseline.json'],
      [['eval', 'eval.config.json', '--out', 'now.json'], 'questions.jsonl'],
    ] as const) {
      const text = before(input);
      const out = openSync(join(dir, input), 'a');
      const run = gkOnFds([...args], dir, out);
      closeSync(out);
      expect({ args, code: run.status }).toEqual({ args, code: 2 });
      expect(run.stderr).toMatch(/gk: usage: standard output: is /);
      expect(before(input)).toBe(text);
    }
  });
});
