import { describe, expect, it } from 'vitest';
import { checkOptionKeys } from './check-option-keys.js';
import { checkOptions, isObject, isPlainObject } from './check-argument.js';
import { describeValue, InvalidArgumentError } from './invalid-argument-error.js';
import { readOptions, readRequiredOptions } from './read-options.js';

const revoked = (target: object = {}): object => {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
};
const lengthTrap = () =>
  new Proxy([1, 2], {
    get(target, key) {
      if (key === 'length') throw new Error('length trap');
      return Reflect.get(target, key);
    },
  });
const throwingGetter = () => {
  const options = {};
  Object.defineProperty(options, 'locale', {
    enumerable: true,
    get() {
      throw new Error('getter boom');
    },
  });
  return options;
};

function refusal(run: () => unknown): InvalidArgumentError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidArgumentError);
    return error as InvalidArgumentError;
  }
  throw new Error('expected a refusal');
}

describe('describeValue never throws', () => {
  it.each([
    ['a revoked proxy', revoked(), 'a value that cannot be read (a revoked proxy?)'],
    ['a revoked array proxy', revoked([]), 'a value that cannot be read (a revoked proxy?)'],
    ['an array whose length throws', lengthTrap(), 'a value that cannot be read (a revoked proxy?)'],
  ])('%s', (_, value, described) => {
    expect(describeValue(value)).toBe(described);
    expect(new InvalidArgumentError({ parameter: 'x', expected: 'y', received: value }).code).toBe(
      'invalid_argument',
    );
  });
});

describe('checkOptions never throws a TypeError', () => {
  it('a revoked proxy is no object to read', () => {
    expect(() => isObject(revoked())).toThrow(TypeError); // for readArgument to refuse, with it as cause
    expect(isPlainObject(revoked())).toBe(false);
    expect((refusal(() => checkOptions(revoked())).cause as Error).name).toBe('TypeError');
    expect(refusal(() => checkOptions(revoked())).parameter).toBe('options');
  });
});

describe('options that are no plain object are refused', () => {
  class Settings {
    locale = 'en';
  }
  it.each([
    ['an array', []],
    ['a Map', new Map()],
    ['a Date', new Date(0)],
    ['a class instance', new Settings()],
    ['a revoked proxy', revoked()],
  ])('%s', (_, value) => {
    expect(refusal(() => checkOptions(value)).parameter).toBe('options');
    expect(refusal(() => checkOptionKeys(value, ['locale'])).parameter).toBe('options');
    expect(refusal(() => readOptions(value, ['locale'])).parameter).toBe('options');
  });

  it('plain objects pass, with or without a prototype, and through a proxy', () => {
    expect(() => checkOptions({ locale: 'en' })).not.toThrow();
    expect(() => checkOptionKeys(Object.create(null), ['locale'])).not.toThrow();
    expect(readOptions(new Proxy({ locale: 'en' }, {}), ['locale'])).toEqual({ locale: 'en' });
  });
});

describe('readOptions', () => {
  it('readRequiredOptions refuses options left out', () => {
    expect(refusal(() => readRequiredOptions(undefined as unknown as object)).parameter).toBe('options');
    expect(readRequiredOptions({ a: 1 }, ['a'])).toEqual({ a: 1 });
  });

  it('reads each option once into a copy', () => {
    let reads = 0;
    const options = {
      get locale() {
        reads += 1;
        return 'en';
      },
    };
    const copy = readOptions(options, ['locale', 'other']);
    expect(copy).toEqual({ locale: 'en', other: undefined });
    expect(reads).toBe(1);
    expect(readOptions(undefined, ['locale'])).toEqual({});
  });

  it('copies every own option when no keys are given', () => {
    expect(readOptions({ a: 1, b: 'x' })).toEqual({ a: 1, b: 'x' });
  });

  it('refuses an option whose getter throws, naming it, with the throw as cause', () => {
    const error = refusal(() => readOptions(throwingGetter(), ['locale']));
    expect(error.parameter).toBe('options.locale');
    expect((error.cause as Error).message).toBe('getter boom');
    expect(refusal(() => readOptions(throwingGetter())).parameter).toBe('options.locale');
    expect(refusal(() => readOptions(throwingGetter(), ['locale'], 'options.retry')).parameter).toBe(
      'options.retry.locale',
    );
  });

  it('refuses options whose keys cannot be listed', () => {
    const options = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('ownKeys boom');
        },
      },
    );
    expect(refusal(() => readOptions(options, ['locale'])).parameter).toBe('options');
    expect(refusal(() => checkOptionKeys(options, ['locale'])).parameter).toBe('options');
  });

  it('refuses an unknown key, as checkOptionKeys does, without calling its getter', () => {
    const error = refusal(() =>
      readOptions(
        {
          ...{},
          get localee() {
            throw new Error('never read');
          },
        },
        ['locale'],
      ),
    );
    expect(error.parameter).toBe('options.localee');
  });
});
