import { describe, expect, it } from 'vitest';
import { checkArgument, checkOptions, isObject, isOptional } from './check-argument.js';
import { InvalidArgumentError } from './invalid-argument-error.js';

describe('checkArgument', () => {
  it('throws an InvalidArgumentError naming the parameter only when the check fails', () => {
    expect(() => checkArgument(true, 'options.unit', 'a unit', 3)).not.toThrow();
    expect(() => checkArgument(false, 'options.unit', "'sentence' or 'line'", 3)).toThrow(
      "Invalid options.unit: expected 'sentence' or 'line', received number 3.",
    );
  });
});

describe('isOptional', () => {
  it('accepts undefined and values of the type, never null for an object', () => {
    expect(isOptional(undefined, 'boolean')).toBe(true);
    expect(isOptional(false, 'boolean')).toBe(true);
    expect(isOptional('true', 'boolean')).toBe(false);
    expect(isOptional({}, 'object')).toBe(true);
    expect(isOptional(null, 'object')).toBe(false);
  });
});

describe('isObject', () => {
  it('accepts objects and proxies of them, refuses null, arrays, functions and primitives', () => {
    for (const good of [{}, Object.create(null), new Proxy({}, {}), new Map()])
      expect(isObject(good)).toBe(true);
    for (const bad of [null, undefined, [], () => ({}), 'x', 0, 10n, Symbol('x')])
      expect(isObject(bad)).toBe(false);
  });
});

describe('checkOptions', () => {
  it('accepts undefined and objects, refuses null, strings and numbers', () => {
    expect(() => checkOptions(undefined)).not.toThrow();
    expect(() => checkOptions({})).not.toThrow();
    for (const bad of [null, 'x', 0, true]) {
      expect(() => checkOptions(bad)).toThrow(InvalidArgumentError);
    }
    expect(() => checkOptions(null, 'options.support')).toThrow(/options\.support/);
  });
});
