import { describe, expect, it } from 'vitest';
import { redact } from '../__fixtures__/redact-with-defaults.js';

// A thirty-sixth review: JSON's and JavaScript's escapes of `@` and `+` in text (`ada\u0040example.org`, .NET writing
// `+` as `\u002B`) kept an address or a phone number from the patterns, and a model reads them as the signs.
describe('DEFAULT_REDACTION_PATTERNS on `@` and `+` written as escapes', () => {
  it.each([
    ['a JSON \\u0040', '{"email":"ada\\u0040example.org"}', '{"email":"[EMAIL_1]"}'],
    [
      'an upper-case JSON \\u0040 in a log line',
      'log: {\\"to\\":\\"ada\\u0040example.org\\"}',
      'log: {\\"to\\":\\"[EMAIL_1]\\"}',
    ],
    ['a JavaScript \\x40', "to = 'ada\\x40example.org'", "to = '[EMAIL_1]'"],
    ['a JavaScript \\u{40}', 'to = "ada\\u{40}example.org"', 'to = "[EMAIL_1]"'],
    ['a JSON \\u002B before a phone number', '{"phone":"\\u002B44 20 7946 0958"}', '{"phone":"[PHONE_1]"}'],
    ['a lower-case \\u002b', '{"phone":"\\u002b44 20 7946 0958"}', '{"phone":"[PHONE_1]"}'],
    ['a percent-encoded +', 'tel=%2B44 20 7946 0958', 'tel=[PHONE_1]'],
    ['a + inside an address', '{"email":"ada\\u002Btag@example.org"}', '{"email":"[EMAIL_1]"}'],
  ])('redacts %s', (_label, text, read) => {
    expect(redact(text)).toBe(read);
  });

  it.each([
    ['an escape with nothing of an address around it', 'C:\\u0040dir'],
    ['a plus in a sum', 'a\\u002Bb = c'],
    ['a percent-encoded plus in a query', 'q=c%2B%2B'],
  ])('leaves %s', (_label, text) => {
    expect(redact(text)).toBe(text);
  });
});
