import { generateText, streamText, wrapLanguageModel } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { generateResult, MockLanguageModel, textStream } from '../__fixtures__/mock-models.js';
import { defaults, redact } from '../__fixtures__/redact-with-defaults.js';
import { readingView } from './reading-view.js';
import { redactionMiddleware } from './redaction-middleware.js';
import { DEFAULT_REDACTION_PATTERNS } from './default-redaction-patterns.js';
import { compilePatterns, Redactor, TOKEN_SHAPE } from './redactor.js';

/** `text` as a model reads it: invisible characters dropped, full-width forms folded. */
function visible(text: string): string {
  return readingView(text)?.text ?? text;
}

// Each value as it is written, and ways of writing it that a model reads as the same value.
const VALUES = [
  'ada.lovelace@example.org',
  'sk-proj-abcdefghijklmnop1234567890XYZ',
  'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  'AKIAIOSFODNN7EXAMPLE',
  '+44 20 7946 0958',
  '192.168.10.42',
];
const INVISIBLE = [
  '\u200b',
  '\u00ad',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u200e',
  '\u202e',
  '\u{e0041}',
];
const fullWidth = (text: string): string =>
  text.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));

describe('redaction of values spelled with invisible or full-width characters', () => {
  it.each(
    VALUES.flatMap((value) =>
      INVISIBLE.flatMap((mark) => [
        `${value.slice(0, 4)}${mark}${value.slice(4)}`,
        `${value.slice(0, -3)}${mark}${value.slice(-3)}`,
      ]),
    ),
  )('sends no part of a value with an invisible character inside: %j', (value) => {
    const read = redact(`Use ${value} today.`);
    expect(read).toMatch(/^Use \[[A-Z0-9]+_1\] today\.$/);
  });

  it.each(VALUES)('sends no part of a value written in full-width forms: %s', (value) => {
    const written = fullWidth(value);
    const read = redact(`Use ${written} today.`);
    expect(read).toMatch(/^Use \[[A-Z0-9]+_1\] today\.$/);
  });

  it.each([
    ['mail ada＠example.org now', 'mail [EMAIL_1] now'],
    ['mail ada﹫example﹒org now', 'mail [EMAIL_1] now'],
    ['https://x.test/?to=ada.lovelace%40example.org&y=1', 'https://x.test/?to=[EMAIL_1]&y=1'],
    ['<a href="mailto:ada%2Elovelace%40example.org">', '<a href="mailto:[EMAIL_1]">'],
    [
      'mail ada&#64;example.org or ada&#x40;example.org or ada&commat;example.org',
      'mail [EMAIL_1] or [EMAIL_2] or [EMAIL_3]',
    ],
    // As with `@`, the characters of a script without spaces before it go with the address.
    ['请发邮件到张伟＠公司.中国', '[EMAIL_1]'],
    ['Mail: ada＠example.org。', 'Mail: [EMAIL_1]。'],
  ])('reads an encoded or full-width @ as @: %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });

  it.each([
    ['x\u200bsk-abcdefghijklmnopqrstu', 'x\u200b[SECRET_1]'],
    ['1\u200b192.168.1.1', '1\u200b[IPV4_1]'],
    ['abc\u200bAKIAIOSFODNN7EXAMPLE', 'abc\u200b[SECRET_1]'],
    ['ａsk-abcdefghijklmnopqrstu', 'ａ[SECRET_1]'],
  ])(
    'still finds what the text matches as written, where an invisible or full-width character is a boundary: %j',
    (text, expected) => {
      expect(redact(text)).toBe(expected);
    },
  );

  it('leaves text without such characters as it was, and text with them but no value as it was', () => {
    for (const text of [
      'plain text',
      'a\u200bb ｆｕｌｌ 100%40 &#64;',
      'ｈｅｌｌｏ　ｗｏｒｌｄ',
      'émoji 👩\u200d💻',
    ]) {
      expect(redact(text)).toBe(text);
    }
  });

  it('never leaves text outside tokens that a default pattern matches as the model reads it', () => {
    const piece = fc.constantFrom(
      ...VALUES,
      ...INVISIBLE,
      ' ',
      '.',
      '@',
      '＠',
      '%40',
      '&#64;',
      'ａ',
      '１',
      'ｏｒｇ',
      '_',
      '-',
      'x',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        const redactor = new Redactor(defaults, [text]);
        const redacted = redactor.redact(text);
        expect(redactor.restore(redacted)).toBe(text);
        const read = visible(redacted);
        const inToken = new Array<boolean>(read.length).fill(false);
        for (const token of read.matchAll(TOKEN_SHAPE))
          if (redactor.isToken(token[0])) inToken.fill(true, token.index, token.index + token[0].length);
        for (const { label, pattern } of defaults) {
          for (const match of read.matchAll(pattern)) {
            const shown = [...match[0]].filter((_, i) => !inToken[match.index + i]).join('');
            expect([label, match[0], shown]).toEqual([label, match[0], '']);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    // `＠` and `１` read as `@` and `1`: once the first address is a token, `-proj-…XYZ＠ada.lovelace` reads as one.
    [
      'ada.lovelace@example.orgsk-proj-abcdefghijklmnop1234567890XYZ＠ada.lovelace@example.org１',
      '[EMAIL_1][EMAIL_2]@example.org１',
    ],
    // `%40` reads as `@`, a boundary, and the mark between the keys as nothing: once the second key is a token, the
    // first reads as a key of its own.
    ['%40AKIAIOSFODNN7EXAMPLE\u200eAKIAIOSFODNN7EXAMPLE', '%40[SECRET_1]\u200e[SECRET_1]'],
  ])(
    'covers what reads as a match, as the model reads it, once a neighbour is a token: %j',
    (text, expected) => {
      expect(redact(text)).toBe(expected);
    },
  );

  it('cuts an added token around a span of a caller pattern that reads as nothing', () => {
    const patterns = compilePatterns([...DEFAULT_REDACTION_PATTERNS, { name: 'ZW', pattern: /\u200b/ }]);
    const text = '%40AKIAIOSF\u200bODNN7EXAMPLE\u200eAKIAIOSFODNN7EXAMPLE';
    const redactor = new Redactor(patterns, [text]);
    const redacted = redactor.redact(text);
    expect(redacted).toMatch(/^%40\[SECRET_\d\]\[ZW_1\]\[SECRET_\d\]\u200e\[SECRET_1\]$/);
    expect(redactor.restore(redacted)).toBe(text);
  });

  it('takes the whole of an encoded @ that a match as written ends inside', () => {
    const patterns = compilePatterns([...DEFAULT_REDACTION_PATTERNS, { name: 'CODE', pattern: /x%4/ }]);
    const text = 'see x%40 and x&#64';
    const redactor = new Redactor(patterns, [text]);
    const redacted = redactor.redact(text);
    // Not `[CODE_1]0`: what follows the token reads as the text past the whole `%40`.
    expect(redacted).toBe('see [CODE_1] and x&#64');
    expect(redactor.restore(redacted)).toBe(text);
  });

  it('does not issue a token the prompt already holds in a spelling that reads as it', () => {
    const text = 'see [EMAIL\u200b_1] and ［EMAIL_2］, mail ada@example.org';
    const redactor = new Redactor(defaults, [text]);
    expect(redactor.redact(text)).toBe('see [EMAIL\u200b_1] and ［EMAIL_2］, mail [EMAIL_3]');
  });

  it('stays linear: a long text full of invisible and full-width characters', () => {
    const make = (n: number) => {
      const text = 'ａ\u200b@ｂ.ｃ%40 '.repeat(n);
      return () => new Redactor(defaults, [text]).redact(text);
    };
    expect(growth(make, 1_000)).toBeLessThan(BOUND);
  });
});

describe('redaction of a private key block', () => {
  const LINES = [
    'MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun',
    'VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK',
    'LxoFFf0aaV2m6XyVf0d',
  ];
  it.each([
    // A short last line without '/', '+' or padding.
    ['RSA', '', '\n'],
    // Indented as YAML holds it; the first line's '/' once cut it in two.
    ['', '    ', '\n'],
    ['OPENSSH', '  ', '\r\n'],
    ['ENCRYPTED', '', '\n'],
    // JSON's escaped line breaks.
    ['EC', '', '\\n'],
  ])('sends none of the body of a %s key (indent %j, line break %j)', (kind, indent, br) => {
    const header = `-----BEGIN ${kind ? `${kind} ` : ''}PRIVATE KEY-----`;
    const footer = `-----END ${kind ? `${kind} ` : ''}PRIVATE KEY-----`;
    const text = [header, ...LINES, footer].map((line) => indent + line).join(br);
    const read = redact(`key: |${br}${text}${br}`);
    for (const line of LINES) expect(read).not.toContain(line.slice(0, 8));
    expect(read).toContain(header);
    expect(read).toContain(footer);
  });

  it('sends none of an encrypted key with its headers, nor of a key cut off before its footer', () => {
    const encrypted = redact(
      `-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,3F17F5316E2BAC89\n\n${LINES.join('\n')}\n-----END RSA PRIVATE KEY-----`,
    );
    for (const secret of ['3F17F5316E2BAC89', ...LINES.map((line) => line.slice(0, 8))])
      expect(encrypted).not.toContain(secret);
    const cut = redact(`-----BEGIN PRIVATE KEY-----\n${LINES.join('\n')}`);
    for (const line of LINES) expect(cut).not.toContain(line.slice(0, 8));
  });
});

describe('redactionMiddleware on spelled values, key blocks and file names', () => {
  const SPELLED = 'ada\u200b.lovelace＠example.org';
  const KEY = `    -----BEGIN PRIVATE KEY-----\n    MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n    VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n    -----END PRIVATE KEY-----`;
  it('sends none of them and restores the token to the value as it was written, generated and streamed', async () => {
    const inner = new MockLanguageModel({
      doGenerate: async () => generateResult('Write to [EMAIL_1].'),
      doStream: async () => ({ stream: textStream(['Write to [EMA', 'IL_1].']) }),
    });
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const messages = [
      {
        role: 'user' as const,
        content: [
          { type: 'text' as const, text: `Mail ${SPELLED}, key:\n${KEY}` },
          {
            type: 'file' as const,
            data: new Uint8Array([37, 80, 68, 70]),
            mediaType: 'application/pdf',
            filename: 'statement-for-grace.hopper@example.org.pdf',
          },
        ],
      },
    ];
    const generated = await generateText({ model, messages });
    expect(generated.text).toBe(`Write to ${SPELLED}.`);
    const streamed = streamText({ model, messages });
    expect(await streamed.text).toBe(`Write to ${SPELLED}.`);
    for (const call of [inner.doGenerateCalls[0], inner.doStreamCalls[0]]) {
      const seen = JSON.stringify(call?.prompt);
      for (const secret of ['lovelace', 'MIIEowIB', 'VTLw7onL', 'grace.hopper'])
        expect(seen).not.toContain(secret);
      expect(seen).toContain('[EMAIL_2]');
    }
  });
});

describe('redactionMiddleware on file names', () => {
  it('sends no value in the name of a file, in a message or in a tool result, whatever the file holds', async () => {
    const inner = new MockLanguageModel({
      // The model takes the URL as it is: nothing is downloaded.
      supportedUrls: { 'application/pdf': [/^https:/] },
      doGenerate: async () => generateResult('Done.'),
    });
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    await generateText({
      model,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Read these.' },
            {
              type: 'file',
              data: new Uint8Array([37, 80, 68, 70]),
              mediaType: 'application/pdf',
              filename: 'statement-grace.hopper@example.org.pdf',
            },
            {
              type: 'file',
              data: new URL('https://files.test/a.pdf'),
              mediaType: 'application/pdf',
              filename: 'sk-proj-abcdefghijklmnop1234567890XYZ.pdf',
            },
          ],
        },
        {
          role: 'assistant',
          content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'fetch', input: {} }],
        },
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c1',
              toolName: 'fetch',
              output: {
                type: 'content',
                value: [
                  {
                    type: 'file-data',
                    data: 'JVBERg==',
                    mediaType: 'application/pdf',
                    filename: 'from-ada@example.org.pdf',
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    const seen = JSON.stringify(inner.doGenerateCalls[0]?.prompt);
    for (const secret of ['grace.hopper', 'sk-proj-abcdefghijklmnop', 'ada@example.org'])
      expect(seen).not.toContain(secret);
  });
});
