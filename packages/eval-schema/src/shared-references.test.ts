// An object reached twice (shared or cyclic) is no JSON value: walking every occurrence would cost its expanded size,
// quadratic or exponential in what the value holds, so the parsers and the hashes refuse it at its second occurrence.
import { describe, expect, it } from 'vitest';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { sampleLabelSetWithoutHash, samplePreregistration } from './__fixtures__/reports.js';
import { canonicalJson } from './canonical-json.js';
import { copyArgument, copyValue } from './copy-value.js';
import { hashLabelSet } from './label-set.js';
import { hashPreregistration } from './preregistration.js';
import { safeParseLabelSet } from './safe-parse.js';

const bad = <T>(value: unknown): T => value as T;

/** Milliseconds of CPU time this process has used: a bound on it holds on a loaded machine (tests/no-wall-clock). */
const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** `x = [x, x]` nested `depth` times: `depth` arrays whose expanded size is 2^depth. */
function dag(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let index = 0; index < depth; index += 1) value = [value, value];
  return value;
}

const TOO_SHARED =
  'a value whose copy, with each shared object at every place it appears, holds at most 8 times its own members plus 65,536 (a JSON value shares none)';

describe('a value holding one object at several places', () => {
  it('is copied by copyValue at each place (a tree, as JSON writes it); a cycle stays a cycle', () => {
    const shared = { a: [1] };
    const { copy, fault } = copyValue({ x: shared, y: [shared, shared] });
    expect(fault).toBeUndefined();
    expect(copy).toEqual({ x: { a: [1] }, y: [{ a: [1] }, { a: [1] }] });
    const { x, y } = copy as { x: unknown; y: unknown[] };
    expect(new Set([x, y[0], y[1]]).size).toBe(3);
    const cyclic: Record<string, unknown> = { list: [1] };
    cyclic.self = { back: cyclic };
    const cycle = copyValue({ c: cyclic, d: cyclic }).copy as { c: { self: { back: unknown } }; d: unknown };
    expect(cycle.c.self.back).toBe(cycle.c);
    expect(cycle.d).not.toBe(cycle.c);
  });

  it('is refused by copyValue once the copy would hold 8 times the value plus 65,536 members', () => {
    expect(copyValue({ p: dag(40) }).fault).toMatchObject({ expected: TOO_SHARED });
    expect(() => copyArgument({ p: dag(40) }, 'set')).toThrow(
      invalidArgument(expect.stringMatching(/^set\.p/)),
    );
    // 2^13 paths through 13 arrays: within the slack.
    expect(copyValue(dag(13)).fault).toBeUndefined();
  });

  it('is refused by canonicalJson, which is handed trees only, naming the second place', () => {
    const shared = { a: [1] };
    expect(() => canonicalJson({ x: shared, y: [shared, shared] })).toThrow(
      invalidArgument(
        'value.y[0]',
        'Invalid value.y[0]: expected a JSON value in which no object appears twice (a copy made by copyValue shares none), received an object.',
      ),
    );
    expect(() => canonicalJson(bad(dag(40)))).toThrow(invalidArgument(expect.stringMatching(/^value\[/)));
  });

  it('hashes as the same value written out, and a DAG of 2^40 paths is refused at once', async () => {
    const preregistration = samplePreregistration();
    const judge = { ...preregistration.judge };
    const shared = { ...preregistration, judge, note: bad<string>([judge, judge]) };
    const written = JSON.parse(JSON.stringify(shared)) as typeof shared;
    expect(await hashPreregistration(shared)).toBe(await hashPreregistration(written));
    const started = cpuNow();
    await expect(hashPreregistration({ ...preregistration, note: bad<string>(dag(40)) })).rejects.toThrow(
      invalidArgument(expect.stringMatching(/^preregistration\.note/)),
    );
    const set = sampleLabelSetWithoutHash();
    const items = [{ ...set.items[0]!, extra: dag(40) }];
    await expect(hashLabelSet(bad({ ...set, items }))).rejects.toThrow(
      invalidArgument(expect.stringMatching(/^set\.items\[0\]\.extra/)),
    );
    expect(cpuNow() - started).toBeLessThan(2000);
  });

  it('is refused by safeParse* as invalid_field, in time linear in what the value holds', () => {
    const passage = { documentId: 'd', chunkId: 'c', text: 'abc', start: 0, end: 3 };
    const item = { id: 'i', question: 'q', answer: 'a', passages: Array(2000).fill(passage), faithful: true };
    const set = {
      schemaVersion: 1,
      name: 'n',
      createdAt: '2026-01-01T00:00:00Z',
      rubric: 'r',
      items: Array(2000).fill(item),
      hash: 'c'.repeat(64),
    };
    const started = cpuNow();
    const result = safeParseLabelSet(set);
    expect(cpuNow() - started).toBeLessThan(2000);
    expect(result.success ? undefined : result.error.issues).toEqual([
      { code: 'invalid_field', path: expect.any(Array), message: `expected ${TOO_SHARED}` },
    ]);
  });

  it('is parsed as the value written out when sharing stays within the bound', () => {
    const set = { ...sampleLabelSetWithoutHash(), hash: 'c'.repeat(64) };
    const passage = set.items[0]!.passages[0]!;
    const items = Array.from({ length: 50 }, (_, index) => ({
      ...set.items[0]!,
      id: `i${index}`,
      passages: [passage],
    }));
    const result = safeParseLabelSet({ ...set, items });
    expect(result.success).toBe(true);
    expect(result.success ? result.data : undefined).toEqual(JSON.parse(JSON.stringify({ ...set, items })));
  });
});
