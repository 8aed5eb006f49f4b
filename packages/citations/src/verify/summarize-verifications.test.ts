import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { PASSAGES as CORPUS } from '../__fixtures__/corpus.js';
import { summarizeVerifications } from './summarize-verifications.js';
import type { Citation, Claim, Passage, RejectedClaim, Verification } from '../types.js';
import { verifyAnswer } from './verify-answer.js';

describe('summarizeVerifications', () => {
  it('pins claim acceptance and source correctness apart (1 good, 1 fabricated identifier, 1 bare sentence)', () => {
    const answer =
      'Exposed children show more anxiety [1]. The review 10.9999/fabricated.1 confirms it [4]. Everyone agrees on this.';
    const verification = verifyAnswer(answer, CORPUS);
    expect(verification.rejected.map((r) => r.code)).toEqual(['unknown_identifier', 'no_marker']);
    const summary = summarizeVerifications([verification], { passages: [CORPUS] });
    expect(summary).toEqual({
      claimsWritten: 3,
      claimsAccepted: 1,
      claimAcceptance: 1 / 3,
      sourceCorrectness: 1,
    });
    expect(summarizeVerifications([verification])).toEqual(summary);
  });

  it('returns null rates when nothing was written or cited', () => {
    expect(summarizeVerifications([])).toEqual({
      claimsWritten: 0,
      claimsAccepted: 0,
      claimAcceptance: null,
      sourceCorrectness: null,
    });
    const abstained = verifyAnswer('', CORPUS);
    expect(summarizeVerifications([abstained]).claimAcceptance).toBeNull();
  });

  it('counts claims after merging duplicates, across several verifications', () => {
    const a = verifyAnswer('Children suffer [1]. Children suffer [1].', CORPUS);
    const b = verifyAnswer('Victims later [2]. Bare.', CORPUS);
    expect(summarizeVerifications([a, b])).toEqual({
      claimsWritten: 3,
      claimsAccepted: 2,
      claimAcceptance: 2 / 3,
      sourceCorrectness: 1,
    });
  });

  it('catches a citation that does not match the supplied passages (forged after verification)', () => {
    const v = verifyAnswer('Children suffer [1].', CORPUS);
    const forged = {
      ...v,
      claims: [{ ...v.claims[0]!, citations: [{ ...v.citations[0]!, documentId: 'elsewhere' }] }],
    };
    expect(summarizeVerifications([forged], { passages: [CORPUS] }).sourceCorrectness).toBe(0);
    const inconsistent = {
      ...v,
      claims: [{ ...v.claims[0]!, citations: [{ ...v.citations[0]!, text: 'short' }] }],
    };
    expect(summarizeVerifications([inconsistent]).sourceCorrectness).toBe(0);
  });
});

const DOC = 'Alpha beta gamma. Delta epsilon.';
/** A passage holding `DOC.slice(start, end)`. */
const passage = (start: number, end: number, documentId = 'doc', chunkId = `c${start}`): Passage => ({
  documentId,
  chunkId,
  start,
  end,
  text: DOC.slice(start, end),
});
/** A citation of `DOC.slice(start, end)` from the given passage. */
const cite = (source: number, from: Passage, start: number, end: number): Citation => ({
  source,
  documentId: from.documentId,
  chunkId: from.chunkId,
  start,
  end,
  text: DOC.slice(start, end),
});
const claim = (...citations: Citation[]): Claim => ({ text: 'c', span: { start: 0, end: 1 }, citations });
const rejection: RejectedClaim = {
  text: 'r',
  span: { start: 0, end: 1 },
  code: 'no_marker',
  markers: [],
  message: 'm',
};
const verification = (claims: Claim[], rejected = 0): Verification => ({
  status: claims.length > 0 ? 'answered' : rejected > 0 ? 'rejected' : 'abstained',
  claims,
  rejected: Array.from({ length: rejected }, () => rejection),
  citations: claims.flatMap((c) => c.citations),
  duplicatesMerged: 0,
});

const FIRST = passage(0, 17); // 'Alpha beta gamma.'
const SECOND = passage(18, 32); // 'Delta epsilon.'
const PASSAGES = [FIRST, SECOND];
/** Source correctness of one claim holding `citation`, checked against PASSAGES. */
const correctness = (citation: Citation, passages: readonly Passage[] = PASSAGES): number | null =>
  summarizeVerifications([verification([claim(citation)])], { passages: [passages] }).sourceCorrectness;

describe('summarizeVerifications counts', () => {
  it('has nothing to rate for an empty list or a list of empty verifications', () => {
    const none = { claimsWritten: 0, claimsAccepted: 0, claimAcceptance: null, sourceCorrectness: null };
    expect(summarizeVerifications([])).toEqual(none);
    expect(summarizeVerifications([], { passages: [] })).toEqual(none);
    expect(summarizeVerifications([verification([]), verification([])])).toEqual(none);
  });

  it('rates acceptance 0 and leaves correctness null when every claim was rejected', () => {
    expect(summarizeVerifications([verification([], 2)])).toEqual({
      claimsWritten: 2,
      claimsAccepted: 0,
      claimAcceptance: 0,
      sourceCorrectness: null,
    });
  });

  it('leaves correctness null when accepted claims carry no citation', () => {
    expect(summarizeVerifications([verification([claim(), claim()], 1)])).toEqual({
      claimsWritten: 3,
      claimsAccepted: 2,
      claimAcceptance: 2 / 3,
      sourceCorrectness: null,
    });
  });

  it('adds claims and rejections across verifications and rates citations one by one', () => {
    const good = cite(1, FIRST, 0, 5);
    const bad = { ...cite(2, SECOND, 18, 23), text: 'Delt' }; // shorter than its span
    const summary = summarizeVerifications([
      verification([claim(good, good), claim(bad)], 1),
      verification([claim(good)], 3),
      verification([], 0),
    ]);
    expect(summary).toEqual({
      claimsWritten: 7,
      claimsAccepted: 3,
      claimAcceptance: 3 / 7,
      sourceCorrectness: 3 / 4,
    });
  });

  it('rates acceptance 1 when nothing was rejected', () => {
    expect(summarizeVerifications([verification([claim(cite(1, FIRST, 0, 5))])])).toEqual({
      claimsWritten: 1,
      claimsAccepted: 1,
      claimAcceptance: 1,
      sourceCorrectness: 1,
    });
  });
});

describe('summarizeVerifications without passages: internal consistency', () => {
  const alone = (citation: Citation): number | null =>
    summarizeVerifications([verification([claim(citation)])]).sourceCorrectness;
  const base = cite(1, FIRST, 6, 10); // 'beta'

  it('counts a citation with source 1 or more, a document id and text as long as its span as correct', () => {
    expect(alone(base)).toBe(1);
    expect(alone({ ...base, source: 7 })).toBe(1);
    expect(alone({ ...base, chunkId: '' })).toBe(1);
    expect(alone({ ...base, start: 0, end: 0, text: '' })).toBe(1);
    expect(alone({ ...base, text: 'BETA' })).toBe(1); // same length: not checked without passages
  });

  it('counts a citation with source 0 or below, or not a safe integer, as incorrect', () => {
    for (const source of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
      expect(alone({ ...base, source }), String(source)).toBe(0);
    }
    expect(alone({ ...base, source: Number.MAX_SAFE_INTEGER })).toBe(1);
  });

  it('counts a citation without a document id or with text of another length as incorrect', () => {
    expect(alone({ ...base, documentId: '' })).toBe(0);
    expect(alone({ ...base, text: 'bet' })).toBe(0);
    expect(alone({ ...base, text: 'betas' })).toBe(0);
    expect(alone({ ...base, end: 11 })).toBe(0);
  });

  it('counts a citation with a missing id or an offset that is no non-negative integer as incorrect', () => {
    const { documentId: _documentId, ...noDocument } = base;
    const { chunkId: _chunkId, ...noChunk } = base;
    for (const citation of [noDocument, noChunk, { ...base, chunkId: 7 }, { ...base, documentId: null }]) {
      expect(alone(citation as unknown as Citation), JSON.stringify(citation)).toBe(0);
    }
    for (const [start, end] of [
      [-7, -3],
      [0.5, 4.5],
      [6, Number.NaN],
      [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
    ] as const) {
      expect(alone({ ...base, start, end }), `${start}..${end}`).toBe(0);
    }
    // With the passages, a fractional span is not read through slice's truncation either.
    expect(correctness({ ...cite(1, FIRST, 0, 5), start: 0.5, end: 5.5 })).toBe(0);
  });
});

describe('summarizeVerifications against passages', () => {
  it('counts a citation that quotes its passage exactly, at the passage edges too', () => {
    expect(correctness(cite(1, FIRST, 0, 17))).toBe(1);
    expect(correctness(cite(1, FIRST, 0, 5))).toBe(1);
    expect(correctness(cite(1, FIRST, 11, 17))).toBe(1);
    expect(correctness(cite(2, SECOND, 18, 32))).toBe(1);
    expect(correctness(cite(2, SECOND, 18, 23))).toBe(1);
    expect(correctness(cite(2, SECOND, 24, 32))).toBe(1);
  });

  it('counts an empty citation as correct only when it is the empty text of an empty passage', () => {
    expect(correctness(cite(2, SECOND, 20, 20))).toBe(0);
    expect(correctness(cite(1, FIRST, 0, 0))).toBe(0);
    expect(correctness(cite(1, FIRST, 17, 17))).toBe(0);
    const empty = passage(5, 5);
    expect(correctness(cite(1, empty, 5, 5), [empty])).toBe(1);
    // A forged empty citation of a real answer's passage.
    const v = verifyAnswer('Children suffer [1].', CORPUS);
    const forged = {
      ...v.citations[0]!,
      start: v.citations[0]!.start + 5,
      end: v.citations[0]!.start + 5,
      text: '',
    };
    const claims = [{ ...v.claims[0]!, citations: [forged] }];
    expect(summarizeVerifications([{ ...v, claims }], { passages: [CORPUS] }).sourceCorrectness).toBe(0);
  });

  it('counts a citation naming a source with no passage as incorrect', () => {
    expect(correctness(cite(3, SECOND, 18, 23))).toBe(0);
    expect(correctness(cite(1, FIRST, 0, 5), [])).toBe(0);
  });

  it('counts a citation whose source number points at another passage as incorrect', () => {
    expect(correctness(cite(2, FIRST, 0, 5))).toBe(0);
    expect(correctness(cite(1, SECOND, 18, 23))).toBe(0);
  });

  it('counts a citation with another document id or chunk id as incorrect', () => {
    expect(correctness({ ...cite(1, FIRST, 0, 5), documentId: 'other' })).toBe(0);
    expect(correctness({ ...cite(1, FIRST, 0, 5), chunkId: 'other' })).toBe(0);
    const twin = passage(0, 17, 'doc', 'c18'); // the chunk id of SECOND, the offsets of FIRST
    expect(correctness({ ...cite(1, FIRST, 0, 5), chunkId: 'c18' }, [twin])).toBe(1);
  });

  it('counts a span reaching outside its passage as incorrect, on either side', () => {
    expect(correctness(cite(2, SECOND, 17, 23))).toBe(0);
    expect(correctness(cite(2, SECOND, 24, 33))).toBe(0);
    expect(correctness(cite(1, FIRST, 16, 18))).toBe(0);
    // An empty span before an empty passage: the same (empty) text, but not inside the passage.
    const empty = passage(5, 5);
    expect(correctness({ ...cite(1, empty, 3, 3) }, [empty])).toBe(0);
    expect(correctness({ ...cite(1, empty, 5, 5) }, [empty])).toBe(1);
    expect(correctness({ ...cite(1, empty, 6, 6) }, [empty])).toBe(0);
  });

  it('compares the text at the span, relative to where the passage starts', () => {
    expect(correctness({ ...cite(2, SECOND, 24, 31), text: 'EPSILON' })).toBe(0);
    expect(correctness({ ...cite(2, SECOND, 24, 31), text: 'Delta e' })).toBe(0);
    expect(correctness({ ...cite(2, SECOND, 24, 31), text: 'epsilon' })).toBe(1);
  });

  it('checks internal consistency first, even when the passages would match', () => {
    expect(correctness({ ...cite(1, FIRST, 0, 5), source: 0 })).toBe(0);
    const emptyId = passage(0, 17, '', 'c0');
    expect(correctness({ ...cite(1, emptyId, 0, 5) }, [emptyId])).toBe(0);
  });

  it('checks each verification against its own passages', () => {
    const first = verification([claim(cite(1, FIRST, 0, 5))]);
    const second = verification([claim(cite(1, SECOND, 18, 23))]);
    expect(summarizeVerifications([first, second], { passages: [[FIRST], [SECOND]] }).sourceCorrectness).toBe(
      1,
    );
    expect(summarizeVerifications([first, second], { passages: [[SECOND], [FIRST]] }).sourceCorrectness).toBe(
      0,
    );
  });

  it('refuses passages that do not give one array to each verification (fewer, more, or with holes)', () => {
    const wrong = verification([claim({ ...cite(1, FIRST, 0, 3), text: 'XYZ' })]);
    const right = verification([claim(cite(1, FIRST, 0, 5))]);
    // biome-ignore lint/suspicious/noSparseArray: the hole is the input under test
    const holed = [, [FIRST]] as unknown as Passage[][];
    for (const passages of [[[FIRST]], holed, [[FIRST], [FIRST], [FIRST]], [[FIRST], 'x']]) {
      expect(() => summarizeVerifications([wrong, right], { passages: passages as Passage[][] })).toThrow(
        InvalidArgumentError,
      );
      expect(() => summarizeVerifications([wrong, right], { passages: passages as Passage[][] })).toThrow(
        /options\.passages/,
      );
    }
    expect(summarizeVerifications([wrong, right], { passages: [[FIRST], [FIRST]] }).sourceCorrectness).toBe(
      0.5,
    );
  });
});
