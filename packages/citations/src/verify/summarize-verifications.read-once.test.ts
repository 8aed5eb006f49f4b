import { describe, expect, it } from 'vitest';
import { refused } from '../__fixtures__/invalid-argument.js';
import type { Passage, Verification } from '../types.js';
import { summarizeVerifications } from './summarize-verifications.js';

// Each verification, each field of it and each option is read once: a getter (or a Proxy) that answers the check one
// way and the count another could otherwise count claims that were never written or pass a fabricated citation.
const REAL = 'The sky is blue.';
const P: Passage = { documentId: 'd', chunkId: 'c', text: REAL, start: 0, end: REAL.length };
const GOOD = { source: 1, documentId: 'd', chunkId: 'c', start: 4, end: 7, text: 'sky' };
const FABRICATED = { source: 1, documentId: 'evil', chunkId: 'x', start: 0, end: 4, text: 'FAKE' };
const of = (value: object): Verification => value as unknown as Verification;
/** A getter that returns each of `values` in turn, then the last one. */
const turns = (...values: unknown[]): (() => unknown) => {
  let read = 0;
  return () => values[Math.min(read++, values.length - 1)];
};

describe('summarizeVerifications reads each value once', () => {
  it('counts the rejections it checked (a getter cannot turn them into a negative count)', () => {
    const rejected = turns([1, 2, 3], { length: -2 });
    const v = of({
      claims: [{ citations: [GOOD] }],
      get rejected() {
        return rejected();
      },
    });
    expect(summarizeVerifications([v])).toEqual({
      claimsWritten: 4,
      claimsAccepted: 1,
      claimAcceptance: 1 / 4,
      sourceCorrectness: 1,
    });
  });

  it('counts the claims it checked (a getter cannot add claims that were never written)', () => {
    const fake = {
      length: 999,
      *[Symbol.iterator]() {
        yield { citations: [GOOD] };
      },
    };
    const claims = turns([], [], fake);
    const v = of({
      rejected: [],
      get claims() {
        return claims();
      },
    });
    expect(summarizeVerifications([v])).toEqual({
      claimsWritten: 0,
      claimsAccepted: 0,
      claimAcceptance: null,
      sourceCorrectness: null,
    });
  });

  it('re-checks against the passages it checked (an options getter cannot turn the re-check off)', () => {
    const passages = turns([[P]], undefined);
    const options = {
      get passages() {
        return passages();
      },
    };
    const list = [of({ claims: [{ citations: [FABRICATED] }], rejected: [] })];
    expect(summarizeVerifications(list, options as never).sourceCorrectness).toBe(0);
  });

  it('compares a citation with the passage text it read (a text getter cannot answer the slice)', () => {
    const text = turns(REAL, { slice: () => 'FAKE' });
    const passage = {
      ...P,
      documentId: 'evil',
      chunkId: 'x',
      get text() {
        return text();
      },
    };
    const list = [of({ claims: [{ citations: [FABRICATED] }], rejected: [] })];
    expect(summarizeVerifications(list, { passages: [[passage as never]] }).sourceCorrectness).toBe(0);
  });

  it('rates the citation fields it checked', () => {
    const source = turns(1, 0);
    const citation = {
      ...GOOD,
      get source() {
        return source();
      },
    };
    const list = [of({ claims: [{ citations: [citation] }], rejected: [] })];
    expect(summarizeVerifications(list).sourceCorrectness).toBe(1);
  });
});

describe('summarizeVerifications refuses holes and values that throw, with a code', () => {
  const v = of({ claims: [{ citations: [GOOD] }], rejected: [] });

  it('refuses a hole in the list, in the passages, in claims and in citations', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is the test
    refused(() => summarizeVerifications([, v] as never), 'list[0]');
    // biome-ignore lint/suspicious/noSparseArray: the hole is the test
    refused(() => summarizeVerifications([v, v], { passages: [, [P]] as never }), 'options.passages');
    // biome-ignore lint/suspicious/noSparseArray: the hole is the test
    refused(() => summarizeVerifications([of({ claims: [, { citations: [] }], rejected: [] })]), 'list[0]');
    // biome-ignore lint/suspicious/noSparseArray: the hole is the test
    const holed = of({ claims: [{ citations: [GOOD, , GOOD] }], rejected: [] });
    refused(() => summarizeVerifications([v, holed]), 'list[1]');
  });

  it('refuses a verification, a citation, a passage or an option that throws when read, the error as its cause', () => {
    const boom = new Error('boom');
    const thrower = {
      get claims(): never {
        throw boom;
      },
      rejected: [],
    };
    expect(refused(() => summarizeVerifications([of(thrower)]), 'list[0]').cause).toBe(boom);
    const citation = {
      ...GOOD,
      get text(): never {
        throw boom;
      },
    };
    const withCitation = of({ claims: [{ citations: [citation] }], rejected: [] });
    expect(refused(() => summarizeVerifications([withCitation]), 'list[0]').cause).toBe(boom);
    const passage = {
      ...P,
      get chunkId(): never {
        throw boom;
      },
    };
    const error = refused(() => summarizeVerifications([v], { passages: [[passage as never]] }), 'list[0]');
    expect(error.cause).toBe(boom);
    const options = {
      get passages(): never {
        throw boom;
      },
    };
    expect(refused(() => summarizeVerifications([v], options), 'options').cause).toBe(boom);
  });

  it('refuses an option key that is no option: a misspelt passages would turn the re-check off', () => {
    const list = [of({ claims: [{ citations: [FABRICATED] }], rejected: [] })];
    expect(summarizeVerifications(list, { passages: [[P]] }).sourceCorrectness).toBe(0);
    const error = refused(() => summarizeVerifications(list, { passage: [[P]] } as never), 'options.passage');
    expect(error.message).toMatch(/no such option \(the options are passages\)/);
  });
});
