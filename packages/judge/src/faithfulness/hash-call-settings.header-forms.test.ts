import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { mitPassages } from '../__fixtures__/passages.js';
import { describeJudge } from './describe-judge.js';
import { hashCallSettings } from './hash-call-settings.js';
import { judgeFaithfulness } from './judge-faithfulness.js';
import { scriptedJudge } from './scripted-judge.js';

// A review found headers given as `[name, value]` pairs hashed whole, so the judge's identity fingerprinted the
// `Authorization` credential (a key rotation made a new judge), and headers given as a `Headers` refused as no JSON
// value, although the AI SDK and synthesis take both.

const verdict = '{"faithful":true,"unsupportedClaims":[],"reasoning":"Sentence 1 is stated in source 1."}';
const model = () => scriptedJudge({ respond: () => verdict, provider: 'openai.responses', modelId: 'm' });

describe('hashCallSettings on headers written as pairs, a Headers or an object', () => {
  it('leaves credentials out however the headers are written', async () => {
    for (const key of ['Bearer sk-A', 'Bearer sk-B']) {
      expect(await hashCallSettings({ headers: [['Authorization', key]] })).toBeUndefined();
      expect(
        await hashCallSettings({ headers: new Headers({ Authorization: key, 'X-Api-Key': key }) }),
      ).toBeUndefined();
      expect(await hashCallSettings({ headers: { AUTHORIZATION: key } })).toBeUndefined();
    }
  });

  it('gives one hash for the same headers in every form and case, and keeps what may change a verdict', async () => {
    const forms = [
      { 'OpenAI-Beta': 'assistants=v2', Authorization: 'Bearer sk-A' },
      { 'openai-beta': 'assistants=v2' },
      [
        ['OpenAI-Beta', 'assistants=v2'],
        ['authorization', 'Bearer sk-B'],
      ],
      new Headers({ 'OpenAI-Beta': 'assistants=v2', Authorization: 'Bearer sk-C' }),
    ];
    const hashes = await Promise.all(forms.map((headers) => hashCallSettings({ headers })));
    expect(new Set(hashes).size).toBe(1);
    expect(hashes[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(await hashCallSettings({ headers: [['OpenAI-Beta', 'assistants=v1']] })).not.toBe(hashes[0]);
  });

  it('joins a name given twice as a Headers does', async () => {
    const pairs = await hashCallSettings({
      headers: [
        ['X-Flag', 'a'],
        ['x-flag', 'b'],
      ],
    });
    const joined = new Headers();
    joined.append('X-Flag', 'a');
    joined.append('x-flag', 'b');
    expect(pairs).toBe(await hashCallSettings({ headers: joined }));
    expect(pairs).toBe(await hashCallSettings({ headers: { 'x-flag': 'a, b' } }));
  });

  it('refuses pairs that are no [name, value] with a code', async () => {
    await expect(hashCallSettings({ headers: [['x-a', 'b', 'c']] })).rejects.toSatisfy(
      (error: unknown) => InvalidArgumentError.isInstance(error) && error.code === 'invalid_argument',
    );
  });
});

describe('describeJudge and judgeFaithfulness with headers as pairs or a Headers', () => {
  it('record the same identity whatever the credential, and accept a Headers', async () => {
    const identities = await Promise.all(
      [
        [['Authorization', 'Bearer sk-A']],
        [['Authorization', 'Bearer sk-B']],
        new Headers({ Authorization: 'x' }),
      ].map((headers) => describeJudge({ model: model(), headers: headers as never })),
    );
    expect(identities.map((identity) => identity.settingsHash)).toEqual([undefined, undefined, undefined]);
    const result = await judgeFaithfulness({
      model: model(),
      question: 'Which licence?',
      answer: 'MIT [1].',
      passages: mitPassages,
      headers: new Headers({ 'OpenAI-Beta': 'v2', Authorization: 'Bearer sk-A' }) as never,
    });
    expect(result.judge.settingsHash).toBe(await hashCallSettings({ headers: { 'openai-beta': 'v2' } }));
  });
});
