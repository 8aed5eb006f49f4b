import { describe, expect, it } from 'vitest';
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
  it('verifies a span that still holds the cited text, with sync or async reads', async () => {
    expect(await resolveCitation(citation, () => document)).toEqual({ status: 'verified' });
    expect(await resolveCitation(citation, async (id) => (id === 'd1' ? document : ''))).toEqual({
      status: 'verified',
    });
  });

  it('reports drift with what the document holds now', async () => {
    expect(await resolveCitation(citation, () => 'The slow brown fox jumps.')).toEqual({
      status: 'drifted',
      actual: 'slow brown ',
    });
    expect(await resolveCitation(citation, () => 'The quick')).toEqual({
      status: 'drifted',
      actual: 'quick',
    });
    expect(await resolveCitation(citation, () => '')).toEqual({ status: 'drifted', actual: '' });
  });

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

  it('compares astral characters and lone surrogates exactly', async () => {
    const doc = 'a😀b\ud800';
    expect(await resolveCitation({ ...citation, start: 1, end: 5, text: '😀b\ud800' }, () => doc)).toEqual({
      status: 'verified',
    });
  });
});
