// Every function refuses options that throw when read (a getter, a proxy trap, a revoked proxy), and options that
// are no plain object, with an InvalidArgumentError naming them: never a bare TypeError or the caller's error.
import { describe, expect, it } from 'vitest';
import { bad, boom, refused, revoked, throwing } from '../../internal/src/__fixtures__/unreadable-values.js';
import {
  assessGateReadiness,
  buildCalibrationReport,
  checkJudgePrompt,
  checkPreregistration,
  countVerdicts,
  defaultJudgePrompt,
  createLabelSet,
  describeJudge,
  judgeFaithfulness,
  preregister,
  renderJudgePrompt,
  verifyLabelSet,
} from './index.js';
import { scriptedJudge } from './test.js';

type Call = (options: unknown) => unknown;
// Each with the name of an option the function reads.
const calls: Array<[string, Call, string]> = [
  ['judgeFaithfulness', (o) => judgeFaithfulness(bad(o)), 'model'],
  ['describeJudge', (o) => describeJudge(bad(o)), 'model'],
  ['createLabelSet', (o) => createLabelSet(bad(o)), 'name'],
  ['preregister', (o) => preregister(bad(o)), 'metric'],
  ['verifyLabelSet', (o) => verifyLabelSet({}, bad(o)), 'prompt'],
  ['checkPreregistration', (o) => checkPreregistration({}, bad(o)), 'judge'],
  ['buildCalibrationReport', (o) => buildCalibrationReport(bad(o)), 'labelSet'],
  ['assessGateReadiness', (o) => assessGateReadiness(bad(o)), 'labelSet'],
  ['scriptedJudge', (o) => scriptedJudge(bad(o)), 'respond'],
];

async function outcome(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  return 'returned';
}

describe('options that cannot be read are refused with a code', () => {
  it.each(calls)('%s: a revoked proxy', async (_, call) => {
    expect(await outcome(() => call(revoked()))).toEqual(refused('options'));
  });

  it.each(calls)('%s: a getter that throws, named, with its throw as cause', async (_, call, key) => {
    const error = await outcome(() => call(throwing({}, key)));
    expect(error).toEqual(refused(`options.${key}`));
    expect((error as Error).cause).toBe(boom);
  });

  it.each(calls)('%s: options that are no plain object', async (_, call) => {
    for (const options of [[], new Map(), new Date(0), new (class Options {})()]) {
      expect(await outcome(() => call(options))).toEqual(refused('options'));
    }
  });
});

describe('scriptedJudge checks its options like every other function', () => {
  const respond = () => '{}';
  it.each([
    ['no options', undefined, 'options'],
    ['no respond', {}, 'options.respond'],
    ['a respond that is no function', { respond: 'x' }, 'options.respond'],
    ['a provider that is no string', { respond, provider: 42 }, 'options.provider'],
    ['a model id that is no string', { respond, modelId: 42 }, 'options.modelId'],
    ['an unknown key', { respond, respnd: respond }, 'options.respnd'],
  ])('refuses %s', async (_, options, parameter) => {
    expect(await outcome(() => scriptedJudge(bad(options)))).toEqual(refused(parameter));
  });

  it('keeps its defaults and what it is given', () => {
    expect(scriptedJudge({ respond })).toMatchObject({ provider: 'scripted', modelId: 'scripted-judge' });
    expect(scriptedJudge({ respond, provider: 'p', modelId: 'm' })).toMatchObject({
      provider: 'p',
      modelId: 'm',
    });
  });
});

describe('other arguments that cannot be read are refused with a code', () => {
  const lengthTrap = new Proxy([], {
    get(target, key) {
      if (key === 'length') throw boom;
      return Reflect.get(target, key);
    },
  });
  it.each([
    ['countVerdicts: a revoked proxy', () => countVerdicts(bad(revoked())), 'outcomes'],
    ['countVerdicts: an array whose length throws', () => countVerdicts(bad(lengthTrap)), 'outcomes'],
    ['renderJudgePrompt: a revoked template', () => renderJudgePrompt(bad(revoked()), bad({})), 'template'],
    [
      'renderJudgePrompt: a revoked input',
      () => renderJudgePrompt(defaultJudgePrompt, bad(revoked())),
      'input',
    ],
  ])('%s', async (_, call, parameter) => {
    expect(await outcome(call)).toEqual(refused(parameter));
  });

  it('checkJudgePrompt names a template that cannot be read as a problem, never throws', () => {
    expect(checkJudgePrompt(revoked())).toMatch(/cannot be read/);
  });
});
