// Options that are no plain object, or whose fields throw when read, are refused with a code by verifyAnswer,
// createAnswerVerifier and splitClaims alike (a Map of real options was read as no options; splitClaims passed a
// getter's error on without a code).
import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { splitClaims } from './split-claims.js';
import { verifyAnswer } from './verify-answer.js';

const passages = [{ documentId: 'd', chunkId: 'c', start: 0, end: 11, text: 'Water boils' }];
const answer = 'Water boils [1].';

const throwing = Object.defineProperty({}, 'unit', {
  enumerable: true,
  get() {
    throw new Error('getter boom');
  },
});
const revoked = Proxy.revocable({}, {});
revoked.revoke();

const bad: Array<[string, unknown]> = [
  ['a Map of real options', new Map([['unit', 'line']])],
  ['an array', []],
  ['a Date', new Date(0)],
  ['a class instance', new (class Options {})()],
  ['a revoked proxy', revoked.proxy],
  ['a throwing getter', throwing],
];

const refusal = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return InvalidArgumentError.isInstance(error) ? error.code : error;
  }
  return 'accepted';
};

describe('options that are no plain object, or cannot be read', () => {
  it.each(bad)('are refused for %s', (_, options) => {
    expect(refusal(() => verifyAnswer(answer, passages, options as never))).toBe('invalid_argument');
    expect(refusal(() => createAnswerVerifier(passages, options as never))).toBe('invalid_argument');
    expect(refusal(() => splitClaims(answer, options as never))).toBe('invalid_argument');
  });

  it('still take plain and prototype-free objects', () => {
    expect(verifyAnswer(answer, passages, Object.assign(Object.create(null), { unit: 'line' })).status).toBe(
      'answered',
    );
    expect(splitClaims(answer, { unit: 'line' }).map((unit) => unit.text)).toEqual([answer]);
  });
});
