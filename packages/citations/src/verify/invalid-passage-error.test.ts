import { GroundkitError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { formatSources } from './format-sources.js';
import { InvalidPassageError, assertPassages } from './invalid-passage-error.js';
import type { Passage } from '../types.js';

const good = (text = 'abc', start = 0): Passage => ({
  documentId: 'd',
  chunkId: 'c',
  text,
  start,
  end: start + text.length,
});

/** The error assertPassages throws for `passages`, or undefined when it accepts them. */
function errorOf(passages: unknown): unknown {
  try {
    assertPassages(passages as Passage[]);
    return undefined;
  } catch (error) {
    return error;
  }
}

/** The message of the InvalidPassageError thrown for `passage` at index 0 (asserting its class and fields). */
function messageFor(passage: unknown): string {
  const error = errorOf([passage]);
  expect(error).toBeInstanceOf(InvalidPassageError);
  expect(error).toMatchObject({ name: 'InvalidPassageError', code: 'invalid_passage', index: 0 });
  return (error as Error).message;
}

const PREFIX = 'Invalid passage at index 0 (source [1]): ';

describe('assertPassages messages', () => {
  it('names the list itself when it is not an array, with an InvalidArgumentError', () => {
    for (const value of [null, undefined, {}, 'passages', { length: 1, 0: good() }, 3]) {
      const error = errorOf(value);
      expect(error).toMatchObject({
        name: 'InvalidArgumentError',
        code: 'invalid_argument',
        parameter: 'passages',
      });
      expect(error).not.toBeInstanceOf(InvalidPassageError);
      expect(InvalidPassageError.isInstance(error)).toBe(false);
      expect((error as Error).message).toMatch(
        /^Invalid passages: expected an array of Passage objects, received /,
      );
    }
  });

  it('accepts an empty list and well-formed passages, including offset 0 and empty text', () => {
    expect(errorOf([])).toBeUndefined();
    expect(
      errorOf([good(), good('', 0), good('', 7), good('xyz', 0), good('\ud83d\ude00', 5)]),
    ).toBeUndefined();
    expect(errorOf([{ ...good(), title: 'T', uri: 'https://x' }])).toBeUndefined();
    expect(errorOf([good('a', Number.MAX_SAFE_INTEGER - 1)])).toBeUndefined();
  });

  it('says which passage is not an object', () => {
    for (const value of [null, undefined, 'text', 7, true]) {
      expect(messageFor(value)).toBe(`${PREFIX}not an object.`);
    }
    // biome-ignore lint/suspicious/noSparseArray: a hole in the list is a missing passage.
    expect((errorOf([good(), , good()]) as Error).message).toBe(
      'Invalid passage at index 1 (source [2]): not an object.',
    );
  });

  it('names each string field that is missing or of the wrong type, in field order', () => {
    expect(messageFor({ ...good(), documentId: 1 })).toBe(`${PREFIX}documentId must be a string.`);
    expect(messageFor({ ...good(), documentId: undefined, chunkId: 1, text: 2 })).toBe(
      `${PREFIX}documentId must be a string.`,
    );
    expect(messageFor({ ...good(), chunkId: null })).toBe(`${PREFIX}chunkId must be a string.`);
    expect(messageFor({ ...good(), chunkId: null, text: 2 })).toBe(`${PREFIX}chunkId must be a string.`);
    expect(messageFor({ ...good(), text: ['abc'] })).toBe(`${PREFIX}text must be a string.`);
    expect(messageFor({ ...good(), text: undefined, start: -1 })).toBe(`${PREFIX}text must be a string.`);
    expect(messageFor([])).toBe(`${PREFIX}documentId must be a string.`);
  });

  it('refuses a title or uri that is given but not a string (a retriever\'s `"title": null` included)', () => {
    expect(messageFor({ ...good(), title: null })).toBe(`${PREFIX}title must be a string when given.`);
    expect(messageFor({ ...good(), title: 42 })).toBe(`${PREFIX}title must be a string when given.`);
    expect(messageFor({ ...good(), title: ['a'] })).toBe(`${PREFIX}title must be a string when given.`);
    expect(messageFor({ ...good(), uri: 42 })).toBe(`${PREFIX}uri must be a string when given.`);
    expect(messageFor({ ...good(), uri: null, title: 1 })).toBe(
      `${PREFIX}title must be a string when given.`,
    );
    // Absent, undefined or a string (an empty one too) is fine.
    for (const extra of [
      {},
      { title: undefined, uri: undefined },
      { title: '', uri: '' },
      { title: 'T', uri: 'u' },
    ]) {
      expect(errorOf([{ ...good(), ...extra }])).toBeUndefined();
    }
  });

  it('requires start and end to be non-negative safe integers', () => {
    const offsets = `${PREFIX}start and end must be non-negative safe integers.`;
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '0', null, undefined, 0n]) {
      expect(messageFor({ ...good(), start: bad }), `start ${String(bad)}`).toBe(offsets);
      expect(messageFor({ ...good(), end: bad }), `end ${String(bad)}`).toBe(offsets);
    }
    expect(messageFor({ ...good(''), start: -0.5, end: 2 })).toBe(offsets);
  });

  it('reports a start after the end with both numbers', () => {
    expect(messageFor({ ...good('x'), start: 3, end: 1 })).toBe(`${PREFIX}start 3 is after end 1.`);
    expect(messageFor({ ...good(''), start: 1, end: 0 })).toBe(`${PREFIX}start 1 is after end 0.`);
  });

  it('reports a text whose length differs from end - start, with both lengths', () => {
    expect(messageFor({ ...good('abc'), end: 5 })).toBe(
      `${PREFIX}end - start is 5 but text has 3 UTF-16 code units; expected text to be document.slice(start, end).`,
    );
    expect(messageFor({ ...good('abc', 10), end: 12 })).toBe(
      `${PREFIX}end - start is 2 but text has 3 UTF-16 code units; expected text to be document.slice(start, end).`,
    );
    expect(messageFor({ ...good('\ud83d\ude00'), end: 1 })).toBe(
      `${PREFIX}end - start is 1 but text has 2 UTF-16 code units; expected text to be document.slice(start, end).`,
    );
  });

  it('reports the first bad passage with its 0-based index and 1-based source number', () => {
    const error = errorOf([good(), good(), { ...good(), chunkId: 0 }, null]);
    expect(error).toMatchObject({
      index: 2,
      message: 'Invalid passage at index 2 (source [3]): chunkId must be a string.',
    });
  });

  it('is what formatSources throws', () => {
    expect(() => formatSources([good(), { ...good(), text: 1 } as unknown as Passage])).toThrow(
      'Invalid passage at index 1 (source [2]): text must be a string.',
    );
  });
});

describe('InvalidPassageError', () => {
  it('is a GroundkitError with a code, a name, an index and an optional cause', () => {
    const cause = new Error('root');
    const error = new InvalidPassageError(4, 'something.', { cause });
    expect(GroundkitError.isInstance(error)).toBe(true);
    expect(error.name).toBe('InvalidPassageError');
    expect(error.code).toBe('invalid_passage');
    expect(error.index).toBe(4);
    expect(error.message).toBe('Invalid passage at index 4 (source [5]): something.');
    expect(error.cause).toBe(cause);
    expect(String(error)).toBe('InvalidPassageError: Invalid passage at index 4 (source [5]): something.');
    expect('cause' in new InvalidPassageError(0, 'x.')).toBe(false);
  });

  it('recognises instances by a global brand, even from another copy of the package', () => {
    expect(InvalidPassageError.isInstance(new InvalidPassageError(0, 'x.'))).toBe(true);
    const foreign = { [Symbol.for('@gk/citations.InvalidPassageError')]: true };
    expect(InvalidPassageError.isInstance(foreign)).toBe(true);
    for (const value of [
      null,
      undefined,
      'InvalidPassageError',
      1,
      new TypeError('x'),
      { name: 'InvalidPassageError', code: 'invalid_passage' },
      { [Symbol.for('@gk/citations.InvalidPassageError')]: 'true' },
      { [Symbol.for('@gk/citations.InvalidPassageError')]: 1 },
      { [Symbol('@gk/citations.InvalidPassageError')]: true },
      { [Symbol.for('@gk/citations.Other')]: true },
    ]) {
      expect(InvalidPassageError.isInstance(value), String(value)).toBe(false);
    }
    // A function carrying the brand is not an error object.
    const fn = Object.assign(() => undefined, { [Symbol.for('@gk/citations.InvalidPassageError')]: true });
    expect(InvalidPassageError.isInstance(fn)).toBe(false);
  });
});
