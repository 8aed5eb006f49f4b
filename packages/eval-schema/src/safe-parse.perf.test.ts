// Scale: a megabyte of unterminated brackets, bounded by CPU time; values nested thousands deep and ids longer than
// 16,383 characters, and text of many keys that long, bounded by growth (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../tests/adversarial/growth.js';
import { sampleCalibrationReport, sampleEchoReport, sampleEvalReport } from './__fixtures__/reports.js';
import { safeParseCalibrationReport, safeParseEchoReport, safeParseEvalReport } from './safe-parse.js';

const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** `count` distinct ids of one length above 16,383 UTF-16 units, which V8 hashes by their length alone. */
const longIds = (count: number): string[] => {
  const prefix = 'x'.repeat(16_400);
  return Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(6, '0')}`);
};

/** A valid evaluation report of one stage that finds each of `ids` (query, document and chunk id). */
function evalReportOf(ids: readonly string[]): object {
  const report = sampleEvalReport();
  delete report.synthesis;
  Object.assign(report, { documentCount: ids.length, chunkCount: ids.length, judgmentCount: ids.length });
  Object.assign(report.stages[0]!, {
    metrics: { queries: ids.length, recall: 1, precision: 0.2, hitRate: 1, mrr: 1, ndcg: 1 },
    categories: [],
    noAnswerQueries: 0,
    abstentions: 0,
    queries: ids.map((id) => ({
      queryId: id,
      gold: [{ documentId: id, start: 0, end: 1 }],
      hits: [{ rank: 1, documentId: id, chunkId: id, start: 0, end: 1, score: 1 }],
      latencyMs: 1,
    })),
  });
  return report;
}

/** A valid calibration report whose rows, human and judge agreeing, are `ids`. */
function calibrationReportOf(ids: readonly string[]): object {
  return {
    ...sampleCalibrationReport(),
    rows: ids.map((itemId) => ({ itemId, human: true, judge: true })),
    judgeErrors: 0,
    confusionMatrix: { truePositive: ids.length, falsePositive: 0, falseNegative: 0, trueNegative: 0 },
    agreementRate: 1,
    precision: { faithful: 1, unfaithful: null },
    recall: { faithful: 1, unfaithful: null },
    disagreements: [],
    outcome: { value: 1, met: true },
  };
}

/** `depth` arrays nested in one another, with `inner` in the innermost. */
function nestedArrays(depth: number, inner: unknown[]): unknown[] {
  let value = inner;
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
}

/** `depth` objects nested under `a`, with 1 in the innermost. */
function nestedObjects(depth: number): object {
  let value: object = { a: 1 };
  for (let level = 1; level < depth; level += 1) value = { a: value };
  return value;
}

/** The issues of parsing `input`, a report holding `x` (a key no report has). */
const parse = (input: unknown) => () => {
  const result = safeParseEvalReport(input);
  return result.success ? [] : result.error.issues;
};
const issue = (code: string, path: Array<string | number>) => expect.objectContaining({ code, path });

describe('safeParseEvalReport', () => {
  it('refuses 1 MB of unterminated brackets in linear time', () => {
    const started = cpuNow();
    const result = safeParseEvalReport('[[[['.repeat(262_144));
    expect(result.success ? '' : result.error.code).toBe('not_json');
    expect(cpuNow() - started).toBeLessThan(10_000);
  });

  // JSON.parse hashes keys past 16,383 units by their length alone (4,000 such keys of one length: 50 s). The text
  // is refused at its first such key, unparsed; the bound is the linear one, so a loaded runner does not flake it.
  it('refuses text of many keys longer than 16,383 characters at the first, whatever their number', () => {
    const prefix = 'k'.repeat(16_376);
    const sample = JSON.stringify(sampleEvalReport());
    const longKeys = (size: number) => {
      const keys = Array.from(
        { length: size },
        (_, index) => `"${prefix}${String(index).padStart(8, '0')}":1`,
      );
      const text = sample.replace('"schemaVersion":1', `"schemaVersion":1,"x":{${keys.join(',')}}`);
      return () => {
        const result = safeParseEvalReport(text);
        return result.success ? '' : result.error.code;
      };
    };
    expect(longKeys(2)()).toBe('key_too_long');
    expect(growth(longKeys, 50)).toBeLessThan(BOUND);
  }, 120_000);

  it('reads arrays and objects nested thousands deep, as text, in time linear in the depth', () => {
    const arrays = (depth: number) =>
      parse(`{"schemaVersion":1,"x":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    const objects = (depth: number) =>
      parse(`{"schemaVersion":1,"x":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`);
    expect(growth(arrays, 2_000)).toBeLessThan(BOUND);
    expect(growth(objects, 2_000)).toBeLessThan(BOUND);
    expect(arrays(10)()).toContainEqual(issue('unknown_key', ['x']));
    expect(objects(10)()).toContainEqual(issue('unknown_key', ['x']));
  });

  it('reads arrays and objects nested thousands deep, as a parsed value, in time linear in the depth', () => {
    const report = (x: unknown) => ({ schemaVersion: 1, x });
    // A hole at the bottom: the walk reaches every level and names the whole path.
    // biome-ignore lint/suspicious/noSparseArray: the hole is what the walk finds
    const arrays = (depth: number) => parse(report(nestedArrays(depth, [1, , 2])));
    const objects = (depth: number) => parse(report(nestedObjects(depth)));
    expect(growth(arrays, 2_000)).toBeLessThan(BOUND);
    expect(growth(objects, 2_000)).toBeLessThan(BOUND);
    expect(arrays(3)()).toEqual([issue('invalid_field', ['x', 0, 0, 1])]);
    expect(objects(3)()).toContainEqual(issue('unknown_key', ['x']));
  });

  // rt15 #4: a getter showed the hole check the real cases and zod a sparse array of any length (2^21: 9.7 s).
  it('parses what a getter answered on its one read, whatever length a later read would show', () => {
    const sample = sampleEchoReport();
    const viaGetter = (length: number) => {
      // Made once, outside the timed run: allocating it is no part of the parse.
      const sparse = new Array(length);
      return () => {
        let reads = 0;
        const report: Record<string, unknown> = { ...sample };
        Object.defineProperty(report, 'cases', {
          enumerable: true,
          get: () => (++reads === 1 ? sample.cases : sparse),
        });
        return safeParseEchoReport(report).success;
      };
    };
    expect(growth(viaGetter, 2 ** 15, 4)).toBeLessThan(4);
    expect(viaGetter(2 ** 21)()).toBe(true);
  });

  // r16: V8 hashes a string longer than 16,383 units by its length, so n such ids in a Map cost n² comparisons (an echo
  // report of 3,200 such case ids: 10.7 s).
  it('checks ids longer than 16,383 characters in time linear in their number', () => {
    // Parsed values (flat strings, as JSON.parse makes them): the text's own linear work would hide the growth.
    const parsed = (value: unknown): unknown => JSON.parse(JSON.stringify(value));
    const echo = (size: number) => {
      const cases = longIds(size).map((caseId) => ({ caseId, outcome: 'abstained', leaked: false }));
      const counts = { grounded: 0, wrongSource: 0, abstained: size, rejected: 0, leaked: 0, total: size };
      const report = parsed({ ...sampleEchoReport(), cases, counts });
      return () => safeParseEchoReport(report).success;
    };
    const evaluation = (size: number) => {
      const report = parsed(evalReportOf(longIds(size)));
      return () => safeParseEvalReport(report).success;
    };
    const calibration = (size: number) => {
      const report = parsed(calibrationReportOf(longIds(size)));
      return () => safeParseCalibrationReport(report).success;
    };
    for (const make of [echo, evaluation, calibration]) {
      expect(make(3)()).toBe(true);
      expect(growth(make, 100)).toBeLessThan(BOUND);
    }
    // The same duplicates are found, in the same order, with the same messages.
    const [first, second] = longIds(2) as [string, string];
    const cases = [first, second, first, `${second}\u200b`].map((caseId) => ({
      caseId,
      outcome: 'abstained',
      leaked: false,
    }));
    const counts = { grounded: 0, wrongSource: 0, abstained: 4, rejected: 0, leaked: 0, total: 4 };
    const result = safeParseEchoReport({ ...sampleEchoReport(), cases, counts });
    expect(result.success ? [] : result.error.issues.map(({ path, message }) => [path, message])).toEqual([
      [['cases', 2, 'caseId'], `duplicate id ${JSON.stringify(first).slice(0, 80)}`],
      [
        ['cases', 3, 'caseId'],
        `duplicate id ${JSON.stringify(`${second}\u200b`).slice(0, 80)}: reads as ${JSON.stringify(second).slice(0, 80)} (invisible and control characters, whitespace and the Unicode normal form aside)`,
      ],
    ]);
  }, 120_000);
});
