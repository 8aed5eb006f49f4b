// Every function refuses options that throw when read (a getter, a proxy trap, a revoked proxy), and options that
// are no plain object, with an InvalidArgumentError naming them: never a bare TypeError or the caller's error.
// Nested settings too (`prompt`, `providerOptions`, `headers`), and measureAgreement's options: a review found them
// refused with the caller's own error or a bare TypeError.
import { describe, expect, it } from 'vitest';
import {
  bad,
  boom,
  describeUnreadableOptions,
  type OptionsCall,
  outcome,
  refused,
  revoked,
  throwing,
} from '../../internal/src/__fixtures__/unreadable-values.js';
import { mitPassages } from './__fixtures__/passages.js';
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
  measureAgreement,
  preregister,
  renderJudgePrompt,
  verifyLabelSet,
} from './index.js';
import { scriptedJudge } from './test.js';

// Each with options whose first key is one the function reads.
const calls: OptionsCall[] = [
  ['judgeFaithfulness', (o) => judgeFaithfulness(bad(o)), () => ({ model: undefined })],
  ['describeJudge', (o) => describeJudge(bad(o)), () => ({ model: undefined })],
  ['createLabelSet', (o) => createLabelSet(bad(o)), () => ({ name: undefined })],
  ['preregister', (o) => preregister(bad(o)), () => ({ metric: undefined })],
  ['verifyLabelSet', (o) => verifyLabelSet({}, bad(o)), () => ({ prompt: undefined })],
  ['checkPreregistration', (o) => checkPreregistration({}, bad(o)), () => ({ judge: undefined })],
  ['buildCalibrationReport', (o) => buildCalibrationReport(bad(o)), () => ({ labelSet: undefined })],
  ['assessGateReadiness', (o) => assessGateReadiness(bad(o)), () => ({ labelSet: undefined })],
  ['scriptedJudge', (o) => scriptedJudge(bad(o)), () => ({ respond: undefined })],
];

describeUnreadableOptions(calls);

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

const model = () =>
  scriptedJudge({ respond: () => '{"faithful":true,"unsupportedClaims":[],"reasoning":"r"}' });
const judgeOptions = () => ({
  model: model(),
  question: 'Which licence?',
  answer: 'MIT [1].',
  passages: mitPassages,
});

describe('measureAgreement with options that cannot be read', () => {
  it('refuses a revoked proxy and a throwing getter with a code', async () => {
    expect(await outcome(() => measureAgreement(revoked() as never))).toEqual(refused('options'));
    const error = await outcome(() => measureAgreement(throwing({ model: model() }, 'model') as never));
    expect(error).toEqual(refused('options.model'));
    expect((error as Error).cause).toBe(boom);
  });
});

describe.each([
  ['judgeFaithfulness', (options: object) => judgeFaithfulness({ ...judgeOptions(), ...options } as never)],
  ['describeJudge', (options: object) => describeJudge({ model: model(), ...options } as never)],
])('%s with an object-valued setting that cannot be read', (_, call) => {
  it.each(['prompt', 'providerOptions', 'headers'])(
    'refuses a revoked proxy as %s, naming it',
    async (name) => {
      expect(await outcome(() => call({ [name]: revoked() }))).toEqual(refused(`options.${name}`));
    },
  );

  it('refuses a setting whose nested getter throws, naming the setting', async () => {
    const providerOptions = { openai: throwing({ reasoningEffort: 'low' }, 'reasoningEffort') };
    const error = await outcome(() => call({ providerOptions }));
    expect(error).toEqual(refused('options.providerOptions'));
    expect((error as Error).cause).toBe(boom);
  });
});
