import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { DEFAULT_REDACTION_PATTERNS } from './default-redaction-patterns.js';
import { promptTexts, redactPrompt } from './redact-prompt.js';
import { compilePatterns, Redactor, TOKEN_SHAPE } from './redactor.js';

const redact = (text: string): string =>
  new Redactor(compilePatterns(DEFAULT_REDACTION_PATTERNS), []).redact(text);

describe('DEFAULT_REDACTION_PATTERNS at scale', () => {
  it.each([
    ['letters', 'a'],
    ['numbered dots', '1.'],
    ['phone prefixes', '+1 '],
    ['at signs', 'a@'],
    ['long local parts', `${'a'.repeat(64)}@`],
    ['open brackets', '[['],
    ['mixed-case runs', 'Ab1'],
    ['area codes', '(555) '],
    ['bracketed trunk prefixes', '+44 (0)'],
    ['short digit groups', '+1 2-'],
    // The secret rules: key names before values, prose and quotes, token prefixes, schemes and links.
    ['key names and colons', 'password: '],
    ['key names glued by equals signs', 'password='],
    ['prose after key names', 'Token: Authentication '],
    ['long prose words after key names', `Secret: ${'a'.repeat(5000)} `],
    ['signs after long words', `Secret: ${'a'.repeat(300)}. `],
    ['unclosed quoted values', 'token: "a'],
    ['quoted keys', '"api_key":"'],
    ['escapes in quoted values', 'password="\\\\'],
    ['JWT parts', 'eyJhbGciOi.'],
    ['JWT prefixes', 'eyJ'],
    ['authorization schemes', 'Authorization: Bearer '],
    ['webhook prefixes', 'hooks.slack.com/services/'],
    ['links with empty users', 'a://:'],
    ['token-like brackets in values', `password=[A${'_1'.repeat(30)}`],
    // Name/value pairs: a value's field after a name of a secret, fields between them, PHP's comma after a key.
    ['name/value pairs', '{"name":"DB_PASSWORD","value":"'],
    ['name/value pairs in YAML', '- name: DB_PASSWORD\n  value: '],
    ['fields after names of secrets', '"name":"password","Type":"a",'],
    ['quoted keys after commas', '"password","'],
  ])('stays linear on repeated %s (CPU time of 8n over n)', (_, unit) => {
    const make = (size: number) => {
      const text = unit.repeat(Math.ceil(size / unit.length));
      return () => redact(text);
    };
    expect(growth(make, 20_000)).toBeLessThan(BOUND);
  });

  it.each([
    ['accented at signs', (k: number) => 'é@'.repeat(k)],
    ['dotted domains', (k: number) => 'a@a.'.repeat(k)],
    ['hyphens after a domain', (k: number) => 'a@b.com-'.repeat(k)],
    ['full-length labels', (k: number) => `a@${`${'b'.repeat(63)}.`.repeat(k)}`],
    ['hyphenated labels', (k: number) => `a@${'b-'.repeat(k)}`],
    ['punycode prefixes', (k: number) => 'a@b.xn--'.repeat(k)],
    ['marks', (k: number) => `ü\u0301.`.repeat(k)],
    ['addresses in text without spaces', (k: number) => '李a@例.中国ま'.repeat(k)],
    ['runs of Han before an at sign', (k: number) => `${'李'.repeat(70)}@`.repeat(k)],
  ])('keeps the e-mail pattern linear on %s (200 KB at 8n)', (_, build) => {
    const make = (size: number) => {
      const one = build(1).length;
      const text = build(Math.ceil(size / one)).slice(0, size);
      return () => redact(text);
    };
    expect(growth(make, 25_000)).toBeLessThan(BOUND);
  });

  // The rules for key blocks with prefixes, short key names, command lines, cookies and links whose password holds '@'.
  it.each([
    ['key headers', (k: number) => '-----BEGIN PRIVATE KEY-----# ab/'.repeat(k)],
    ['a key body past its bound', (k: number) => `-----BEGIN PRIVATE KEY-----\n${'# ab/cd<br>'.repeat(k)}`],
    ['cookie headers', (k: number) => 'Cookie: a=b; '.repeat(k)],
    ['cookies in one header', (k: number) => `Cookie: ${'a=b; '.repeat(k)}`],
    ['cookie pairs without a header', (k: number) => ';a=b'.repeat(k)],
    ['curl users', (k: number) => 'curl -u a:'.repeat(k)],
    ['registry logins', (k: number) => 'docker login -p '.repeat(k)],
    ['options of one login', (k: number) => `docker login ${'-p x '.repeat(k)}`],
    ['htpasswd commands', (k: number) => 'htpasswd -b f u p\n'.repeat(k)],
    ['config commands', (k: number) => 'aws configure set secret '.repeat(k)],
    ['netrc entries', (k: number) => 'machine h login u password '.repeat(k)],
    ['at signs in a link password', (k: number) => `a://u:${'p@'.repeat(k)}`],
    ['links before one at sign', (k: number) => `${'a://u:'.repeat(k)}@`],
    ['quoted short keys', (k: number) => '"auth":'.repeat(k)],
    // The shapes looked for after names that are words of code too, and cookie names read as a session's.
    ['quoted values of short keys', (k: number) => '"key": "'.repeat(k)],
    ['long values of short keys', (k: number) => `key=${'a'.repeat(300)}1 `.repeat(k)],
    ['mixed values of *_KEY names', (k: number) => 'SORT_KEY=Ab-'.repeat(k)],
    ['values of pass names', (k: number) => 'PASS = a'.repeat(k)],
    ['long cookie names', (k: number) => `Cookie: ${`${'s'.repeat(70)}sess=x; `.repeat(k)}`],
  ])('stays linear on %s (CPU time of 8n over n)', (_, build) => {
    const make = (size: number) => {
      const text = build(Math.ceil(size / build(1).length)).slice(0, size);
      return () => redact(text);
    };
    expect(growth(make, 20_000)).toBeLessThan(BOUND);
  });

  it('stays linear when every match overlaps the one before (CPU time of 8n over n)', () => {
    const patterns = compilePatterns([
      { name: 'a', pattern: /abab/ },
      { name: 'b', pattern: /baba/ },
      { name: 'c', pattern: /[ab]{16}/ },
    ]);
    const make = (size: number) => {
      const text = 'ab'.repeat(size / 2);
      return () => new Redactor(patterns, []).redact(text);
    };
    expect(growth(make, 20_000)).toBeLessThan(BOUND);
  });

  it.each([
    // Each repeat: an address, then two phone numbers that show only once the one before is a token.
    ['phone numbers after an address', 'ada@example.org(555) 123-4567+44 20 7946 0958', ''],
    // One chain through the whole text, after the first token.
    ['glued phone numbers', '(555) 123-4567', ''],
    ['glued international numbers', '+4412345678', ''],
    // One chain through the whole text, before the last token.
    ['phone numbers before a dot and a digit', '555-123-4567.', '555-123-4567'],
  ])('covers what tokens reveal in linear time on repeated %s (CPU time of 8n over n)', (_, unit, end) => {
    const make = (size: number) => {
      const text = unit.repeat(Math.ceil(size / unit.length)) + end;
      return () => redact(text);
    };
    expect(redact(unit.repeat(3) + end).replace(TOKEN_SHAPE, '')).not.toMatch(/[0-9]/); // no digit shown
    expect(growth(make, 20_000)).toBeLessThan(BOUND);
  });

  it('redacts a message of many text parts, values cut by every boundary, in linear time (CPU time of 8n over n)', () => {
    const pieces = ['Mail ada@exa', 'mple.org, key sk-proj-', 'abcdefghij', 'klmnopqrstuvwxyz0123456789. '];
    const make = (size: number) => {
      const content = Array.from({ length: size / 8 }, (_, i) => ({
        type: 'text' as const,
        text: pieces[i % pieces.length] as string,
      }));
      const prompt = [{ role: 'user' as const, content }];
      return () =>
        redactPrompt(prompt, new Redactor(compilePatterns(DEFAULT_REDACTION_PATTERNS), promptTexts(prompt)));
    };
    const redacted = make(64)()[0]?.content as Array<{ text: string }>;
    expect(redacted.map((part) => part.text).join('')).not.toMatch(/ada@|abcdefghij/);
    expect(growth(make, 20_000)).toBeLessThan(BOUND);
  });

  it.each([
    // Many values, each read after its key and taken whole: quotes, line breaks and an address inside.
    [
      'many values',
      (k: number) =>
        Object.fromEntries(Array.from({ length: k }, (_, i) => [`password_${i}`, `hu"nt\n${i} 10.0.0.1`])),
    ],
    // Many fields, each value read after the fields before it, and many values of one key named as a secret.
    [
      'many fields after a name',
      (k: number) =>
        Object.fromEntries([
          ['name', 'DB_PASSWORD'],
          ...Array.from({ length: k }, (_, i) => [`value_${i}`, `x"y\n${i} 10.0.0.1`]),
        ]),
    ],
    [
      'a list under a key',
      (k: number) => ({ password: Array.from({ length: k }, (_, i) => `hu"nt\n${i} 10.0.0.1`) }),
    ],
    [
      'an object under a key',
      (k: number) => ({
        password: Object.fromEntries(Array.from({ length: k }, (_, i) => [`v${i}`, `hu"nt\n${i} 10.0.0.1`])),
      }),
    ],
    // One value longer than a key's rule takes, full of signs JSON escapes.
    ['one long escaped value', (k: number) => ({ password: '"\n\\a'.repeat(k) })],
  ])(
    'redacts JSON values under keys named as secrets in linear time: %s (CPU time of 8n over n)',
    (_, build) => {
      const make = (size: number) => {
        const value = build(Math.ceil(size / 32));
        const prompt = [
          {
            role: 'tool' as const,
            content: [
              {
                type: 'tool-result' as const,
                toolCallId: 'c',
                toolName: 't',
                output: { type: 'json' as const, value },
              },
            ],
          },
        ] as Parameters<typeof redactPrompt>[0];
        return () =>
          redactPrompt(
            prompt,
            new Redactor(compilePatterns(DEFAULT_REDACTION_PATTERNS), promptTexts(prompt)),
          );
      };
      const redacted = JSON.stringify(make(64)());
      expect(redacted).not.toMatch(/hu\\"nt|10\.0\.0/);
      expect(growth(make, 20_000)).toBeLessThan(BOUND);
    },
    // About 13 s alone on a quiet machine; more on a loaded runner.
    120_000,
  );

  it('redacts a megabyte of each hostile shape', () => {
    for (const unit of ['a', '1.', '+1 ', 'a@', '[[', 'Ab1', '(555) ', '+44 (0)', '+1 2-']) {
      expect(typeof redact(unit.repeat(Math.ceil(1_000_000 / unit.length)))).toBe('string');
    }
  });

  it('tells whether a held-back tail may grow into a token in time independent of how many were issued', () => {
    // A stream of n deltas ending in `[Z` over a prompt of n addresses asks n times (n tokens issued).
    // The same 200,000 lookups with 8 times as many tokens issued: walking the tokens would cost 8 times as much.
    const make = (size: number) => {
      const redactor = new Redactor(compilePatterns(DEFAULT_REDACTION_PATTERNS), []);
      redactor.redact(Array.from({ length: size }, (_, i) => `user${i}@example.org`).join(' '));
      return () => {
        let could = 0;
        for (let i = 0; i < 200_000; i++)
          if (redactor.couldStartToken(i % 2 === 0 ? '[Z' : '[EMAIL_')) could++;
        return could;
      };
    };
    expect(growth(make, 2_000, 4)).toBeLessThan(4);
    const redactor = new Redactor(compilePatterns(DEFAULT_REDACTION_PATTERNS), []);
    redactor.redact('a@b.org c@d.org');
    expect(
      ['[', '[EMAIL', '[EMAIL_2', '[EMAIL_2]', '[EMAIL_3', '[Z'].map((tail) =>
        redactor.couldStartToken(tail),
      ),
    ).toEqual([true, true, true, false, false, false]);
  });
});
