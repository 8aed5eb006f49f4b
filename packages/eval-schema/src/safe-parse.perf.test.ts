// Scale: a megabyte of unterminated brackets, bounded by CPU time; values nested thousands deep, bounded by growth
// (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../tests/adversarial/growth.js';
import { sampleEchoReport } from './__fixtures__/reports.js';
import { safeParseEchoReport, safeParseEvalReport } from './safe-parse.js';

const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

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
    const viaGetter = (length: number) => () => {
      let reads = 0;
      const report: Record<string, unknown> = { ...sample };
      const sparse = new Array(length);
      Object.defineProperty(report, 'cases', {
        enumerable: true,
        get: () => (++reads === 1 ? sample.cases : sparse),
      });
      return safeParseEchoReport(report).success;
    };
    expect(growth(viaGetter, 2 ** 15, 4)).toBeLessThan(4);
    expect(viaGetter(2 ** 21)()).toBe(true);
  });
});
