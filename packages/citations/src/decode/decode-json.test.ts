import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DecodeError } from './decode-error.js';
import { decodeJson } from './decode-json.js';

const verdict = z.strictObject({ faithful: z.boolean(), reasoning: z.string() });

describe('decodeJson', () => {
  it('returns the data of a valid output', () => {
    expect(decodeJson('```json\n{"faithful": true, "reasoning": "Quoted from [1]."}\n```', verdict)).toEqual({
      faithful: true,
      reasoning: 'Quoted from [1].',
    });
  });

  it('throws the DecodeError with its code, position and excerpt', () => {
    let thrown: unknown;
    try {
      decodeJson('Sure! Here is the verdict: {"faithful": true, "reasoning": "ok"}', verdict);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DecodeError);
    expect(thrown).toMatchObject({ name: 'DecodeError', code: 'not_json', position: 0 });
    expect((thrown as DecodeError).excerpt).toBe(
      'Sure! Here is the verdict: {"faithful": true, "reasoning": "ok"}',
    );
    expect(() => decodeJson('{"faithful": "yes", "reasoning": "ok"}', verdict)).toThrow(
      expect.objectContaining({ code: 'schema', issues: [expect.objectContaining({ path: ['faithful'] })] }),
    );
  });
});

describe('DecodeError', () => {
  it('is recognised by its brand across copies of the package, and only by it', () => {
    const error = new DecodeError({ code: 'empty', message: 'Output is blank.', excerpt: '' });
    expect(DecodeError.isInstance(error)).toBe(true);
    const fromAnotherCopy = Object.assign(new Error('x'), {
      [Symbol.for('@gk/citations.DecodeError')]: true,
    });
    expect(DecodeError.isInstance(fromAnotherCopy)).toBe(true);
    expect(DecodeError.isInstance(new Error('x'))).toBe(false);
    expect(DecodeError.isInstance({ code: 'empty' })).toBe(false);
    expect(DecodeError.isInstance(null)).toBe(false);
    expect(DecodeError.isInstance('DecodeError')).toBe(false);
  });

  it('has a stable name, empty issues by default and keeps its cause', () => {
    const cause = new Error('inner');
    const error = new DecodeError({ code: 'not_json', message: 'm', excerpt: 'e', position: 3, cause });
    expect(error).toMatchObject({
      name: 'DecodeError',
      code: 'not_json',
      position: 3,
      issues: [],
      excerpt: 'e',
    });
    expect(error.cause).toBe(cause);
    expect(error).toBeInstanceOf(Error);
  });
});
