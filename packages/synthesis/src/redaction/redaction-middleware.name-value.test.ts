import { generateText, type ModelMessage, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { generateResult, type MockCallOptions, MockLanguageModel } from '../__fixtures__/mock-models.js';
import type { CallOptions } from '../model-types.js';
import { redactionMiddleware } from './redaction-middleware.js';

const SECRET = 'Hunter2x!';

/** A model that writes back every token it was shown, so restoring is checked with the tokens it read. */
function echoingModel(): MockLanguageModel {
  const seen = (options: MockCallOptions): string =>
    JSON.stringify(options.prompt)
      .match(/\[[A-Z][A-Z0-9_]*_[0-9]+\]/g)
      ?.join(' ') ?? '';
  return new MockLanguageModel({ doGenerate: async (options) => generateResult(`Echo: ${seen(options)}.`) });
}

const toolCall = (input: unknown) =>
  ({ type: 'tool-call', toolCallId: 'c1', toolName: 'deploy', input }) as const;

// A review found the secret of a name/value pair sent: in text the word `value` was hidden instead, and in a tool
// call's input each string was read after its own key alone, so `value` named no secret.
describe('redactionMiddleware on a name/value pair whose name names a secret', () => {
  it('redacts the value in a prompt, not the word value, and restores it', async () => {
    const inner = echoingModel();
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const prompt = `Fix my ECS task definition: {"environment":[{"name":"DB_PASSWORD","value":"${SECRET}"}]}`;
    const result = await generateText({ model, prompt });
    const seen = JSON.stringify(inner.doGenerateCalls[0]?.prompt);
    expect(seen).not.toContain(SECRET);
    expect(seen).toContain('{\\"name\\":\\"DB_PASSWORD\\",\\"value\\":\\"[SECRET_1]\\"}');
    expect(result.text).toBe(`Echo: ${SECRET}.`);
  });

  it.each([
    [
      { env: [{ name: 'DB_PASSWORD', value: SECRET }] },
      { env: [{ name: 'DB_PASSWORD', value: '[SECRET_1]' }] },
    ],
    [
      { Parameters: [{ ParameterKey: 'DBPassword', ParameterValue: SECRET }] },
      { Parameters: [{ ParameterKey: 'DBPassword', ParameterValue: '[SECRET_1]' }] },
    ],
    [
      { Parameter: { Name: '/prod/db/password', Type: 'SecureString', Value: SECRET, Version: 3 } },
      { Parameter: { Name: '/prod/db/password', Type: 'SecureString', Value: '[SECRET_1]', Version: 3 } },
    ],
    // A value nested under a key named as a secret: in an object or a list.
    [{ password: { value: SECRET } }, { password: { value: '[SECRET_1]' } }],
    [{ password: [SECRET] }, { password: ['[SECRET_1]'] }],
    [{ db: { password: { S: SECRET } } }, { db: { password: { S: '[SECRET_1]' } } }],
    // The value written before its name, in an object (key order is the writer's choice).
    [
      { env: [{ value: SECRET, name: 'DB_PASSWORD' }] },
      { env: [{ value: '[SECRET_1]', name: 'DB_PASSWORD' }] },
    ],
    [
      { Value: SECRET, Type: 'SecureString', Name: '/prod/db/password' },
      { Value: '[SECRET_1]', Type: 'SecureString', Name: '/prod/db/password' },
    ],
    // More than one level under the key that names the secret, or a pair whose value is an object.
    [{ password: { a: { b: SECRET } } }, { password: { a: { b: '[SECRET_1]' } } }],
    [{ db_password: { a: { b: SECRET } } }, { db_password: { a: { b: '[SECRET_1]' } } }],
    [{ password: { value: { S: SECRET } } }, { password: { value: { S: '[SECRET_1]' } } }],
    [
      { name: 'DB_PASSWORD', value: { S: SECRET } },
      { name: 'DB_PASSWORD', value: { S: '[SECRET_1]' } },
    ],
  ])('redacts the value in a tool call input %j and restores it exactly', async (input, expected) => {
    const inner = echoingModel();
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const messages = [
      { role: 'user', content: 'deploy' },
      { role: 'assistant', content: [toolCall(input)] },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: 'c1',
            toolName: 'deploy',
            output: { type: 'json', value: input },
          },
        ],
      },
    ] as ModelMessage[];
    const result = await generateText({ model, messages });
    const [, assistant, tool] = (inner.doGenerateCalls[0]?.prompt ?? []) as unknown as Array<{
      content: unknown[];
    }>;
    expect(JSON.stringify(inner.doGenerateCalls[0]?.prompt)).not.toContain(SECRET);
    expect(assistant?.content[0]).toMatchObject({ input: expected });
    expect(tool?.content[0]).toMatchObject({ output: { value: expected } });
    expect(result.text).toBe(`Echo: ${SECRET} ${SECRET}.`);
  });

  it.each([
    { env: [{ name: 'DB_HOST', value: 'db.internal' }] },
    { env: [{ name: 'DB_PASS', value: 'see wiki' }] },
    { name: 'password', type: 'string', description: 'The database password' },
    { settings: { value: 'dark' }, list: ['a', 'b'] },
    { passwordPolicy: { minLength: 12 } },
  ])('leaves a tool call input %j as it is', async (input) => {
    const inner = echoingModel();
    const wrapped = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const prompt = [{ role: 'assistant', content: [toolCall(input)] }] as unknown as CallOptions['prompt'];
    await wrapped.doGenerate({ prompt });
    expect(inner.doGenerateCalls[0]?.prompt[0]?.content[0]).toMatchObject({ input });
  });
});
