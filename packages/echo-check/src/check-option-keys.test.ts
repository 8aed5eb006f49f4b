import { describe, expect, it } from 'vitest';
import { alwaysFirst } from './__fixtures__/scripted-pipelines.js';
import { assertEchoClean } from './assert-echo-clean.js';
import { buildEchoCase } from './build-echo-case.js';
import { checkOptionKeys } from '@gk/internal';
import { runEchoCheck } from './run-echo-check.js';
import { scoreEchoCase } from './score-echo-case.js';

const unknown = (parameter: string) =>
  expect.objectContaining({ name: 'InvalidArgumentError', code: 'invalid_argument', parameter });

describe('checkOptionKeys', () => {
  it('refuses a key that is no option, naming it and the options there are', () => {
    expect(() => checkOptionKeys({ cases: 2 }, ['cases'])).not.toThrow();
    expect(() => checkOptionKeys({ case: 2 }, ['cases', 'signal'])).toThrow(
      expect.objectContaining({
        parameter: 'options.case',
        message:
          'Invalid options.case: expected no such option (the options are cases, signal), received number 2.',
      }),
    );
    expect(() => checkOptionKeys(JSON.parse('{"__proto__": 1}'), ['cases'])).toThrow(
      unknown('options.__proto__'),
    );
    expect(() => checkOptionKeys({ ['x'.repeat(1000)]: 1 }, [])).toThrow(
      unknown(`options.${'x'.repeat(40)}`),
    );
  });
});

describe('a misspelt option is refused, never read as the default', () => {
  it('by runEchoCheck: `case` would run 5 cases, `abortSignal` would never abort', async () => {
    for (const key of ['case', 'abortSignal', 'onprogress']) {
      await expect(runEchoCheck({ pipeline: alwaysFirst, [key]: 1 } as never)).rejects.toThrow(
        unknown(`options.${key}`),
      );
    }
  });

  it('by assertEchoClean: `allowAbstention: false` would let every abstention pass', async () => {
    const report = await runEchoCheck({ pipeline: alwaysFirst, cases: 2 });
    expect(() => assertEchoClean(report, { allowAbstention: false } as never)).toThrow(
      unknown('options.allowAbstention'),
    );
  });

  it('by buildEchoCase and scoreEchoCase', async () => {
    expect(() => buildEchoCase({ template: 'recipe' } as never)).toThrow(unknown('options.template'));
    const echoCase = buildEchoCase({ templateId: 'recipe' });
    const passages = [echoCase.positive.passage, echoCase.decoy.passage];
    await expect(scoreEchoCase(echoCase, { answer: 'x' }, { passages, verfy: {} } as never)).rejects.toThrow(
      unknown('options.verfy'),
    );
  });
});
