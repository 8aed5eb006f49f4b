import { describe, expect, it } from 'vitest';
import { redact } from '../__fixtures__/redact-with-defaults.js';

// A review found a key's value taken as the wrong span, so the secret itself was sent: the closing marks of a
// Markdown or HTML label, an authorization scheme other than `Bearer`, `Basic` or `token`, a string literal's prefix or
// a wrapping call, escaped quotes of JSON written inside text, and a key name ending in a digit.

describe('DEFAULT_REDACTION_PATTERNS on a label written with Markdown or HTML marks', () => {
  it.each([
    ['bold, the colon inside', '**Password:** hunter2X9', '**Password:** [SECRET_1]'],
    ['italic', '*Password:* hunter2X9', '*Password:* [SECRET_1]'],
    ['underscores', '__Password:__ hunter2X9', '__Password:__ [SECRET_1]'],
    ['a configuration key in bold', '**DB_PASSWORD:** hunter2x', '**DB_PASSWORD:** [SECRET_1]'],
    ['a spaced key in bold', '**API key:** abc123XYZ', '**API key:** [SECRET_1]'],
    ['a list item', '- **Password:** hunter2X9', '- **Password:** [SECRET_1]'],
    ['bold, the colon outside', '**Password**: hunter2X9', '**Password**: [SECRET_1]'],
    ['a code span', '`DB_PASSWORD`: hunter2X9', '`DB_PASSWORD`: [SECRET_1]'],
    ['an HTML element', '<b>Password:</b> hunter2X9', '<b>Password:</b> [SECRET_1]'],
    ['an HTML element, the colon outside', '<b>Password</b>: hunter2X9', '<b>Password</b>: [SECRET_1]'],
  ])('redacts the value: %s', (_label, text, read) => {
    expect(redact(text)).toBe(read);
  });

  it.each([
    ['prose after a bold label', '**Password:** see the wiki.'],
    ['prose after an italic label', '*Password:* ask the admin.'],
    ['prose after a label outside the marks', '**Token**: Authentication is required.'],
    ['prose after an HTML label', '<b>Password:</b> ask the admin'],
    ['another bold label', '**Note:** the password is in the vault.'],
    ['a code span in prose', '`password`: the field that holds it'],
    ['a Python name', '__init__: true'],
  ])('leaves prose: %s', (_label, text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on an HTTP credential after any scheme', () => {
  it.each([
    'ApiKey',
    'Client-ID',
    'GenieKey',
    'Api-Key',
    'DeepL-Auth-Key',
    'Klaviyo-API-Key',
    'OAuth',
    'Bot',
    'SSWS',
    'Key',
  ])('redacts the credential after %s', (scheme) => {
    expect(redact(`Authorization: ${scheme} abc123def456`)).toBe(`Authorization: ${scheme} [SECRET_1]`);
  });

  it.each([
    ['a proxy', 'Proxy-Authorization: Custom abc123def456', 'Proxy-Authorization: Custom [SECRET_1]'],
    ['a quoted header', '"Authorization": "ApiKey abc123def456"', '"Authorization": "[SECRET_1]"'],
    ['a credential with no scheme', 'Authorization: Xk9abc2 more', 'Authorization: [SECRET_1] more'],
  ])('redacts the credential: %s', (_label, text, read) => {
    expect(redact(text)).toBe(read);
  });

  it.each([
    ['prose after a capital', 'Authorization: See the docs for details.'],
    ['prose', 'Authorization: is required for every call.'],
    ['a scheme named in prose', 'Authorization: Basic authentication sends the password.'],
  ])('leaves prose: %s', (_label, text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on a quoted value after a prefix or a wrapping call', () => {
  it.each(['r', 'b', 'f', 'u', 'rb', '@', '$', 'L', 'u8'])('redacts the value of %s"…"', (prefix) => {
    expect(redact(`password = ${prefix}"hunter2x9Q"`)).toBe(`password = ${prefix}"[SECRET_1]"`);
  });

  it.each([
    ['a wrapping call', 'password = SecretStr("hunter2x")', 'password = SecretStr("[SECRET_1]")'],
    [
      'a qualified wrapping call',
      'token = pydantic.SecretStr("hunter2x")',
      'token = pydantic.SecretStr("[SECRET_1]")',
    ],
    ['escaped quotes', 'password=\\"hunter 2x\\"', 'password=\\"[SECRET_1]\\"'],
    ['a single-quoted prefix', "password = r'hunter2x9Q'", "password = r'[SECRET_1]'"],
  ])('redacts the value: %s', (_label, text, read) => {
    expect(redact(text)).toBe(read);
  });

  it.each([
    ['a call that reads the environment', 'password := os.Getenv("DB_PASSWORD")'],
    ['another key', 'foo_bar = r"hunter2"'],
    ['escaped quotes in prose', 'He said \\"hello\\" to me'],
  ])('leaves %s', (_label, text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on JSON escaped inside text', () => {
  it.each([
    ['a log line', 'log: {\\"password\\":\\"hunter2x\\"}', 'log: {\\"password\\":\\"[SECRET_1]\\"}'],
    [
      'spaces and another field',
      'msg={\\"user\\": \\"ada\\", \\"api_key\\": \\"abc 123\\"}',
      'msg={\\"user\\": \\"ada\\", \\"api_key\\": \\"[SECRET_1]\\"}',
    ],
  ])('redacts the value: %s', (_label, text, read) => {
    expect(redact(text)).toBe(read);
  });

  it('leaves other escaped fields', () => {
    const text = 'log: {\\"user\\":\\"ada\\",\\"status\\":\\"ok\\"}';
    expect(redact(text)).toBe(text);
  });
});

describe('DEFAULT_REDACTION_PATTERNS on a key name ending in a digit', () => {
  it.each([
    ['password2: hunter2X9', 'password2: [SECRET_1]'],
    ['secret2=hunter2X9', 'secret2=[SECRET_1]'],
    ['token2: hunter2X9', 'token2: [SECRET_1]'],
    ['api_key2=hunter2X9', 'api_key2=[SECRET_1]'],
    ['CLIENT_SECRET2=hunter2X9', 'CLIENT_SECRET2=[SECRET_1]'],
    ['"password2": "hunter2x"', '"password2": "[SECRET_1]"'],
  ])('redacts the value in %j', (text, read) => {
    expect(redact(text)).toBe(read);
  });

  it.each(['token1 and token2 are both valid', 'The password2 field is optional.', 'See secret2 below.'])(
    'leaves %j',
    (text) => {
      expect(redact(text)).toBe(text);
    },
  );
});
