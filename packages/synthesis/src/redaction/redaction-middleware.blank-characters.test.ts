import { describe, expect, it } from 'vitest';
import type { MockCallOptions } from '../__fixtures__/mock-models.js';
import { promptSeenByModel } from '../__fixtures__/prompt-seen-by-model.js';

// A character that renders as nothing but is no Default_Ignorable one (a thirty-fifth review): a C0 or C1 control,
// DEL, U+2800 BRAILLE PATTERN BLANK. One inside a value kept it from every pattern, so the value reached the model as
// written, in two halves it reads as one. The reading the patterns run on now skips them as it skips U+200B; white space
// still keeps words apart. Every form below reached the model before.

const user = (text: string): MockCallOptions['prompt'] => [
  { role: 'user', content: [{ type: 'text', text }] },
];
const seen = async (text: string): Promise<string> => {
  const [message] = (await promptSeenByModel(user(text))) as Array<{ content: Array<{ text: string }> }>;
  return message!.content[0]!.text;
};

const BLANKS = [
  '\u0000',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u2800',
  '\ufff9',
  '\u{13430}',
  '\u{16fe4}',
];

describe('redactionMiddleware: characters that render as nothing inside a value', () => {
  it.each(BLANKS.map((blank) => [`U+${blank.codePointAt(0)!.toString(16).toUpperCase()}`, blank]))(
    'redacts every default kind of value with %s inside it',
    async (_, blank) => {
      const text = [
        `key AKIAIOSFODNN7${blank}EXAMPLE`,
        `mail ada${blank}@example.org`,
        `ip 10.0.0${blank}.5`,
        `gh ghp_ABCDEFGHIJKLMNOP${blank}QRSTUVWXYZabcdefghij`,
      ].join(' · ');
      const read = await seen(text);
      expect(read).toMatch(/^key \[SECRET_1\] · mail \[EMAIL_1\] · ip \[IPV4_1\] · gh \[SECRET_2\]$/);
      for (const half of ['AKIA', 'EXAMPLE', 'ada', 'example.org', '10.0.0', 'ghp_', 'QRSTUVWXYZ'])
        expect(read).not.toContain(half);
    },
  );

  it('keeps white space between words: two halves a space or a line break parts stay apart', async () => {
    expect(await seen('mail ada @example.org and ada\n@example.org')).toBe(
      'mail ada @example.org and ada\n@example.org',
    );
  });
});
