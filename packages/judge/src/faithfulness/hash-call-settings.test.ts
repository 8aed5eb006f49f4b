import { InvalidArgumentError } from '@gk/internal';
import aiPackage from 'ai/package.json' with { type: 'json' };
import { hashPromptTemplate } from '@gk/model-kit';
import { describe, expect, it } from 'vitest';
import { mitPassages } from '../__fixtures__/passages.js';
import { defaultJudgePrompt } from './default-judge-prompt.js';
import { describeJudge } from './describe-judge.js';
import { hashCallSettings } from './hash-call-settings.js';
import { judgeFaithfulness } from './judge-faithfulness.js';
import { scriptedJudge } from './scripted-judge.js';

const AI_MAJOR = Number(aiPackage.version.split('.')[0]);
const verdict = '{"faithful":true,"unsupportedClaims":[],"reasoning":"Sentence 1 is stated in source 1."}';
const judgeModel = () =>
  scriptedJudge({ respond: () => verdict, provider: 'openai.responses', modelId: 'm' });

// One member of each kind of setting that reaches the model and may change its verdict.
const verdictSettings: Array<[string, Record<string, unknown>]> = [
  ['temperature 0', { temperature: 0 }],
  ['temperature 2', { temperature: 2 }],
  ['topP', { topP: 0.1 }],
  ['topK', { topK: 5 }],
  ['maxOutputTokens', { maxOutputTokens: 16 }],
  ['seed', { seed: 7 }],
  ['stopSequences', { stopSequences: ['}'] }],
  ['stopSequences in another order', { stopSequences: ['x', '}'] }],
  ['frequencyPenalty', { frequencyPenalty: 1 }],
  ['presencePenalty', { presencePenalty: 1 }],
  ['a reasoning effort in providerOptions', { providerOptions: { openai: { reasoningEffort: 'minimal' } } }],
  ['another reasoning effort', { providerOptions: { openai: { reasoningEffort: 'high' } } }],
  ['a header that selects a model version', { headers: { 'anthropic-version': '2023-06-01' } }],
  ['AI SDK 7 reasoning', { reasoning: 'low' }],
  ['a setting the AI SDK adds later', { someNewSetting: true }],
];

describe('hashCallSettings', () => {
  it('is undefined when nothing that may change a verdict is set, so a default judge keeps its identity', async () => {
    for (const settings of [
      {},
      { temperature: undefined },
      { maxRetries: 3, abortSignal: new AbortController().signal, timeout: 1000 },
      { headers: { Authorization: 'Bearer sk-1', 'x-api-key': 'k', 'OpenAI-Organization': undefined } },
    ]) {
      expect(await hashCallSettings(settings)).toBeUndefined();
    }
  });

  it('gives every setting that may change a verdict its own hash', async () => {
    const hashes = await Promise.all(verdictSettings.map(([, settings]) => hashCallSettings(settings)));
    for (const hash of hashes) expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(hashes).size).toBe(verdictSettings.length);
  });

  it('does not depend on key order, request-only settings or credentials', async () => {
    const settings = {
      temperature: 0,
      headers: { Authorization: 'Bearer sk-1', 'OpenAI-Beta': 'v2' },
      providerOptions: {
        openai: { reasoningEffort: 'low', store: false },
        google: { x: [1, { b: 2, a: 1 }] },
      },
    };
    const same = {
      providerOptions: {
        google: { x: [1, { a: 1, b: 2 }] },
        openai: { store: false, reasoningEffort: 'low' },
      },
      maxRetries: 5,
      headers: { 'OpenAI-Beta': 'v2', Authorization: 'Bearer sk-rotated', Cookie: 'c' },
      temperature: 0,
    };
    expect(await hashCallSettings(same)).toBe(await hashCallSettings(settings));
  });

  it('leaves out the credential headers providers and gateways send, whatever their case', async () => {
    const credentials = {
      authorization: 'Bearer sk-1',
      'Proxy-Authorization': 'Basic x',
      'x-api-key': 'k',
      'x-goog-api-key': 'g',
      'api-key': 'azure',
      Cookie: 'c',
      'x-portkey-api-key': 'p',
      'x-portkey-virtual-key': 'v',
      'Helicone-Auth': 'Bearer h',
      'cf-aig-authorization': 'Bearer cf',
      'x-amz-security-token': 't',
      'x-auth-token': 't',
      'x-client-secret': 's',
      apikey: 'k',
    };
    expect(await hashCallSettings({ headers: credentials })).toBeUndefined();
  });

  it.each([
    [
      'a gateway config that names the model',
      'x-portkey-config',
      '{"override_params":{"model":"gpt-4o-mini"}}',
      '{"override_params":{"model":"gpt-4.1"}}',
    ],
    ['an output limit', 'x-max-tokens', '50', '4000'],
    ['a token budget', 'x-token-budget', '50', '4000'],
    ['a key-value setting', 'x-keyword-mode', 'strict', 'loose'],
    ['a secret-free routing header', 'x-route-secretary', 'a', 'b'],
    ['an authoring mode', 'x-author-mode', 'a', 'b'],
  ])('hashes %s (%s), whose name merely holds a credential word', async (_name, header, one, other) => {
    const first = await hashCallSettings({ headers: { [header]: one, authorization: 'Bearer sk-1' } });
    const second = await hashCallSettings({ headers: { [header]: other, authorization: 'Bearer sk-2' } });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toMatch(/^[0-9a-f]{64}$/);
    expect(first).not.toBe(second);
  });

  it.each([
    ['a function', { providerOptions: { openai: { pick: () => 1 } } }, 'options.providerOptions.openai.pick'],
    ['a Date', { providerOptions: { openai: { at: new Date(0) } } }, 'options.providerOptions.openai.at'],
    ['NaN', { temperature: Number.NaN }, 'options.temperature'],
    ['a sparse array', { stopSequences: Object.assign([], { 1: 'b' }) }, 'options.stopSequences.0'],
    ['a Map', { headers: new Map([['x-version', '1']]) }, 'options.headers'],
  ])('refuses %s, which no record could hold, naming it', async (_name, settings, parameter) => {
    const refused = await hashCallSettings(settings as Record<string, unknown>).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(InvalidArgumentError);
    expect(refused).toMatchObject({ parameter });
  });

  it('refuses a cycle, and encodes a shared value that is no cycle', async () => {
    const shared = { effort: 'low' };
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    await expect(hashCallSettings({ providerOptions: { a: shared, b: shared } })).resolves.toMatch(
      /^[0-9a-f]{64}$/,
    );
    await expect(hashCallSettings({ providerOptions: { a: cyclic } })).rejects.toMatchObject({
      parameter: 'options.providerOptions.a.self',
    });
  });
});

describe('the judge identity with call settings', () => {
  it('is the identity of the model and prompt alone when no setting is given', async () => {
    const judge = await describeJudge({ model: judgeModel(), maxRetries: 2 });
    expect(judge).toEqual({
      provider: 'openai.responses',
      modelId: 'm',
      promptHash: await hashPromptTemplate(defaultJudgePrompt),
    });
  });

  // `reasoning` is a call setting of AI SDK 7 only: AI SDK 6 never sends it, so there it is refused (below).
  it.each(verdictSettings.filter(([, settings]) => AI_MAJOR >= 7 || !('reasoning' in settings)))(
    'changes with %s, in describeJudge and in what judgeFaithfulness records',
    async (_name, settings) => {
      const plain = await describeJudge({ model: judgeModel() });
      const described = await describeJudge({ model: judgeModel(), ...settings });
      expect(described).toEqual({ ...plain, settingsHash: await hashCallSettings(settings) });
      const model = judgeModel();
      const call = judgeFaithfulness({
        model,
        question: 'q',
        answer: 'a [1].',
        passages: mitPassages,
        ...settings,
      });
      if ('someNewSetting' in settings) {
        // A key judgeFaithfulness does not know is refused before the call (it might make the call an agent), until
        // this package lists it; describeJudge hashes it all the same, so an identity never drops a setting.
        await expect(call).rejects.toMatchObject({ parameter: 'options.someNewSetting' });
        return;
      }
      expect((await call).judge).toEqual(described);
    },
  );

  it.runIf(AI_MAJOR < 7)(
    'refuses `reasoning` on AI SDK 6, which never sends it, in describeJudge and judgeFaithfulness (a review found it hashed)',
    async () => {
      const model = judgeModel();
      const refusal = expect.objectContaining({
        name: 'InvalidArgumentError',
        parameter: 'options.reasoning',
      });
      await expect(describeJudge({ model, reasoning: 'high' } as never)).rejects.toEqual(refusal);
      await expect(
        judgeFaithfulness({
          model,
          question: 'q',
          answer: 'a [1].',
          passages: mitPassages,
          reasoning: 'high',
        } as never),
      ).rejects.toEqual(refusal);
      expect(model.doGenerateCalls).toHaveLength(0);
    },
  );

  it('records the settings the model really received', async () => {
    const model = judgeModel();
    const settings = {
      temperature: 2,
      topP: 0.1,
      maxOutputTokens: 64,
      providerOptions: { openai: { reasoningEffort: 'minimal' } },
    };
    const { judge } = await judgeFaithfulness({
      model,
      question: 'q',
      answer: 'a [1].',
      passages: mitPassages,
      ...settings,
    });
    const call = model.doGenerateCalls[0]!;
    const received = {
      temperature: call.temperature,
      topP: call.topP,
      maxOutputTokens: call.maxOutputTokens,
      providerOptions: call.providerOptions,
    };
    expect(received).toEqual(settings);
    const plain = await describeJudge({ model });
    expect(judge).toEqual({ ...plain, settingsHash: await hashCallSettings(received) });
  });

  it('refuses a setting no record could hold before any model call', async () => {
    const model = judgeModel();
    const judged = judgeFaithfulness({
      model,
      question: 'q',
      answer: 'a [1].',
      passages: mitPassages,
      providerOptions: { openai: { at: new Date(0) } as never },
    });
    await expect(judged).rejects.toBeInstanceOf(InvalidArgumentError);
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});
