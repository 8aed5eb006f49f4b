import { describe, expect, it } from 'vitest';
import type { MockCallOptions } from '../__fixtures__/mock-models.js';
import { promptSeenByModel } from '../__fixtures__/prompt-seen-by-model.js';

// A second review of the repeat pass found a value's other written form (JSON-escaped or not) and a JSON number equal
// to it sent as written, and a plain word read as a value hidden all over the prompt.

/** What the model read of `prompt`, as JSON. */
const read = async (prompt: MockCallOptions['prompt']): Promise<string> =>
  JSON.stringify(await promptSeenByModel(prompt));

const user = (...texts: string[]): MockCallOptions['prompt'] =>
  texts.map((text) => ({ role: 'user' as const, content: [{ type: 'text' as const, text }] }));

/** The text of every user text part the model read, in order. */
const texts = (seen: string): string[] =>
  (JSON.parse(seen) as Array<{ content: Array<{ text?: string }> }>).flatMap((message) =>
    message.content.map((part) => part.text ?? ''),
  );

describe('redactionMiddleware repeat pass', () => {
  it('finds a value issued JSON-escaped in its plain form, and one issued plain in its JSON-escaped form', async () => {
    const escaped = await read(user('{"password": "p4ss\\"word99"}', 'typed p4ss"word99 here'));
    expect(escaped).not.toContain('p4ss');
    expect(texts(escaped)[1]).toMatch(/^typed \[SECRET_\d\] here$/);
    const plain = await read(user('password: C:\\x9Qab12cd', '{"v":"C:\\\\x9Qab12cd"}'));
    expect(plain).not.toContain('x9Qab12cd');
    expect(texts(plain)[1]).toMatch(/^\{"v":"\[SECRET_\d\]"\}$/);
  });

  it('replaces a JSON number equal to an issued value in tool input and JSON output by its token', async () => {
    const seen = await read([
      ...user('DB_PASSWORD=84613927'),
      {
        role: 'assistant',
        content: [{ type: 'tool-call', toolCallId: '1', toolName: 't', input: { code: 84613927, n: 12 } }],
      },
      {
        role: 'tool',
        content: [
          {
            type: 'tool-result',
            toolCallId: '1',
            toolName: 't',
            output: { type: 'json', value: { n: 84613927, list: [84613927, 7] } },
          },
        ],
      },
    ]);
    expect(seen).not.toContain('84613927');
    expect(seen).toContain('"input":{"code":"[SECRET_1]","n":12}');
    expect(seen).toContain('"value":{"n":"[SECRET_1]","list":["[SECRET_1]",7]}');
  });

  it('does not look again for a value of letters only, in one case, found under a secret name', async () => {
    const seen = await read(user('{"password": "the"} and DB_PASSWORD=admin', 'the admin sat on the mat'));
    expect(texts(seen)).toEqual([
      '{"password": "[SECRET_1]"} and DB_PASSWORD=[SECRET_2]',
      'the admin sat on the mat',
    ]);
    // A value with a digit, a sign, mixed case, or of 16 or more letters is looked for everywhere.
    for (const value of ['hunter2', 'pass-word', 'hunTer', 'correcthorsebattery'])
      expect(await read(user(`password: "${value}"`, `again ${value} here`))).not.toContain(value);
  });
});
