// The passages and options are read once, field by field, before they are checked (r18 #1, as ADR 0049 did for the
// provider check): a getter or Proxy of the caller's that answers a later read differently cannot put text or offsets
// the checks never compared into an accepted citation, nor a passage that was never checked.
import { describe, expect, it } from 'vitest';
import type { Passage, Verification } from '../types.js';
import { counted, ones } from '../__fixtures__/counted-reads.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer, type VerifyOptions } from './verify-answer.js';

const REAL = 'The sky is blue on clear days.';
const FAKE = 'Cats are dogs, says NASA 2024.'; // as long as REAL, so the offsets still fit
const ANSWER = 'Cats are "dogs, says NASA" in 2024 [1].';
const plain: Passage = { documentId: 'd', chunkId: 'c', text: REAL, start: 0, end: REAL.length };

const streamed = (answer: string, passages: readonly Passage[], options?: VerifyOptions): Verification => {
  const verifier = createAnswerVerifier(passages, options);
  verifier.push(answer);
  return verifier.end();
};
const BOTH = [
  [
    'verifyAnswer',
    (answer: string, passages: readonly Passage[], options?: VerifyOptions) =>
      verifyAnswer(answer, passages, options),
  ],
  ['createAnswerVerifier', streamed],
] as const;

describe.each(BOTH)('%s reads each passage once', (_name, verify) => {
  it('checks the quotation against the text it read, however a getter answers later', () => {
    const { value: passage, reads } = counted(plain, (key, v) => (key === 'text' ? FAKE : v));
    const verification = verify(ANSWER, [passage]);
    expect(reads).toEqual(ones(reads));
    expect(verification.status).toBe('rejected');
    expect(verification.rejected.map((r) => r.code)).toEqual(['quote_not_found']);
    expect(verification.citations).toEqual([]);
  });

  it.each([
    ['start', -1e21],
    ['documentId', 12345],
    ['chunkId', 'other'],
    ['end', 5],
  ])('builds the citation from the passage it checked when %s reads differently later', (field, later) => {
    const { value: passage, reads } = counted(plain, (key, v) => (key === field ? later : v));
    const verification = verify('The sky is "blue on clear days" [1].', [passage]);
    expect(reads).toEqual(ones(reads));
    expect(verification.citations).toEqual([
      { source: 1, documentId: 'd', chunkId: 'c', start: 11, end: 29, text: 'blue on clear days' },
    ]);
  });

  it('reads the list once: a Proxy that answers a later read with another passage is not heard', () => {
    const bad = { documentId: 'other-doc', chunkId: 'zz', text: FAKE, start: 1000, end: 5 };
    let reads = 0;
    const list = new Proxy([plain], {
      get: (target, key, receiver) =>
        key === '0' ? (++reads === 1 ? plain : bad) : Reflect.get(target, key, receiver),
    });
    const verification = verify(ANSWER, list);
    expect(reads).toBe(1);
    expect(verification.rejected.map((r) => r.code)).toEqual(['quote_not_found']);
    expect(verification.citations).toEqual([]);
  });

  it('reads the length once: a passage added after the check is no source shown', () => {
    const list: Passage[] = [];
    let reads = 0;
    list.push({
      ...plain,
      get text() {
        if (++reads === 2)
          list.push({ documentId: 'x', chunkId: 'y', text: 'Evil fact number 42.', start: 7, end: 3 });
        return REAL;
      },
    });
    const verification = verify('The sky is "blue on clear days" [1]. Evil "fact number 42" [2].', list);
    expect(verification.rejected.map((r) => r.code)).toEqual(['marker_out_of_range']);
    expect(verification.citations.map((c) => c.source)).toEqual([1]);
  });

  it("refuses a passage whose field throws with an InvalidPassageError at its index, the caller's error as its cause", () => {
    const boom = new Error('boom');
    const passage = {
      ...plain,
      get title(): string {
        throw boom;
      },
    };
    expect(() => verify(ANSWER, [plain, passage])).toThrow(
      expect.objectContaining({ code: 'invalid_passage', index: 1, cause: boom }),
    );
  });

  it('hands back no object of the caller', () => {
    const passages = [{ ...plain }];
    const verification = verify('The sky is blue on clear days [1].', passages);
    expect(verification.citations).toHaveLength(1);
    expect(verification.citations[0]).not.toBe(passages[0]);
    // Nothing of the caller's is changed or frozen.
    expect(Object.isFrozen(passages[0])).toBe(false);
  });
});

describe.each(BOTH)('%s reads each option once', (_name, verify) => {
  it('reads every option once, and checks quotations as the options it checked say', () => {
    const { value: options, reads } = counted<VerifyOptions>(
      { quotes: { minLength: 12 }, requireCitations: true, unit: 'sentence', support: false },
      (key, v) => (key === 'quotes' ? false : key === 'requireCitations' ? false : v),
    );
    const verification = verify(ANSWER, [plain], options);
    expect(reads).toEqual(ones(reads));
    expect(verification.rejected.map((r) => r.code)).toEqual(['quote_not_found']);
  });

  it('reads a nested option once', () => {
    const { value: quotes, reads } = counted({ minLength: 12 }, () => 1e9);
    const verification = verify(ANSWER, [plain], { quotes });
    expect(reads).toEqual(ones(reads));
    expect(verification.rejected.map((r) => r.code)).toEqual(['quote_not_found']);
  });

  it('reads a list option once, item by item', () => {
    let reads = 0;
    const stopWords = new Proxy(['the'], {
      get: (target, key, receiver) =>
        key === '0' ? (++reads === 1 ? 'the' : 42) : Reflect.get(target, key, receiver),
    });
    const verification = verify('The sky is blue on clear days [1].', [plain], { support: { stopWords } });
    expect(reads).toBe(1);
    expect(verification.status).toBe('answered');
  });

  it('still refuses an own __proto__ key, which the copy keeps as a key', () => {
    const options = JSON.parse('{"__proto__": {"quotes": false}}') as VerifyOptions;
    expect(() => verify(ANSWER, [plain], options)).toThrow(/options\.__proto__/);
  });

  it("refuses an option that throws when read with an InvalidArgumentError, the caller's error as its cause", () => {
    const boom = new Error('boom');
    for (const options of [
      {
        get unit(): 'line' {
          throw boom;
        },
      },
      {
        support: {
          get minCoverage(): number {
            throw boom;
          },
        },
      },
    ]) {
      expect(() => verify(ANSWER, [plain], options as VerifyOptions)).toThrow(
        expect.objectContaining({ code: 'invalid_argument', parameter: 'options', cause: boom }),
      );
    }
  });
});
