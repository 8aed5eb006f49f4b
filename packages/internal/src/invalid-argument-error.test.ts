import { describe, expect, it } from 'vitest';
import { GroundkitError } from './groundkit-error.js';
import { describeValue, InvalidArgumentError } from './invalid-argument-error.js';

describe('InvalidArgumentError', () => {
  it('names the parameter, what was expected and what was received', () => {
    const error = new InvalidArgumentError({
      parameter: 'options.maxRows',
      expected: 'a positive integer',
      received: -1,
    });
    expect(error.message).toBe('Invalid options.maxRows: expected a positive integer, received number -1.');
    expect(error).toMatchObject({
      name: 'InvalidArgumentError',
      code: 'invalid_argument',
      parameter: 'options.maxRows',
    });
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(GroundkitError.isInstance(error)).toBe(true);
  });

  it('never prints a long received value whole', () => {
    const error = new InvalidArgumentError({
      parameter: 'question',
      expected: 'a string',
      received: 'x'.repeat(10_000),
    });
    expect(error.message.length).toBeLessThan(100);
  });
});

describe('describeValue', () => {
  it.each([
    [null, 'null'],
    [undefined, 'undefined'],
    ['short', 'the string "short"'],
    ['y'.repeat(41), 'a string of length 41'],
    [3, 'number 3'],
    [Number.NaN, 'number NaN'],
    [2n ** 64n, 'bigint 18446744073709551616'],
    [true, 'boolean true'],
    [[1, 2], 'an array of length 2'],
    [{ __proto__: null }, 'an object'],
    [Promise.resolve(1), 'a Promise'],
    [() => 1, 'a function'],
    [Symbol('s'), 'a symbol'],
  ])('describes %s as %s', (value, expected) => {
    expect(describeValue(value)).toBe(expected);
  });
});
