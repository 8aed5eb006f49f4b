import { describe, expect, it } from 'vitest';
import { InputError } from '../input-error.js';
import { mergeVerifySummaries } from './merge-verify-summaries.js';
import { countVerification, createVerifySummary } from './verify-summary.js';

const base = {
  kind: 'gk-verify-summary',
  version: 1,
  input: 'answers.jsonl',
  shards: null,
  lines: 2,
  answers: 2,
  answered: 2,
  abstained: 0,
  rejectedAnswers: 0,
  claimsWritten: 5,
  claimsAccepted: 3,
  claimsRejected: 2,
  rejectedByCode: { no_marker: 2 },
  duplicatesMerged: 0,
  claimAcceptance: 0.6,
  invalidLines: 0,
  invalidByCode: {},
  firstIssues: [],
  elapsedMs: 1,
  cpuMs: 1,
  maxRssBytes: 1,
};
// A summary file as JSON.parse reads it, so "__proto__" is an own key as it is in a file.
const file = (
  rejectedByCode: string,
  extra = '',
  input = 'answers.jsonl',
): { name: string; data: unknown } => ({
  name: 's.json',
  data: JSON.parse(
    `${JSON.stringify({ ...base, input })
      .slice(0, -1)
      .replace(/"rejectedByCode":\{[^}]*\}/, `"rejectedByCode":${rejectedByCode}`)}${extra}}`,
  ),
});

function failure(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    if (InputError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('mergeVerifySummaries', () => {
  it('refuses shards of different logs, which add up to a whole that no log is', () => {
    const shard = (index: number, input: string | null) => ({
      name: `s${index}.json`,
      data: { ...base, input, shards: { count: 2, indexes: [index] } },
    });
    for (const [first, second] of [
      ['a.jsonl', 'b.jsonl'],
      ['a.jsonl', '-'],
      ['a.jsonl', null],
    ] as const) {
      const error = failure(() => mergeVerifySummaries([shard(1, first), shard(2, second)]));
      expect(error.code).toBe('incomplete_shards');
      expect(error.message).toContain('shards of different logs');
    }
    expect(mergeVerifySummaries([shard(1, 'a.jsonl'), shard(2, 'a.jsonl')]).input).toBe('a.jsonl');
  });

  it('keeps the first skipped lines of the whole log when it merges shards, as one run would', () => {
    const issue = (line: number) => ({ line, code: 'not_json', message: `line ${line}` });
    const shard = (index: number, lines: number[]) => ({
      name: `s${index}.json`,
      data: {
        ...base,
        shards: { count: 2, indexes: [index] },
        lines: base.lines + lines.length,
        invalidLines: lines.length,
        invalidByCode: { not_json: lines.length },
        firstIssues: lines.slice(0, 20).map(issue),
      },
    });
    // Lines 1..60 all skipped: shard 1 holds the odd ones, shard 2 the even ones.
    const odd = Array.from({ length: 30 }, (_, i) => 2 * i + 1);
    const even = Array.from({ length: 30 }, (_, i) => 2 * i + 2);
    const expected = Array.from({ length: 20 }, (_, i) => i + 1);
    for (const order of [
      [shard(1, odd), shard(2, even)],
      [shard(2, even), shard(1, odd)],
    ]) {
      const merged = mergeVerifySummaries(order);
      expect(merged.firstIssues.map((entry) => entry.line)).toEqual(expected);
      expect(merged.invalidLines).toBe(60);
    }
    // Unsharded summaries are separate logs: their line numbers are not comparable, so files keep their order.
    const logs = mergeVerifySummaries([
      {
        name: 'a.json',
        data: {
          ...base,
          input: 'a',
          lines: 3,
          invalidLines: 1,
          invalidByCode: { not_json: 1 },
          firstIssues: [issue(9)],
        },
      },
      {
        name: 'b.json',
        data: {
          ...base,
          input: 'b',
          lines: 3,
          invalidLines: 1,
          invalidByCode: { not_json: 1 },
          firstIssues: [issue(2)],
        },
      },
    ]);
    expect(logs.firstIssues.map((entry) => entry.line)).toEqual([9, 2]);
  });

  it('adds up known codes into an object without a prototype', () => {
    const merged = mergeVerifySummaries([
      file('{"no_marker":1,"source_list_mismatch":1}'),
      file('{"no_marker":2}', '', 'other.jsonl'),
    ]);
    expect(Object.getPrototypeOf(merged.rejectedByCode)).toBe(null);
    expect({ ...merged.rejectedByCode }).toEqual({ no_marker: 3, source_list_mismatch: 1 });
    expect(merged.claimsRejected).toBe(4);
  });

  it('refuses one run given twice: the same summary, or two whole runs of one log', () => {
    const one = file('{"no_marker":2}');
    expect(failure(() => mergeVerifySummaries([one, { ...one, name: 'copy.json' }]))).toMatchObject({
      code: 'invalid_summary',
      message: '--merge: copy.json and s.json hold the same summary; each run is merged once',
    });
    const rerun = file('{"no_marker":2}', ',"elapsedMs":7');
    expect(failure(() => mergeVerifySummaries([one, rerun]))).toMatchObject({
      code: 'invalid_summary',
      message: '--merge: s.json and s.json are both a whole run of answers.jsonl; each run is merged once',
    });
    // Standard input names no log, and shards of one log are told apart by their indexes.
    expect(mergeVerifySummaries([file('{"no_marker":2}', '', '-'), rerun]).answers).toBe(4);
    const stdinRerun = file('{"no_marker":2}', ',"elapsedMs":7', '-');
    expect(mergeVerifySummaries([file('{"no_marker":2}', '', '-'), stdinRerun]).answers).toBe(4);
  });

  it('knows one log by the spellings of its path that mean the same file from any folder (r16 finding 2)', () => {
    // `big.jsonl`, `./big.jsonl` and `a/../big.jsonl` name one file wherever the run was: merged, one log counted thrice.
    const run = (input: string, elapsedMs: number) =>
      file('{"no_marker":2}', `,"elapsedMs":${elapsedMs}`, input);
    for (const [index, spelling] of [
      './big.jsonl',
      'logs/../big.jsonl',
      './/big.jsonl',
      'big.jsonl',
    ].entries()) {
      expect(
        failure(() => mergeVerifySummaries([run('big.jsonl', 100), run(spelling, index)])),
      ).toMatchObject({
        code: 'invalid_summary',
        message: expect.stringMatching(/are both a whole run of .*big\.jsonl/),
      });
    }
    expect(
      failure(() => mergeVerifySummaries([run('/data/x/../big.jsonl', 1), run('/data/big.jsonl', 2)])),
    ).toMatchObject({
      code: 'invalid_summary',
    });
    // Shards of one log, each given its path another way, are one log's shards.
    const shard = (index: number, input: string) => ({
      name: `s${index}.json`,
      data: { ...base, input, shards: { count: 2, indexes: [index] } },
    });
    expect(mergeVerifySummaries([shard(1, 'big.jsonl'), shard(2, './big.jsonl')]).input).toBe('big.jsonl');
    // `logs/../big.jsonl` is another file where `logs` is a link to another folder: shards so named are not one log's.
    expect(
      failure(() => mergeVerifySummaries([shard(1, 'big.jsonl'), shard(2, 'logs/../big.jsonl')])),
    ).toMatchObject({
      code: 'incomplete_shards',
    });
    // A relative and an absolute path may or may not be one file (the writer's folder is not recorded): they add up.
    expect(mergeVerifySummaries([run('big.jsonl', 1), run('/work/big.jsonl', 2)]).answers).toBe(4);
    expect(mergeVerifySummaries([run('-', 1), run('./-', 2)]).answers).toBe(4);
  });

  it('refuses a run that a merged summary already holds, at any depth, and records the runs it is made of', () => {
    // r15 finding 3: a merge of a.jsonl's and b.jsonl's summaries, merged again with a.jsonl's, counted it twice.
    const run = (name: string, input: string, lines: number, extra = {}) => ({
      name,
      data: {
        ...base,
        input,
        lines,
        answers: lines,
        answered: lines,
        claimsWritten: 0,
        claimsAccepted: 0,
        claimsRejected: 0,
        rejectedByCode: {},
        claimAcceptance: null,
        ...extra,
      },
    });
    // As --merge writes it and reads it back.
    const written = (name: string, files: Array<{ name: string; data: unknown }>) => ({
      name,
      data: JSON.parse(JSON.stringify(mergeVerifySummaries(files))) as unknown,
    });
    const sa = run('sa.json', 'a.jsonl', 3);
    const sb = run('sb.json', 'b.jsonl', 2);
    const sc = run('sc.json', '-', 1);
    const sab = written('sab.json', [sa, sb]);
    expect(sab.data).toMatchObject({
      input: null,
      lines: 5,
      runs: [{ input: 'a.jsonl' }, { input: 'b.jsonl' }],
    });
    expect(failure(() => mergeVerifySummaries([sab, sa]))).toMatchObject({
      code: 'invalid_summary',
      message: '--merge: sa.json and sab.json hold the same run (of a.jsonl); each run is merged once',
    });
    // Another run of a.jsonl (its times differ), a merge of a merge, and a merge given twice.
    const rerun = run('sa2.json', 'a.jsonl', 3, { elapsedMs: 9 });
    expect(failure(() => mergeVerifySummaries([sab, rerun])).message).toContain(
      'are both a whole run of a.jsonl',
    );
    const sabc = written('sabc.json', [sab, sc]);
    expect((sabc.data as { runs: unknown[] }).runs).toHaveLength(3);
    for (const files of [
      [sabc, sc],
      [sabc, sb],
      [sabc, sab],
      [sabc, { ...sabc, name: 'copy.json' }],
    ]) {
      expect(failure(() => mergeVerifySummaries(files)).code).toBe('invalid_summary');
    }
    expect(mergeVerifySummaries([sabc, run('sd.json', 'd.jsonl', 4)]).lines).toBe(10);
    // Two runs of standard input are told apart by their content, inside a merge too.
    expect(mergeVerifySummaries([sabc, run('sc2.json', '-', 1, { elapsedMs: 9 })]).lines).toBe(7);
  });

  it('refuses a merged summary that records no runs, which an older gk wrote, naming what to merge instead', () => {
    const old = { name: 'old.json', data: { ...base, input: null } };
    expect(failure(() => mergeVerifySummaries([old, file('{"no_marker":2}', '', 'c.jsonl')]))).toMatchObject({
      code: 'invalid_summary',
      file: 'old.json',
      message: expect.stringContaining('merge the summaries it was made of instead'),
    });
  });

  it.each(['{"constructor":1,"no_marker":1}', '{"__proto__":1,"no_marker":1}', '{"toString":2}'])(
    'refuses a code that is no rejection code: %s',
    (codes) => {
      expect(failure(() => mergeVerifySummaries([file(codes)]))).toMatchObject({
        code: 'invalid_summary',
        field: expect.stringMatching(/^rejectedByCode/),
      });
    },
  );

  it('refuses counts by code that do not add up to claimsRejected', () => {
    expect(failure(() => mergeVerifySummaries([file('{"no_marker":1}')]))).toMatchObject({
      code: 'invalid_summary',
      message: expect.stringContaining('do not add up to claimsRejected'),
    });
  });

  it('refuses answer and line counts that do not add up', () => {
    for (const [fields, message] of [
      [{ answers: 1000 }, 'answers is not answered + abstained + rejectedAnswers'],
      [{ answers: 1000, answered: 0, lines: 3 }, 'answers is not answered + abstained + rejectedAnswers'],
      [{ lines: 3 }, 'lines is not answers + invalidLines'],
    ] as const) {
      const data = { ...base, ...fields };
      expect(failure(() => mergeVerifySummaries([{ name: 's.json', data }]))).toMatchObject({
        code: 'invalid_summary',
        message: expect.stringContaining(message),
      });
    }
  });

  it('escapes terminal controls that a file puts in a key or a path', () => {
    const error = failure(() => mergeVerifySummaries([file('{"\\u001b]0;PWNED\\u0007\\u001b[2J":2}')]));
    expect(error.message).not.toMatch(/[\u0000-\u001f]/);
    expect(error.message).toContain('\\u001b]0;PWNED');
    const extra = failure(() => mergeVerifySummaries([file('{"no_marker":2}', ',"\\u001b[2J":1')]));
    expect(extra.code).toBe('invalid_summary');
    expect(extra.message).not.toMatch(/[\u0000-\u001f]/);
  });

  it.each([null, undefined, 'x', [null], [{ data: {} }]])(
    'refuses %j as its argument with a usage error',
    (value) => {
      expect(failure(() => mergeVerifySummaries(value as never))).toMatchObject({ code: 'usage' });
    },
  );
});

describe('countVerification', () => {
  it('counts known rejection codes only, in an object without a prototype', () => {
    const summary = createVerifySummary(null, null);
    const rejected = (code: string) => ({
      code,
      text: 'x',
      span: { start: 0, end: 1 },
      markers: [],
      message: '',
    });
    countVerification(summary, {
      status: 'rejected',
      claims: [],
      rejected: [rejected('constructor'), rejected('__proto__'), rejected('no_marker')],
      citations: [],
      duplicatesMerged: 0,
    } as never);
    expect(Object.getPrototypeOf(summary.rejectedByCode)).toBe(null);
    expect({ ...summary.rejectedByCode }).toEqual({ no_marker: 1 });
  });
});
