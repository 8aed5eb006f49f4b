import { InvalidArgumentError } from '@gk/internal';
import aiPackage from 'ai/package.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { CALL_SETTING_KEYS, checkSettingKeys } from './call-setting-keys.js';

const own: ReadonlySet<string> = new Set(['model', 'query']);
const AI_MAJOR = Number(aiPackage.version.split('.')[0]);

describe('checkSettingKeys', () => {
  it('takes the caller’s own keys and every call setting of AI SDK 6 and 7', () => {
    const settings = Object.fromEntries([...CALL_SETTING_KEYS].map((key) => [key, undefined]));
    expect(() => checkSettingKeys({ model: 1, query: 'q', ...settings }, own)).not.toThrow();
  });

  it.each([
    'tools',
    'stopWhen',
    'prepareStep',
    'toolChoice',
    'activeTools',
    'output',
    'experimental_transform',
    'experimental_telemetry',
    'providerOptions',
    'onFinish',
    'temprature',
  ])('refuses %s, naming it', (key) => {
    const error = (() => {
      try {
        checkSettingKeys({ model: 1, [key]: 'x' }, own);
      } catch (caught) {
        return caught;
      }
    })();
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ parameter: `options.${key}` });
  });

  it('refuses an abortSignal that is no AbortSignal (the controller itself, a plain object), naming it', () => {
    const controller = new AbortController();
    for (const abortSignal of [controller, {}, 'abort', null, { aborted: false }]) {
      expect(() => checkSettingKeys({ model: 1, abortSignal }, own)).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', parameter: 'options.abortSignal' }),
      );
    }
    expect(() => checkSettingKeys({ model: 1, abortSignal: controller.signal }, own)).not.toThrow();
    expect(() => checkSettingKeys({ model: 1, abortSignal: AbortSignal.timeout(60_000) }, own)).not.toThrow();
    expect(() => checkSettingKeys({ model: 1, abortSignal: undefined }, own)).not.toThrow();
  });

  it('refuses a timeout the AI SDK would ignore or fail on (a string from the environment, NaN, -1), naming it', () => {
    for (const timeout of [
      '30000',
      Number.NaN,
      -1,
      Number.POSITIVE_INFINITY,
      1.5,
      [30_000],
      null,
      { totalMs: '5' },
    ]) {
      expect(() => checkSettingKeys({ model: 1, timeout }, own)).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', parameter: 'options.timeout' }),
      );
    }
    for (const timeout of [undefined, 0, 30_000, { totalMs: 60_000, chunkMs: 5_000 }, { stepMs: 10_000 }]) {
      expect(() => checkSettingKeys({ model: 1, timeout }, own)).not.toThrow();
    }
  });

  it('refuses a timeout object with a key the installed AI SDK does not read, naming it (a review found it ignored)', () => {
    for (const timeout of [{ totalMS: 300 }, { total: 300 }, { ms: 300 }, { totalMs: 300, stepMS: 1 }]) {
      const key = Object.keys(timeout).at(-1);
      expect(() => checkSettingKeys({ model: 1, timeout }, own), key).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', parameter: `options.timeout.${key}` }),
      );
    }
    // AI SDK 7 reads `firstChunkMs` and `toolMs` as well; AI SDK 6 neither.
    const seven = [{ firstChunkMs: 1_000 }, { toolMs: 1_000 }];
    for (const timeout of seven) {
      const check = () => checkSettingKeys({ model: 1, timeout }, own);
      if (AI_MAJOR >= 7) expect(check).not.toThrow();
      else
        expect(check).toThrow(
          expect.objectContaining({ parameter: `options.timeout.${Object.keys(timeout)[0]}` }),
        );
    }
  });

  it('refuses `reasoning` on AI SDK 6, which sends no such setting to the model (a review found it dropped)', () => {
    const check = () => checkSettingKeys({ model: 1, reasoning: 'high' }, own);
    if (AI_MAJOR >= 7) expect(check).not.toThrow();
    else {
      expect(check).toThrow(
        expect.objectContaining({
          name: 'InvalidArgumentError',
          code: 'invalid_argument',
          parameter: 'options.reasoning',
        }),
      );
      expect(check).toThrow(/AI SDK 7/);
    }
    expect(() => checkSettingKeys({ model: 1, reasoning: undefined }, own)).not.toThrow();
  });

  it('names a long key by its first 40 characters, and the parameter it was given', () => {
    expect(() => checkSettingKeys({ ['k'.repeat(100)]: 1 }, own, 'settings')).toThrow(
      expect.objectContaining({ parameter: `settings.${'k'.repeat(40)}` }),
    );
  });
});

// A thirty-sixth review: stop sequences that are no array of strings and headers that are no names to strings threw a
// bare TypeError inside the AI SDK (or the extractive model), or were read character by character.
describe('checkSettingKeys on stop sequences and headers', () => {
  it.each([
    ['stopSequences', {}],
    ['stopSequences', 5],
    ['stopSequences', 'END'],
    ['stopSequences', ['END', 5]],
    ['headers', [1]],
    ['headers', [[1, 2]]],
    ['headers', 'x'],
    ['headers', { 'x-key': 5 }],
  ])('refuses %s: %j', (key, value) => {
    expect(() => checkSettingKeys({ model: 1, [key]: value }, own)).toThrow(
      expect.objectContaining({ code: 'invalid_argument', parameter: `options.${key}` }),
    );
  });

  it.each([
    ['stopSequences', ['END', '\n\n']],
    ['stopSequences', []],
    ['headers', { 'x-key': 'a', 'x-none': undefined }],
    ['headers', [['x-key', 'a']]],
    ['headers', new Headers({ 'x-key': 'a' })],
  ])('takes %s: %j', (key, value) => {
    expect(() => checkSettingKeys({ model: 1, [key]: value }, own)).not.toThrow();
  });
});

// A thirty-sixth review: a setting whose value throws when read (a proxy as `headers`) escaped uncoded.
describe('checkSettingKeys on a setting that throws when read', () => {
  it('refuses it with a code', () => {
    const throwing = new Proxy(
      {},
      {
        get() {
          throw new Error('boom');
        },
        getPrototypeOf() {
          throw new Error('boom');
        },
      },
    );
    expect(() => checkSettingKeys({ model: 1, headers: throwing }, own)).toThrow(InvalidArgumentError);
  });
});
