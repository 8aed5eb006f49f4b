// A review found options refused with the caller's own error or a bare TypeError, with no code: a getter that throws
// on measureAgreement's options, a revoked proxy as its options, and a revoked proxy as an object-valued setting of
// judgeFaithfulness and describeJudge (`prompt`, `providerOptions`, `headers`). Each is an InvalidArgumentError naming
// the option, with the caller's throw as cause.
import { describe, expect, it } from 'vitest';
import {
  boom,
  outcome,
  refused,
  revoked,
  throwing,
} from '../../internal/src/__fixtures__/unreadable-values.js';
import { mitPassages } from './__fixtures__/passages.js';
import { describeJudge, judgeFaithfulness, measureAgreement } from './index.js';
import { scriptedJudge } from './test.js';

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
