import { describe, expect, it } from 'vitest';
import { invalidArgument } from '../__fixtures__/invalid-argument.js';
import { resolveCitation } from './resolve-citation.js';
import type { Citation } from '../types.js';

const document = 'The quick brown fox jumps.';
const citation: Citation = {
  source: 1,
  documentId: 'd1',
  chunkId: 'c1',
  start: 4,
  end: 15,
  text: 'quick brown',
};

describe('resolveCitation', () => {
  it('is unresolvable when the read fails, returns a non-string or the offsets are invalid; never throws', async () => {
    expect(
      await resolveCitation(citation, () => {
        throw new Error('gone');
      }),
    ).toEqual({ status: 'unresolvable', reason: 'read_failed' });
    expect(await resolveCitation(citation, () => Promise.reject(new Error('gone')))).toEqual({
      status: 'unresolvable',
      reason: 'read_failed',
    });
    expect(await resolveCitation(citation, () => null as unknown as string)).toEqual({
      status: 'unresolvable',
      reason: 'not_a_string',
    });
    expect(await resolveCitation({ ...citation, start: 9, end: 2 }, () => document)).toEqual({
      status: 'unresolvable',
      reason: 'invalid_offsets',
    });
    expect(await resolveCitation({ ...citation, end: 2 ** 60 }, () => document)).toEqual({
      status: 'unresolvable',
      reason: 'invalid_offsets',
    });
    expect(await resolveCitation(null as unknown as Citation, () => document)).toEqual({
      status: 'unresolvable',
      reason: 'invalid_offsets',
    });
  });

  it('is unresolvable (invalid_offsets) when the offsets split a surrogate pair of the document', async () => {
    const invalid = { status: 'unresolvable', reason: 'invalid_offsets' };
    const read = () => 'a😀b';
    expect(await resolveCitation({ ...citation, start: 1, end: 2, text: '\ud83d' }, read)).toEqual(invalid);
    expect(await resolveCitation({ ...citation, start: 2, end: 4, text: '\ude00b' }, read)).toEqual(invalid);
    expect(await resolveCitation({ ...citation, start: 2, end: 2, text: '' }, read)).toEqual(invalid);
    expect(await resolveCitation({ ...citation, start: 1, end: 3, text: '😀' }, read)).toEqual({
      status: 'verified',
    });
  });

  it('compares astral characters and lone surrogates exactly', async () => {
    const doc = 'a😀b\ud800';
    expect(await resolveCitation({ ...citation, start: 1, end: 5, text: '😀b\ud800' }, () => doc)).toEqual({
      status: 'verified',
    });
  });
});

const DOCUMENT = 'abcdef';
const cite = (start: number, end: number, text: string, documentId = 'doc'): Citation => ({
  source: 1,
  documentId,
  chunkId: 'chunk',
  start,
  end,
  text,
});
const read = (): string => DOCUMENT;
const INVALID = { status: 'unresolvable', reason: 'invalid_offsets' };

describe('resolveCitation outcomes', () => {
  it('verifies spans at the start, in the middle, at the end and of the whole document', async () => {
    expect(await resolveCitation(cite(0, 2, 'ab'), read)).toEqual({ status: 'verified' });
    expect(await resolveCitation(cite(2, 4, 'cd'), read)).toEqual({ status: 'verified' });
    expect(await resolveCitation(cite(4, 6, 'ef'), read)).toEqual({ status: 'verified' });
    expect(await resolveCitation(cite(0, 6, 'abcdef'), read)).toEqual({ status: 'verified' });
  });

  it('verifies an empty span anywhere inside the document, including at its end', async () => {
    expect(await resolveCitation(cite(0, 0, ''), read)).toEqual({ status: 'verified' });
    expect(await resolveCitation(cite(3, 3, ''), read)).toEqual({ status: 'verified' });
    expect(await resolveCitation(cite(6, 6, ''), read)).toEqual({ status: 'verified' });
    expect(await resolveCitation(cite(0, 0, ''), () => '')).toEqual({ status: 'verified' });
  });

  it('reports drift with the text now at the offsets', async () => {
    expect(await resolveCitation(cite(0, 2, 'ab'), () => 'xbcdef')).toEqual({
      status: 'drifted',
      actual: 'xb',
    });
    expect(await resolveCitation(cite(2, 4, 'CD'), read)).toEqual({ status: 'drifted', actual: 'cd' });
    expect(await resolveCitation(cite(3, 3, 'x'), read)).toEqual({ status: 'drifted', actual: '' });
  });

  it('reports drift past the end of the document even when the clamped text happens to match', async () => {
    expect(await resolveCitation(cite(4, 7, 'ef'), read)).toEqual({ status: 'drifted', actual: 'ef' });
    expect(await resolveCitation(cite(4, 7, 'efg'), read)).toEqual({ status: 'drifted', actual: 'ef' });
    expect(await resolveCitation(cite(7, 7, ''), read)).toEqual({ status: 'drifted', actual: '' });
    expect(await resolveCitation(cite(9, 12, ''), read)).toEqual({ status: 'drifted', actual: '' });
  });

  it('reads the document named by the citation', async () => {
    const asked: string[] = [];
    const byId = (id: string): string => {
      asked.push(id);
      return id === 'wanted' ? 'xxabxx' : DOCUMENT;
    };
    expect(await resolveCitation(cite(2, 4, 'ab', 'wanted'), byId)).toEqual({ status: 'verified' });
    expect(asked).toEqual(['wanted']);
  });

  it('refuses offsets that are not safe integers, negative, or reversed, without reading', async () => {
    let reads = 0;
    const counting = (): string => {
      reads++;
      return DOCUMENT;
    };
    const cases: Array<[unknown, unknown]> = [
      [-1, 2],
      [1, -1],
      [-2, -1],
      [3, 2],
      [1.5, 3],
      [1, 2.5],
      [Number.NaN, 1],
      [0, Number.NaN],
      [0, Number.POSITIVE_INFINITY],
      [2 ** 53, 2 ** 53],
      [0, 2 ** 53],
      ['1', 2],
      [1, '2'],
      [undefined, 2],
      [0, undefined],
      [null, null],
    ];
    for (const [start, end] of cases) {
      const citation = { ...cite(0, 2, 'ab'), start, end } as unknown as Citation;
      expect(await resolveCitation(citation, counting), `${String(start)}..${String(end)}`).toEqual(INVALID);
    }
    expect(await resolveCitation(undefined as unknown as Citation, counting)).toEqual(INVALID);
    expect(await resolveCitation({} as Citation, counting)).toEqual(INVALID);
    expect(reads).toBe(0);
    expect(
      await resolveCitation(cite(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, ''), counting),
    ).toEqual({
      status: 'drifted',
      actual: '',
    });
    expect(reads).toBe(1);
  });

  it('is unresolvable with read_failed when a synchronous read throws or an asynchronous one rejects', async () => {
    const failed = { status: 'unresolvable', reason: 'read_failed' };
    expect(
      await resolveCitation(cite(0, 2, 'ab'), () => {
        throw new Error('gone');
      }),
    ).toEqual(failed);
    expect(
      await resolveCitation(cite(0, 2, 'ab'), () => {
        throw 'a string, not an Error';
      }),
    ).toEqual(failed);
    expect(await resolveCitation(cite(0, 2, 'ab'), async () => Promise.reject(new Error('gone')))).toEqual(
      failed,
    );
    expect(
      await resolveCitation(cite(0, 2, 'ab'), async () => {
        throw undefined;
      }),
    ).toEqual(failed);
    // A read that is not a function is the caller's error, not the document's: see the InvalidArgumentError test.
  });

  it('is unresolvable with not_a_string when a read returns or resolves to anything but a string', async () => {
    const notString = { status: 'unresolvable', reason: 'not_a_string' };
    for (const value of [undefined, null, 6, ['abcdef'], { slice: () => 'ab' }, new String('abcdef')]) {
      expect(await resolveCitation(cite(0, 2, 'ab'), () => value as string), String(value)).toEqual(
        notString,
      );
      expect(await resolveCitation(cite(0, 2, 'ab'), async () => value as string), String(value)).toEqual(
        notString,
      );
    }
  });

  it('verifies and reports drift the same way for asynchronous reads', async () => {
    expect(await resolveCitation(cite(2, 4, 'cd'), async () => DOCUMENT)).toEqual({ status: 'verified' });
    expect(await resolveCitation(cite(2, 4, 'cd'), () => Promise.resolve('abXYef'))).toEqual({
      status: 'drifted',
      actual: 'XY',
    });
  });

  it('reports drift for a span that now starts or ends inside a character shown as one (rt12 #5)', async () => {
    const cut = (text: string, start: number, end: number, doc: string) =>
      resolveCitation({ ...citation, start, end, text }, () => doc);
    expect(await cut('cafe', 0, 4, 'cafe\u0301 is open')).toEqual({ status: 'drifted', actual: 'cafe' });
    expect(await cut('\u0301 is', 4, 8, 'cafe\u0301 is open')).toEqual({
      status: 'drifted',
      actual: '\u0301 is',
    });
    expect(await cut('ok 👍', 0, 5, 'ok 👍🏽')).toEqual({ status: 'drifted', actual: 'ok 👍' });
    expect(await cut('🇫🇷', 0, 4, '🇫🇷🇩🇪')).toEqual({ status: 'verified' });
    expect(await cut('🇷🇩', 2, 6, '🇫🇷🇩🇪')).toEqual({ status: 'drifted', actual: '🇷🇩' });
    expect(await cut('cafe\u0301', 0, 5, 'cafe\u0301 is open')).toEqual({ status: 'verified' });
  });

  it('rejects a read that is not a function with an InvalidArgumentError, not read_failed (rt12 #5)', async () => {
    for (const read of [42, null, 'doc', {}]) {
      await expect(resolveCitation(citation, read as never)).rejects.toThrow(invalidArgument('read'));
      await expect(resolveCitation({ ...citation, start: -1 }, read as never)).rejects.toThrow(
        invalidArgument('read'),
      );
    }
  });
});

// A thirty-sixth review: a citation whose fields throw when read (a getter, a proxy) made resolveCitation reject with
// the caller's own error, uncoded.
describe('resolveCitation on a citation whose fields cannot be read', () => {
  it.each([
    [
      'a throwing text getter',
      {
        ...citation,
        get text(): string {
          throw new Error('boom');
        },
      },
    ],
    [
      'a throwing start getter',
      {
        ...citation,
        get start(): number {
          throw new Error('boom');
        },
      },
    ],
    [
      'a proxy whose traps throw',
      new Proxy(
        {},
        {
          get() {
            throw new Error('boom');
          },
        },
      ),
    ],
  ])('rejects %s as invalid_argument', async (_, broken) => {
    await expect(resolveCitation(broken as Citation, async () => document)).rejects.toMatchObject({
      code: 'invalid_argument',
      parameter: 'citation',
    });
  });
});
