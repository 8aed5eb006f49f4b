import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { CALL_SETTING_KEYS, checkSettingKeys } from './call-setting-keys.js';

const own: ReadonlySet<string> = new Set(['model', 'query']);

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

  it('names a long key by its first 40 characters, and the parameter it was given', () => {
    expect(() => checkSettingKeys({ ['k'.repeat(100)]: 1 }, own, 'settings')).toThrow(
      expect.objectContaining({ parameter: `settings.${'k'.repeat(40)}` }),
    );
  });
});
