import { describe, expect, it } from 'vitest';
import { promptSeenByModel } from '../__fixtures__/prompt-seen-by-model.js';
import { redact } from '../__fixtures__/redact-with-defaults.js';

// A review found a key that ends in a label's punctuation (`Password:`, `Password *`, `Password (required)`, as form and
// OCR extractors write field names) sent its value as written, and took the ':' after it for the value instead.

const SECRET = 'hunter2x9Q';
const labels = [
  'Password:',
  'DB_PASSWORD:',
  'Secret:',
  'Token:',
  'API Key:',
  'API Key',
  'password ',
  'Password: ',
  'Password *',
  'Password*:',
  'Password (required)',
  'Password (required):',
];

describe('DEFAULT_REDACTION_PATTERNS on a quoted key ending in label punctuation', () => {
  it.each(labels)('redacts the value of %j in JSON text, and only the value', (label) => {
    for (const sep of [':', ': ', ' : ']) {
      const text = `{${JSON.stringify(label)}${sep}"${SECRET}","note":"x"}`;
      expect(redact(text)).toBe(`{${JSON.stringify(label)}${sep}"[SECRET_1]","note":"x"}`);
    }
  });

  it('redacts an unquoted value after such a key', () => {
    expect(redact(`"Password:": ${SECRET}`)).toBe('"Password:": [SECRET_1]');
  });

  it('redacts a shaped value after an API key named with a space, in prose too', () => {
    expect(redact(`API Key: ${SECRET}`)).toBe('API Key: [SECRET_1]');
    expect(redact(`Your access key: ${SECRET}`)).toBe('Your access key: [SECRET_1]');
  });

  it('leaves honest text with such labels as written', () => {
    for (const text of [
      'The private key: it is kept offline.',
      'Your API key: see the settings page.',
      'Password (required): see below.',
      'Password *: enter it twice',
      'Note (password): none',
      '{"Password hint:":"Your first pet"}',
      '{"title":"Password:","description":"At least eight characters"}',
    ])
      expect(redact(text)).toBe(text);
  });

  // A second review found a plain word read as the value of a key named with a space, or of a label-shaped quoted key,
  // before ' = ' in prose (`Set private key = the one …`), and then every other `the` in the prompt hidden with it.
  it('takes after a key named with a space, or a label-shaped key, and = only a value shaped like a secret', () => {
    for (const text of [
      'Set private key = the one from the vault, then restart the app.',
      'the access key = none yet; see the docs',
      'Your API key = required',
      'Form: "Password *" = required; the field is required.',
      'Form: "Password (required)" = none',
    ])
      expect(redact(text)).toBe(text);
    expect(redact(`Set private key = ${SECRET} now`)).toBe('Set private key = [SECRET_1] now');
    expect(redact(`"Password *" = ${SECRET}`)).toBe('"Password *" = [SECRET_1]');
    expect(redact('private_key = the')).toBe('private_key = [SECRET_1]');
    expect(redact('"Password" = required')).toBe('"Password" = [SECRET_1]');
  });
});

describe('redactionMiddleware on tool input keyed by a label', () => {
  it.each(labels)('never sends the value of key %j', async (label) => {
    const seen = JSON.stringify(
      await promptSeenByModel([
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 't', input: { [label]: SECRET } }],
        },
      ]),
    );
    expect(seen).not.toContain(SECRET);
    expect(seen).toContain(`${JSON.stringify(label)}:"[SECRET_1]"`);
  });
});
