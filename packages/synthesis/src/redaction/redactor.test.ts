import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REDACTION_PATTERNS } from './default-redaction-patterns.js';
import { compilePatterns, type RedactionPattern, Redactor, TOKEN_SHAPE } from './redactor.js';

const PERSON: RedactionPattern = { name: 'person', pattern: /\bAda Lovelace\b/ };
const defaults = compilePatterns(DEFAULT_REDACTION_PATTERNS);

/** Redacts `text`, checks that restoring gives it back exactly, and returns what the model would read. */
function redact(text: string, patterns: readonly RedactionPattern[] = DEFAULT_REDACTION_PATTERNS): string {
  const redactor = new Redactor(compilePatterns(patterns), [text]);
  const redacted = redactor.redact(text);
  expect(redactor.restore(redacted)).toBe(text);
  return redacted;
}

describe('Redactor.redact', () => {
  it.each([
    // The hex run starts inside the address: its 32 characters past the address are a secret of their own.
    [
      'host 192.168.1.1deadbeefdeadbeefdeadbeefdeadbeef1 end',
      DEFAULT_REDACTION_PATTERNS,
      'host [IPV4_1][SECRET_1] end',
    ],
    // The address starts inside the name: its part past the name is an address token.
    [
      'Write to Ada Lovelace.ada@example.org today',
      [...DEFAULT_REDACTION_PATTERNS, PERSON],
      'Write to [PERSON_1][EMAIL_1] today',
    ],
    // A chain: each match runs past the one before.
    [
      'xabcdefghx',
      [
        { name: 'a', pattern: /abcd/ },
        { name: 'b', pattern: /cdef/ },
        { name: 'c', pattern: /efgh/ },
      ],
      'x[A_1][B_1][C_1]x',
    ],
    // Two patterns of one kind.
    [
      'abc',
      [
        { name: 'n', pattern: /ab/ },
        { name: 'n', pattern: /bc/ },
      ],
      '[N_1][N_2]',
    ],
    // A match wholly inside another, or at its start and shorter, adds nothing.
    [
      'abcdef',
      [
        { name: 'inner', pattern: /cd/ },
        { name: 'outer', pattern: /abcdef/ },
        { name: 'head', pattern: /abc/ },
      ],
      '[OUTER_1]',
    ],
  ])(
    'leaves no matched character of %j out of a token, and restores it exactly',
    (text, patterns, expected) => {
      expect(redact(text, patterns)).toBe(expected);
    },
  );

  it('keeps the token of the earlier match the same wherever its value occurs in the call', () => {
    const redactor = new Redactor(compilePatterns([...DEFAULT_REDACTION_PATTERNS, PERSON]), []);
    expect(redactor.redact('Ada Lovelace wrote.')).toBe('[PERSON_1] wrote.');
    expect(redactor.redact('From Ada Lovelace.ada@example.org, host 10.0.0.1')).toBe(
      'From [PERSON_1][EMAIL_1], host [IPV4_1]',
    );
    expect(redactor.redact('10.0.0.1deadbeefdeadbeefdeadbeefdeadbeef1')).toBe('[IPV4_1][SECRET_1]');
    expect(redactor.restore('[PERSON_1] [EMAIL_1] [IPV4_1][SECRET_1]')).toBe(
      'Ada Lovelace .ada@example.org 10.0.0.1deadbeefdeadbeefdeadbeefdeadbeef1',
    );
  });

  it('leaves no character that a default pattern matches out of a token, and restores every text exactly', () => {
    forRedactedTexts((text, redactor, redacted) => {
      const hidden = hiddenUnits(redactor, redacted);
      for (const { label, pattern } of defaults) {
        for (const match of text.matchAll(pattern)) {
          const shown = [...match[0]].filter((_, i) => !hidden[match.index + i]).join('');
          expect([label, match[0], shown]).toEqual([label, match[0], '']);
        }
      }
    });
  });
});

describe('the default SECRET patterns', () => {
  it.each([
    // An AWS secret key holds '/', which keeps it out of the base64 rule: the key name marks it.
    [
      'aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'aws_access_key_id = [SECRET_1]\naws_secret_access_key = [SECRET_2]',
    ],
    ['GOOGLE_API_KEY=AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY', 'GOOGLE_API_KEY=[SECRET_1]'],
    ['{"api_key": "abc-123-def/456"}', '{"api_key": "[SECRET_1]"}'],
    ['Password: correct-horse-battery', 'Password: [SECRET_1]'],
    // camelCase and plural key names, as SDKs and environments write them.
    [
      "secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', passwordHash: $2b$10$abcdefghijk",
      "secretAccessKey: '[SECRET_1]', passwordHash: [SECRET_2]",
    ],
    [
      '{"SecretString": "my-db-pass-2024"} SECRETS=abcd-efgh-ijkl',
      '{"SecretString": "[SECRET_1]"} SECRETS=[SECRET_2]',
    ],
    // Lines of an OpenSSH key (70 characters) and of a MIME-wrapped one (76).
    [
      `${'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAABlwAAAAdzc2gtcn'.slice(0, 70)}\n${'Q2hlY2sxMjM0NTY3ODkwYWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXpBQkNERUZHSElKS0xNTk9Q'.slice(0, 76)}`,
      '[SECRET_1]\n[SECRET_2]',
    ],
    [
      'postgres://admin:hunter2SuperSecret!@db.internal:5432/prod',
      'postgres://admin:[SECRET_1]@db.internal:5432/prod',
    ],
    [
      '-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA3Tz2mr7SZiAMfQyuvBjM9Oi/Z1BjP5CE/Wm/Rr500Pabcdef\nZ1BjP5CE/Wm/Rr500P==\n-----END RSA PRIVATE KEY-----',
      // The body is one token, its short last line included.
      '-----BEGIN RSA PRIVATE KEY-----\n[SECRET_1]\n-----END RSA PRIVATE KEY-----',
    ],
  ])('redacts the secret in %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    'The token is valid for a day. Password: see the manual.',
    'See /usr/local/share/doc/something/else for the docs.',
    'Open https://example.org/docs/getting-started for more.',
    'Secretary: Blinken, Antony. Secretariat: Geneva-based staff.',
    'Tokenization: Byte-Pair-Encoding splits words. Tokens: approximately 750 words.',
    'Passwords: alphanumeric, at least 12 characters.',
    'tokenizer: "cl100k_base", Passwords: alphanumeric, SECRETARY: Antony Blinken',
    'TOKEN_URL=https://oauth2.googleapis.com/token and apiKey: process.env.OPENAI_API_KEY',
    'The report is named\nPhotosynthesis2020Report\nand useEffectHook2Example is a function.',
  ])('leaves %j as it is', (text) => {
    expect(redact(text)).toBe(text);
  });
});

describe('Redactor.redact on text that a token reveals', () => {
  it.each([
    // The underscore kept bob's address from starting a word; after `]` it starts one.
    ['ada@example.org_bob@example.org', DEFAULT_REDACTION_PATTERNS, '[EMAIL_1][EMAIL_2]'],
    // A GitHub token glued to an address.
    ['192.168.1.1ghp_abcdefghijklmnopqrstuvwxyz0123456789', DEFAULT_REDACTION_PATTERNS, '[IPV4_1][SECRET_1]'],
    // A chain after a token: each phone number shows only once the one before it is a token.
    [
      'ada@example.org(555) 123-4567+44 20 7946 0958',
      DEFAULT_REDACTION_PATTERNS,
      '[EMAIL_1][PHONE_1][PHONE_2]',
    ],
    // A chain before a token: `.5` after each number kept it from ending there; `.[` does not.
    ['555-123-4567.555-123-4567.555-123-4567', DEFAULT_REDACTION_PATTERNS, '[PHONE_1].[PHONE_1].[PHONE_1]'],
    // The address's last label ran on into the IPv4 address; the token ends it.
    ['ada@example.org192.168.1.1', DEFAULT_REDACTION_PATTERNS, '[EMAIL_1][IPV4_1]'],
    // Tokens took the quote that closed the key's value: it reads as one again, from the first token of the run to
    // the last quote, and what follows the run goes into a token too.
    [
      '"api_key": "redis://:"ada@example.org hunter2"',
      DEFAULT_REDACTION_PATTERNS,
      '"api_key": "[SECRET_1][SECRET_2][EMAIL_1][SECRET_3]"',
    ],
    [
      '"api_key": "redis://:"ada@example.org "',
      DEFAULT_REDACTION_PATTERNS,
      '"api_key": "[SECRET_1][SECRET_2][EMAIL_1][SECRET_3]"',
    ],
    // The same where the link's password runs to its last '@' (`"@ada@example.orgada`), as a URL parser reads it.
    [
      '"api_key": "redis://:"@ada@example.orgada@example.org" and more text after the value, to read on',
      DEFAULT_REDACTION_PATTERNS,
      '"api_key": "[SECRET_1][SECRET_2][SECRET_3]" and more text after the value, to read on',
    ],
    // A caller's match that starts at an earlier token of a run.
    [
      'abcdefy',
      [
        { name: 'a', pattern: /abc/ },
        { name: 'b', pattern: /def/ },
        { name: 'c', pattern: /\[A_1\]\[B_1\]y/ },
      ],
      '[A_1][B_1][C_1]',
    ],
    // A custom match that starts inside a token: its part past the token is taken, and the token stays whole.
    [
      'xabcdy',
      [
        { name: 'a', pattern: /abc/ },
        { name: 'b', pattern: /_1\]d/ },
      ],
      'x[A_1][B_1]y',
    ],
    // One wholly inside a token adds nothing.
    [
      'xabcdy',
      [
        { name: 'a', pattern: /abc/ },
        { name: 'b', pattern: /_1/ },
      ],
      'x[A_1]dy',
    ],
  ])('covers what %j reveals', (text, patterns, expected) => {
    expect(redact(text, patterns)).toBe(expected);
  });

  it.each([
    // A phone token hides the space that ended the key's value; the value must not read on through it.
    '"api_key": "(555) 123-4567;+4412345678555-123-4567sk-abcdefghijklmnopqrstu',
    'password: abcdefgh#+44 20 7946 0958?',
    'Authorization: Bearer #+44 20 7946 0958?',
    'redis://::(555) 123-4567@      0+44 20 7946 0958',
  ])('ends a value where a token starts in %j, so that no default pattern matches outside tokens', (text) => {
    const redactor = new Redactor(defaults, [text]);
    const redacted = redactor.redact(text);
    expect(redactor.restore(redacted)).toBe(text);
    const inToken = issuedTokenUnits(redactor, redacted);
    for (const { label, pattern } of defaults) {
      for (const match of redacted.matchAll(pattern)) {
        const shown = [...match[0]].filter((_, i) => !inToken[match.index + i]).join('');
        expect([label, match[0], shown]).toEqual([label, match[0], '']);
      }
    }
  });

  it('leaves no text outside tokens that a default pattern matches in the output, and restores it exactly', () => {
    forRedactedTexts((_text, redactor, redacted) => {
      const inToken = issuedTokenUnits(redactor, redacted);
      for (const { label, pattern } of defaults) {
        for (const match of redacted.matchAll(pattern)) {
          const shown = [...match[0]].filter((_, i) => !inToken[match.index + i]).join('');
          expect([label, match[0], shown]).toEqual([label, match[0], '']);
        }
      }
    });
  });
});

/** Pieces of text the default patterns match, glued to one another and to what may reveal or hide a match. */
const PIECES = [
  'ada@example.org',
  'sk-abcdefghijklmnopqrstu',
  '192.168.1.1',
  '+44 20 7946 0958',
  '555-123-4567',
  '(555) 123-4567',
  '555\u2013123\u20134567',
  '010.001.002.003',
  'deadbeefdeadbeefdeadbeefdeadbeef1',
  'AKIAIOSFODNN7EXAMPLE',
  'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
  'AbCdEfGhIjKlMnOpQrStUvWxYz012345',
  '李@例子.中国',
  'org',
  '.com',
  'bob@example.org',
  '+4412345678',
  '[EMAIL_1]',
  // Key names, quotes and schemes before values, prose after a key name, and token prefixes.
  'password=',
  'Secret: ',
  'Token: Authentication',
  '"api_key": "',
  'Authorization: Bearer ',
  'eyJhbGciOiJIUzI1NiJ9.',
  'hooks.slack.com/services/',
  'redis://:',
  'ASIAY34FZKBOKMUTVV7A',
  ...'.-_@+ x19aZ/():=ä李[]"\';',
];

/**
 * Runs `check` on 3,000 texts built from {@link PIECES} and arbitrary strings, each redacted by a redactor of the
 * default patterns, after checking that restoring the redacted text gives the text back exactly.
 */
function forRedactedTexts(check: (text: string, redactor: Redactor, redacted: string) => void): void {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string()), { maxLength: 10 }), (parts) => {
      const text = parts.join('');
      const redactor = new Redactor(defaults, [text]);
      const redacted = redactor.redact(text);
      expect(redactor.restore(redacted)).toBe(text);
      check(text, redactor, redacted);
    }),
    { numRuns: 3000 },
  );
}

/** For each UTF-16 unit of `redacted`, whether it belongs to a token issued by `redactor`. */
function issuedTokenUnits(redactor: Redactor, redacted: string): boolean[] {
  const inToken = new Array<boolean>(redacted.length).fill(false);
  for (const match of redacted.matchAll(TOKEN_SHAPE)) {
    if (redactor.restore(match[0]) !== match[0])
      inToken.fill(true, match.index, match.index + match[0].length);
  }
  return inToken;
}

/** For each UTF-16 unit of the original text, whether a token issued by `redactor` stands for it in `redacted`. */
function hiddenUnits(redactor: Redactor, redacted: string): boolean[] {
  const hidden: boolean[] = [];
  let cursor = 0;
  for (const match of redacted.matchAll(TOKEN_SHAPE)) {
    for (let i = cursor; i < match.index; i++) hidden.push(false);
    const value = redactor.restore(match[0]);
    for (let i = 0; i < value.length; i++) hidden.push(value !== match[0]);
    cursor = match.index + match[0].length;
  }
  return hidden;
}
