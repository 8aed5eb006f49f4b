import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import { sampleLabelSetWithoutHash } from './__fixtures__/reports.js';
import {
  checkLabelSetHash,
  hashLabelSet,
  type LabelSet,
  ReportParseError,
  safeParseLabelSet,
} from './index.js';

// Computed independently with Python: items sorted by id, json.dumps(sort_keys=True, separators=(",", ":"),
// ensure_ascii=False), prefixed with "gk-label-set-v1\n", SHA-256 of the UTF-8 bytes.
const PINNED = 'e4ea547d08acc1b3ace81607b54f05d8b6dc1422c18e283c18adf04312db3ad7';

async function sampleLabelSet(): Promise<LabelSet> {
  const unhashed = sampleLabelSetWithoutHash();
  return { ...unhashed, hash: await hashLabelSet(unhashed) };
}

describe('hashLabelSet', () => {
  it('matches the pinned vector and ignores a stored hash', async () => {
    const set = await sampleLabelSet();
    expect(set.hash).toBe(PINNED);
    expect(await hashLabelSet({ ...set, hash: '0'.repeat(64) })).toBe(PINNED);
  });
  it('does not depend on item order but changes with any label, rubric or passage edit', async () => {
    const set = sampleLabelSetWithoutHash();
    expect(await hashLabelSet({ ...set, items: [...set.items].reverse() })).toBe(PINNED);
    const flipped = structuredClone(set);
    (flipped.items[0] as LabelSet['items'][number]).faithful = false;
    expect(await hashLabelSet(flipped)).not.toBe(PINNED);
    expect(await hashLabelSet({ ...set, rubric: `${set.rubric} ` })).not.toBe(PINNED);
    const passage = structuredClone(set);
    const first = (passage.items[0] as LabelSet['items'][number]).passages[0] as { text: string };
    first.text = first.text.replace('sell', 'se\u200bll');
    expect(await hashLabelSet(passage)).not.toBe(PINNED);
  });
});

describe('checkLabelSetHash', () => {
  it('returns the set when the stored hash is the hash of its content', async () => {
    const set = await sampleLabelSet();
    expect(await checkLabelSetHash(set)).toEqual({ success: true, data: set });
  });

  it('returns a hash_mismatch ReportParseError at hash, naming both hashes, for a set edited after hashing', async () => {
    const edited = { ...(await sampleLabelSet()), name: 'licences-v2' };
    const check = await checkLabelSetHash(edited);
    expect(check.success).toBe(false);
    if (check.success) return;
    expect(ReportParseError.isInstance(check.error)).toBe(true);
    expect(check.error).toMatchObject({ code: 'hash_mismatch', path: ['hash'], artifact: 'LabelSet' });
    expect(check.error.message).toBe(
      `LabelSet.hash: stored hash ${PINNED} is not the hash of the content (${await hashLabelSet(edited)}): the set changed after it was hashed`,
    );
  });
});

// The finding (rt15 #5): checkLabelSetHash hashed the caller's set and returned that same object, so a getter could show
// the hash the genuine items and the caller forged ones; hashLabelSet read each item's id in the check, the sort and
// the encoding.
describe('checkLabelSetHash and hashLabelSet read the set once (rt15 #5)', () => {
  it('return as data the copy that was hashed, not what a getter answers afterwards', async () => {
    const genuine = sampleLabelSetWithoutHash();
    const hash = await hashLabelSet(genuine);
    const forged = structuredClone(genuine);
    (forged.items[1] as LabelSet['items'][number]).faithful = true;
    let reads = 0;
    const set = { ...genuine, hash } as LabelSet;
    Object.defineProperty(set, 'items', {
      enumerable: true,
      get: () => (++reads <= 2 ? genuine.items : forged.items),
    });
    const check = await checkLabelSetHash(set);
    expect(check).toEqual({ success: true, data: { ...genuine, hash } });
    expect(check.success && check.data.items[1]?.faithful).toBe(false);
    expect(reads).toBe(1);
  });

  it('hash each field as read once: an id read again is never sorted or encoded with another value', async () => {
    const set = sampleLabelSetWithoutHash();
    let reads = 0;
    const item = { ...set.items[0] } as Record<string, unknown>;
    Object.defineProperty(item, 'id', {
      enumerable: true,
      get: () => (++reads === 1 ? 'item-1' : 'item-9'),
    });
    expect(await hashLabelSet({ ...set, items: [item as never, set.items[1]!] })).toBe(PINNED);
    expect(reads).toBe(1);
  });
});

describe('LabelSet', () => {
  it('accepts a hashed set', async () => {
    const set = await sampleLabelSet();
    expect(safeParseLabelSet(set)).toEqual({ success: true, data: set });
  });
  it('refuses a passage whose offsets do not span its text (end - start must be text.length)', async () => {
    const set = await sampleLabelSet();
    const passage = (set.items[0] as LabelSet['items'][number]).passages[0] as { end: number };
    passage.end += 5;
    const result = safeParseLabelSet(set);
    expect(issuesOf(result)).toEqual(['rule items[0].passages[0].end']);
    expect(result.success ? '' : result.error.message).toBe(
      'LabelSet.items[0].passages[0].end: expected end - start to equal text.length (33), received 38',
    );
    passage.end = 2 ** 53;
    expect(issuesOf(safeParseLabelSet(set))).toEqual(['invalid_field items[0].passages[0].end']);
  });
  it('refuses repeated item ids, empty sets, bad passage offsets and a malformed hash', async () => {
    const set = await sampleLabelSet();
    (set.items[1] as LabelSet['items'][number]).id = 'item-1';
    expect(issuesOf(safeParseLabelSet(set))).toEqual(['rule items[1].id']);
    expect(issuesOf(safeParseLabelSet({ ...set, items: [] }))).toEqual(['invalid_field items']);
    const offsets = await sampleLabelSet();
    const passage = (offsets.items[0] as LabelSet['items'][number]).passages[0] as {
      start: number;
      end: number;
    };
    passage.start = passage.end;
    expect(issuesOf(safeParseLabelSet(offsets))).toEqual(['rule items[0].passages[0].end']);
    expect(issuesOf(safeParseLabelSet({ ...(await sampleLabelSet()), hash: 'ABC' }))).toEqual([
      'invalid_field hash',
    ]);
  });
});
