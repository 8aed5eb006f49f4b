// Scale: strings longer than 16,383 characters as keys, counted (no timing): V8 hashes such a string by its length
// alone, so n distinct ones of one length in a Map or Set cost n² comparisons. The count is of the look-ups
// that would: a plain Map or Set asked about such a string. StringMap and StringSet never ask one.
import { afterEach, describe, expect, it } from 'vitest';
import { verifyProviderCitations } from '../provider/verify-provider-citations.js';
import { createSubstringIndex } from '../text/substring-index.js';
import { verifyAnswer } from './verify-answer.js';

const HASHED = 16_383;
const patched: Array<() => void> = [];
let longKeys = 0;

/** Counts the calls of a plain Map's or Set's methods with a key V8 hashes by its length alone. */
function countLongKeys(): void {
  longKeys = 0;
  for (const [proto, names] of [
    [Map.prototype, ['get', 'set', 'has', 'delete']],
    [Set.prototype, ['add', 'has', 'delete']],
  ] as const) {
    for (const name of names) {
      const original = (proto as unknown as Record<string, (...args: unknown[]) => unknown>)[name]!;
      Object.defineProperty(proto, name, {
        configurable: true,
        writable: true,
        value(this: unknown, ...args: unknown[]) {
          if (typeof args[0] === 'string' && args[0].length > HASHED) longKeys++;
          return original.apply(this, args);
        },
      });
      patched.push(() =>
        Object.defineProperty(proto, name, { configurable: true, writable: true, value: original }),
      );
    }
  }
}

afterEach(() => {
  for (const restore of patched.splice(0)) restore();
});

const N = 6;
/** Distinct strings of one length past 16,383 characters. */
const long = (i: number, base = 'word ', length = 20_000): string =>
  `${base.repeat(length / base.length).slice(0, length - 7)} w${String(i).padStart(5, '0')}`;

describe('verifyAnswer with strings longer than 16,383 characters', () => {
  it('merges claims without a plain Map keyed by their text (13.9 s for 1,600 claims of 20,000 characters)', () => {
    const lines = Array.from({ length: N }, (_, i) => `${long(i)} [9].`);
    const passages = [{ documentId: 'd', chunkId: 'c', text: 'The sky is blue.', start: 0, end: 16 }];
    countLongKeys();
    const result = verifyAnswer([...lines, lines[2]!].join('\n'), passages);
    expect(longKeys).toBe(0);
    expect(result.rejected.map((claim) => claim.code)).toEqual(Array(N).fill('marker_out_of_range'));
    expect(result.duplicatesMerged).toBe(1);
  });

  it('reads long claims, words, identifiers, tags and passage names without one', () => {
    const word = (i: number) => `${'a'.repeat(HASHED + 10)}${String(i).padStart(6, '0')}`;
    const url = (i: number) => `https://example.org/${'p'.repeat(HASHED)}${String(i).padStart(6, '0')}`;
    const claims = Array.from({ length: N }, (_, i) => `${long(i)} ${word(i)} ${url(i)} end`);
    const text = claims.join(' ');
    const passages = Array.from({ length: 3 }, (_, i) => ({
      documentId: `d${i}`,
      chunkId: 'c',
      title: `${'T'.repeat(HASHED)}${i}`,
      text: i === 2 ? `${text} [1]` : text,
      start: 0,
      end: text.length + (i === 2 ? 4 : 0),
    }));
    const hidden = Array.from({ length: N }, (_, i) => `<x${'t'.repeat(HASHED)}${i}>`).join('');
    const answer = [
      ...claims.map((claim, i) => `${claim} [${(i % 3) + 1}].`),
      ...claims.map((claim) => `${claim} [1].`),
      `A note <span hidden>${hidden}</span> here [1].`,
      `Shown [1] and [2]\uff3b3\uff3d [1].`,
    ].join('\n');
    countLongKeys();
    const result = verifyAnswer(answer, passages, { support: {} });
    expect(longKeys).toBe(0);
    expect(result.claims.length).toBeGreaterThanOrEqual(N);
  });

  it('indexes long items by number', () => {
    const items = Array.from({ length: 40 }, (_, i) => long(i));
    countLongKeys();
    const find = createSubstringIndex(items);
    expect(find([items[7]!, items[8]!])).toBe(7);
    expect(find([items[7]!, items[9]!])).toBe(-1);
    expect(find([`${items[7]!}y`])).toBe(-1);
    expect(longKeys).toBe(0);
  });
});

describe('verifyProviderCitations with strings longer than 16,383 characters', () => {
  it('looks up ids, uris, cited texts, labels and claims without one', () => {
    const texts = Array.from({ length: N }, (_, i) => long(i));
    const documents = texts.map((text, i) => ({
      documentId: `${'i'.repeat(HASHED)}${i}`,
      chunkId: 'c',
      uri: `https://example.org/${'u'.repeat(HASHED)}${i}`,
      text,
      start: 0,
      end: text.length,
    }));
    const definitions = Array.from(
      { length: N },
      (_, i) => `[${'l'.repeat(HASHED)}${i}]: https://example.org/${i}`,
    );
    const answer = [...texts, ...texts, ...definitions].join('\n');
    const citations = [...texts, ...texts].map((text, i) => {
      const start = answer.indexOf(text, i < N ? 0 : answer.indexOf(text) + 1);
      return {
        document: i % 2 === 0 ? { ids: [documents[i % N]!.documentId] } : { ids: [documents[i % N]!.uri] },
        answer: { start, end: start + text.length },
        citedText: text,
      };
    });
    countLongKeys();
    const result = verifyProviderCitations(answer, citations, documents);
    expect(longKeys).toBe(0);
    expect(result.claims.length + result.rejected.length).toBeGreaterThan(0);
  });
});
