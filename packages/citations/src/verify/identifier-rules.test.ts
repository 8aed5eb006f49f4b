import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import {
  type CompiledIdentifierRule,
  compileIdentifierRules,
  DEFAULT_IDENTIFIER_RULES,
  findIdentifiers,
  foldIdentifierText,
  type IdentifierRule,
  identifierList,
} from './identifier-rules.js';

/** The identifiers as a Set (the verifier holds them in a StringSet). */
const identifierSet = (texts: readonly string[], rule: Parameters<typeof identifierList>[1]): Set<string> =>
  new Set(identifierList(texts, rule));

// Rules are compiled inside each test, never at import: a change that breaks compiling must fail a test, not the
// loading of this file.
// One refusal for an unknown name and a malformed custom rule: it names the built-in rules and the custom shape.
const SHAPE_MESSAGE =
  'Invalid options.identifiers: expected ecli, doi, url, url-loose, email or a custom rule shaped { name: string, pattern: RegExp }, received ';
const NAME_MESSAGE = SHAPE_MESSAGE;
const refusal = (rule: unknown): unknown => {
  try {
    compileIdentifierRules([rule as IdentifierRule]);
  } catch (error) {
    return error;
  }
  return 'compiled';
};
const defaults = (): CompiledIdentifierRule[] => compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);
const values = (text: string, names: IdentifierRule[]): string[] =>
  findIdentifiers(text, compileIdentifierRules(names)).map((found) => found.value);

describe('compileIdentifierRules', () => {
  it('defaults to the ECLI, DOI, URL and e-mail rules, compiled by name in that order', () => {
    expect(DEFAULT_IDENTIFIER_RULES).toEqual(['ecli', 'doi', 'url', 'email']);
    const compiled = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);
    expect(compiled.map((rule) => rule.name)).toEqual(['ecli', 'doi', 'url', 'email']);
    expect(compiled.map((rule) => rule.pattern.flags)).toEqual(['giu', 'gu', 'gi', 'giu']);
    expect(compileIdentifierRules(['url-loose']).map((rule) => rule.name)).toEqual(['url-loose']);
    expect(compileIdentifierRules(['url', 'ecli']).map((rule) => rule.name)).toEqual(['url', 'ecli']);
    expect(compileIdentifierRules([])).toEqual([]);
  });

  it('refuses an unknown rule name with a message naming it and the known ones', () => {
    for (const name of ['isbn', '', 'ECLI']) {
      const error = refusal(name);
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect(error).toMatchObject({ code: 'invalid_argument', parameter: 'options.identifiers' });
      expect((error as Error).message).toBe(`${NAME_MESSAGE}the string "${name}".`);
    }
  });

  it('refuses names every plain object inherits', () => {
    // Names every plain object inherits are no rules either (a rule list can come from a JSON config).
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(() => compileIdentifierRules([name as 'doi'])).toThrow(`${NAME_MESSAGE}the string "${name}".`);
    }
  });

  it('refuses every malformed custom rule with an InvalidArgumentError saying the shape it expects', () => {
    const malformed: unknown[] = [
      null,
      42,
      undefined,
      // A function with a RegExp `pattern` has a string `name` of its own, but it is not a rule object.
      Object.assign(() => 'case', { pattern: /case-\d+/ }),
      { name: 'case' },
      { name: 'case', pattern: 'case-\\d+' },
      { name: 'case', pattern: { source: 'case-\\d+', flags: '' } },
      { pattern: /case-\d+/ },
      { name: 7, pattern: /case-\d+/ },
      { name: null, pattern: /case-\d+/ },
    ];
    for (const rule of malformed) {
      const error = refusal(rule);
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).message.startsWith(SHAPE_MESSAGE)).toBe(true);
    }
  });

  it('refuses identifiers that are not an array, a string or a rule object among them, with an InvalidArgumentError', () => {
    for (const rules of ['doi', { name: 'case', pattern: /case-\d+/ }, null, 3, new Set(['doi'])]) {
      let error: unknown;
      try {
        compileIdentifierRules(rules as never);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidArgumentError);
      expect((error as InvalidArgumentError).message).toMatch(
        /^Invalid options\.identifiers: expected an array of identifier rules, received /,
      );
    }
  });

  it('drops the sticky flag of a custom pattern, so a match is found anywhere in the claim', () => {
    const pattern = /case-\d+/iy;
    const [rule] = compileIdentifierRules([{ name: 'case', pattern }]);
    expect(rule?.pattern.flags).toBe('gi');
    expect(rule?.pattern.source).toBe('case-\\d+');
    expect(pattern.flags).toBe('iy');
    expect(findIdentifiers('The court decided Case-12 and then case-13.', [rule!])).toEqual([
      { rule: 'case', value: 'Case-12' },
      { rule: 'case', value: 'case-13' },
    ]);
    const [global] = compileIdentifierRules([{ name: 'case', pattern: /case-\d+/gy }]);
    expect(global?.pattern.flags).toBe('g');
    expect(findIdentifiers('see case-1', [global!])).toEqual([{ rule: 'case', value: 'case-1' }]);
  });

  it('runs custom rules with a forced global flag and skips empty matches', () => {
    const pattern = /case-(\d+)|(?:)/i;
    const custom = compileIdentifierRules([{ name: 'case', pattern }]);
    expect(findIdentifiers('case-1 and CASE-2', custom)).toEqual([
      { rule: 'case', value: 'case-1' },
      { rule: 'case', value: 'CASE-2' },
    ]);
    expect(pattern.flags).toBe('i');
  });
});

describe('findIdentifiers', () => {
  it('finds ECLI, DOI and URL identifiers in canonical form', () => {
    const text = 'See ecli:nl:hr:2019:1234. and doi 10.1000/ABC.123, or https://example.org/a?b=1). Done.';
    expect(findIdentifiers(text, defaults())).toEqual([
      { rule: 'ecli', value: 'ECLI:NL:HR:2019:1234' },
      { rule: 'doi', value: '10.1000/abc.123' },
      { rule: 'url', value: 'https://example.org/a?b=1' },
    ]);
  });

  it('finds identifiers with each built-in rule compiled on its own', () => {
    const answer =
      'The court (ECLI:NL:HR:2020:1234.) relied on doi:10.1038/NATURE.2020, see http://example.org/ruling.';
    expect(findIdentifiers(answer, compileIdentifierRules(['ecli']))).toEqual([
      { rule: 'ecli', value: 'ECLI:NL:HR:2020:1234' },
    ]);
    expect(findIdentifiers(answer, compileIdentifierRules(['doi']))).toEqual([
      { rule: 'doi', value: '10.1038/nature.2020' },
    ]);
    expect(findIdentifiers(answer, compileIdentifierRules(['url']))).toEqual([
      { rule: 'url', value: 'http://example.org/ruling' },
    ]);
  });

  it('finds plain http URLs as well as https ones', () => {
    const rules = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);
    expect(
      findIdentifiers('Data at http://example.org/water, mirrored at HTTPS://example.net/w.', rules),
    ).toEqual([
      { rule: 'url', value: 'http://example.org/water' },
      { rule: 'url', value: 'https://example.net/w' },
    ]);
  });

  it('ignores near misses', () => {
    expect(
      findIdentifiers('ECLI:N:HR:2019:1 and 10.12/x and http:/x and 110.1000/x and @b and a@', defaults()),
    ).toEqual([]);
    // GFM renderers (marked) link `www.` glued to a word: it is read too.
    expect(findIdentifiers('awww.x.org', defaults())).toEqual([{ rule: 'url', value: 'https://www.x.org/' }]);
  });

  it('reads identifiers through zero-width characters and full-width forms, as they render', () => {
    expect(findIdentifiers('ECLI:NL:HR:2021\u200b:9999', defaults())).toEqual([
      { rule: 'ecli', value: 'ECLI:NL:HR:2021:9999' },
    ]);
    expect(findIdentifiers('ECLI:NL:HR:\uff12\uff10\uff12\uff11:9999', defaults())).toEqual([
      { rule: 'ecli', value: 'ECLI:NL:HR:2021:9999' },
    ]);
    expect(findIdentifiers('10\u200b.1000/boil.2025', defaults())).toEqual([
      { rule: 'doi', value: '10.1000/boil.2025' },
    ]);
    expect(findIdentifiers('h\u200dttps://evil.example/x', defaults())).toEqual([
      { rule: 'url', value: 'https://evil.example/x' },
    ]);
  });

  it('reads look-alike colons and slashes, which NFKC keeps, as the colon and slash they render as', () => {
    expect(findIdentifiers('The ruling ECLI\u2236NL\ua789HR:2020:9999 settled it.', defaults())).toEqual([
      { rule: 'ecli', value: 'ECLI:NL:HR:2020:9999' },
    ]);
    for (const slash of ['\u2215', '\u2044', '\u29f8', '\u2571'])
      expect(
        findIdentifiers(`Data are in 10.1000${slash}abd and https:${slash}${slash}evil.example`, defaults()),
      ).toEqual([
        { rule: 'doi', value: '10.1000/abd' },
        { rule: 'url', value: 'https://evil.example/' },
      ]);
    for (const colon of ['\u2236', '\ua789', '\u02f8', '\u0589', '\u05c3'])
      expect(findIdentifiers(`See https${colon}//evil.example`, defaults())).toEqual([
        { rule: 'url', value: 'https://evil.example/' },
      ]);
  });

  it('reads identifiers through every invisible character of the shared definition', () => {
    for (const hidden of ['\u00ad', '\u034f', '\u180e', '\u2064', '\u206a', '\ufe0f', '\u{e0020}']) {
      expect(
        findIdentifiers(`ECLI:NL:HR:2021${hidden}:9999 and 10.1000/boil${hidden}.2025`, defaults()),
      ).toEqual([
        { rule: 'ecli', value: 'ECLI:NL:HR:2021:9999' },
        { rule: 'doi', value: '10.1000/boil.2025' },
      ]);
    }
  });

  it('folds a claim written entirely in full-width characters, with no ASCII at all', () => {
    const fullWidth =
      '\uff25\uff23\uff2c\uff29\uff1a\uff2e\uff2c\uff1a\uff28\uff32\uff1a\uff12\uff10\uff12\uff11\uff1a\uff19\uff19';
    expect(foldIdentifierText(fullWidth)).toBe('ECLI:NL:HR:2021:99');
    expect(findIdentifiers(fullWidth, compileIdentifierRules(['ecli']))).toEqual([
      { rule: 'ecli', value: 'ECLI:NL:HR:2021:99' },
    ]);
    expect(foldIdentifierText('\u200b\u202e\u2066')).toBe('');
    expect(foldIdentifierText('ECLI:NL:HR:2021:99')).toBe('ECLI:NL:HR:2021:99');
  });

  it('reports every non-empty match of a custom rule verbatim, whatever it says', () => {
    const [rule] = compileIdentifierRules([{ name: 'sentence', pattern: /[A-Z][^.!]*!/ }]);
    expect(findIdentifiers('Quiet. Stryker was here! Nobody else was here!', [rule!])).toEqual([
      { rule: 'sentence', value: 'Stryker was here!' },
      { rule: 'sentence', value: 'Nobody else was here!' },
    ]);
  });

  it('reads each identifier as far as its characters go, so a prefix of a longer one is a different value', () => {
    expect(values('ECLI:NL:HR:2020:1234 and ECLI:NL:HR:2020:12.', ['ecli'])).toEqual([
      'ECLI:NL:HR:2020:1234',
      'ECLI:NL:HR:2020:12',
    ]);
    expect(values('doi 10.1000/boil.2024, and 10.1000/boil.', ['doi'])).toEqual([
      '10.1000/boil.2024',
      '10.1000/boil',
    ]);
    // A DOI stops at the first character no DOI holds here (a space, a quote mark, an angle bracket, non-ASCII).
    expect(values('"10.1000/a"<10.1000/b>10.1000/c\u3002', ['doi'])).toEqual([
      '10.1000/a',
      '10.1000/b',
      '10.1000/c',
    ]);
    expect(
      values('xECLI:NL:HR:2020:1 DOI10.1000/x xhttps://a.org/b', DEFAULT_IDENTIFIER_RULES.slice()),
    ).toEqual(['ECLI:NL:HR:2020:1', '10.1000/x', 'xhttps://a.org/b']);
  });

  it('reads a URL of any scheme, one from www. without a scheme, and an e-mail address', () => {
    expect(values('ftp://x.org/a, //skip, www.Evil.example/pay. sftp://h/p', ['url'])).toEqual([
      'ftp://x.org/a',
      'https://www.evil.example/pay',
      'sftp://h/p',
    ]);
    // www. reads as the https URL a renderer links.
    expect(values('https://www.evil.example/pay', ['url'])).toEqual(['https://www.evil.example/pay']);
    expect(values('Write to Alice.Smith+x@Corp.Example. or mailto:bob@b.org', ['email'])).toEqual([
      'alice.smith+x@corp.example',
      'bob@b.org',
    ]);
    // Letters of any script, beside ASCII or not, and a host a marker cut before its dot.
    expect(values('support\u0430@example.org, info@m\u00fcnchen.de, evil@attacker', ['email'])).toEqual([
      'support\u0430@example.org',
      'info@m\u00fcnchen.de',
      'evil@attacker',
    ]);
  });
});

describe('URL identifiers', () => {
  it('compares scheme and host case-insensitively and everything after the host exactly (url)', () => {
    const url = (text: string): string[] => values(text, ['url']);
    expect(url('HTTPS://Example.ORG/Water')).toEqual(['https://example.org/Water']);
    expect(url('https://user:Pw@Example.org:8080/a?B=1#Top')).toEqual([
      'https://user:Pw@example.org:8080/a?B=1#Top',
    ]);
    // What the URL standard writes the same: an empty path is '/', a default port is left out.
    expect(url('https://example.org https://example.org/ https://example.org:443/')).toEqual([
      'https://example.org/',
      'https://example.org/',
      'https://example.org/',
    ]);
    expect(url('http://example.org:80/a http://example.org:8080/a')).toEqual([
      'http://example.org/a',
      'http://example.org:8080/a',
    ]);
    // Strict: a trailing slash, www., a query and a fragment each make another identifier.
    expect(new Set(url('https://example.org/a https://example.org/a/ https://www.example.org/a')).size).toBe(
      3,
    );
    expect(new Set(url('https://example.org/a?x=1 https://example.org/a#x http://example.org/a')).size).toBe(
      3,
    );
  });

  it('trims trailing punctuation, closing brackets and quotes, never a slash', () => {
    expect(
      values('See https://example.org/water. Or (https://example.org/a/), "https://example.org/b"!', ['url']),
    ).toEqual(['https://example.org/water', 'https://example.org/a/', 'https://example.org/b']);
  });

  it('equates http and https, www., a trailing slash and the fragment with url-loose, never the query', () => {
    const loose = (text: string): string[] => values(text, ['url-loose']);
    expect(
      new Set(loose('http://www.example.org/a/ https://example.org/a#part https://EXAMPLE.org/a')).size,
    ).toBe(1);
    expect(loose('https://example.org')).toEqual(loose('http://www.example.org/'));
    expect(
      new Set(loose('https://example.org/a?id=7 https://example.org/a?id=8 https://example.org/a')).size,
    ).toBe(3);
    expect(
      new Set(loose('https://example.org/a https://example.org/ab https://example.org.evil/a')).size,
    ).toBe(3);
  });

  it('keeps a match that is not shaped scheme://host/path as it is, trimmed', () => {
    expect(values('https://', ['url'])).toEqual([]);
    expect(values('https://[::1]/x.', ['url'])).toEqual(['https://[::1]/x']);
  });
});

describe('identifierSet', () => {
  it('collects the canonical form of every whole match, each text read on its own', () => {
    const [ecli] = compileIdentifierRules(['ecli']);
    expect(
      identifierSet(['ECLI:NL:HR:2020:1234 and ecli:nl:hr:2020:9.', 'ECLI:NL:HR:2020', ':77'], ecli!),
    ).toEqual(new Set(['ECLI:NL:HR:2020:1234', 'ECLI:NL:HR:2020:9']));
    const [code] = compileIdentifierRules([{ name: 'code', pattern: /AB-\d+/ }]);
    expect(identifierSet(['AB-1234', 'x AB-', '12'], code!)).toEqual(new Set(['AB-1234']));
    expect(identifierSet([], code!)).toEqual(new Set());
  });
});

describe('link identifiers', () => {
  const url = (text: string): string[] => values(text, ['url']);

  it('reads the target of every markdown link, image, reference definition and autolink without its delimiters', () => {
    expect(
      url('[a](/x/y) ![b](data:image/png;base64,AA==) [c](<mailto:a@b.org>) [d](/p "T") [e]( rel/x (t))'),
    ).toEqual(['/x/y', 'data:image/png;base64,AA==', 'mailto:a@b.org', '/p', 'rel/x']);
    expect(url('[w](https://e.org/wiki/A_(b)) <custom-app:open?x=1> <tel:+1-555-0100>')).toEqual([
      'https://e.org/wiki/A_(b',
      'custom-app:open?x=1',
      'tel:+15550100',
    ]);
    expect(url('[x]: /admin "Admin"\n  [y]: <javascript:void(0)>\n ]: rel')).toEqual([
      '/admin',
      'javascript:void(0',
      'rel',
    ]);
  });

  it('reads no fragment of the page, no bracket or colon of prose, and no target a title cannot follow', () => {
    expect(
      url('[1](#source-1) [x](#a-b) Note: see 10:30, 3:1, e.g.: x [sic]: the [1](at sea level)'),
    ).toEqual([]);
    expect(url('the report [1]: it says so. The dog: yes')).toEqual([]);
  });

  it('reads a line as a reference definition only when a title, if any, closes and ends the line', () => {
    // A quoted or parenthesised phrase that text follows on its line is prose, as CommonMark reads it.
    expect(
      url(
        '[1]: Yes (refunds are requested online).\n ]: Refunds "are requested at" the shop.\n[2]: It \'is\' so',
      ),
    ).toEqual([]);
    // A title that closes the line, a marker after it, an escaped quote inside it, or one that may close on a later
    // line: a definition.
    expect(url('[a]: /a (T)\n[b]: /b "T" ]\n[c]: /c "x\\"y"\n[d]: /d \'T\n[e]: /e (x\\)\\(y)')).toEqual([
      '/a',
      '/b',
      '/c',
      '/d',
      '/e',
    ]);
  });

  it('reads links of schemes without // (mailto: and xmpp: anywhere, as renderers link them), in any case', () => {
    expect(
      url(
        'MAILTO:A@B.org tel:+1555 sms:+1555?body=hi xmpp:a@b.org JavaScript:x() vbscript:y data:,z file:C:/a',
      ),
    ).toEqual([
      'mailto:a@b.org',
      'tel:+1555',
      'sms:+1555?body=hi',
      'xmpp:a@b.org',
      'javascript:x(',
      'vbscript:y',
      'data:,z',
      'file:C:/a',
    ]);
    expect(url('Mailto: a@b.org tel: +1 555 skype:x xjavascript:x()')).toEqual([]);
    expect(url('xmailto:a@b.org')).toEqual(['mailto:a@b.org']);
    // Names written like a scheme: a `data:` link has a media type shape (`data:[type/subtype][;...],`), a `file:` link
    // `//`, a drive or a path with a slash.
    expect(url('Data:2020 and Data:2020, Data:text, File:Shop.png, FILE:Logo (new).svg')).toEqual([]);
    expect(
      url('data:;base64,AA data:Text/HTML;x=a:b,z file:/var/log FILE:etc/passwd file:C|/a file:\\\\srv\\x'),
    ).toEqual([
      'data:;base64,AA',
      'data:Text/HTML;x=a:b,z',
      'file:/var/log',
      'file:etc/passwd',
      'file:C|/a',
      'file:\\\\srv\\x',
    ]);
    // A `tel:` or `sms:` link takes the whole number, spaces and all, as a passage's numbers are read.
    expect(url('Tel:+1 555 0100, SMS:+1 (555) 010-0199 now, tel:5550100 (mobile) or tel:+1  555')).toEqual([
      'tel:+15550100',
      'sms:+15550100199',
      'tel:5550100',
      'tel:+1555',
    ]);
    // A digit after the colon: a phone number, or an autolink's target.
    expect(url('at 10:30 call TEL:5550100 or sms:5550100, <app:1?x>')).toEqual([
      'tel:5550100',
      'sms:5550100',
      'app:1?x',
    ]);
    expect(url('mailto:1@b.org javascript:1,alert(2)')).toEqual(['mailto:1@b.org', 'javascript:1,alert(2']);
  });

  it('compares percent escapes, scheme case, addresses and phone numbers in canonical form', () => {
    expect(url('[a](mailto:Alice%40Example.ORG) [b](HTTPS://E.org/%7euser/%2f%41) [c](//E.org/a)')).toEqual([
      'mailto:alice@example.org',
      'https://e.org/~user/%2FA',
      'https://e.org/a',
    ]);
    expect(url('[a](tel:+1-(555)-010.0199) [b](sms:+1%20555%200100)')).toEqual([
      'tel:+15550100199',
      'sms:+15550100',
    ]);
  });

  it('gives a passage its addresses, phone numbers and root paths as the links that reach them', () => {
    const [rule] = compileIdentifierRules(['url']);
    expect(identifierSet(['Mail Alice@Example.org or call +1 (555) 010-0199, see /forms/a.'], rule!)).toEqual(
      new Set(['mailto:alice@example.org', 'tel:+15550100199', 'sms:+15550100199', '/forms/a']),
    );
    // A slash inside a word is no path: `and/or`, `km/h`.
    expect(identifierSet(['and/or 50 km/h'], rule!)).toEqual(new Set());
  });
});

// A thirty-sixth review: a custom rule whose pattern's `flags` or `source` getter throws (a RegExp subclass), or whose
// name getter throws, escaped as the caller's own error, uncoded.
describe('custom identifier rules whose fields cannot be read', () => {
  class ThrowingFlags extends RegExp {
    override get flags(): string {
      throw new Error('boom');
    }
  }
  class ThrowingSource extends RegExp {
    override get source(): string {
      throw new Error('boom');
    }
  }
  it.each([
    ['a flags getter', { name: 'x', pattern: new ThrowingFlags('x') }],
    ['a source getter', { name: 'x', pattern: new ThrowingSource('x') }],
    [
      'a name getter',
      {
        get name(): string {
          throw new Error('boom');
        },
        pattern: /x/,
      },
    ],
  ])('refuses a rule with a throwing %s as invalid_argument', (_, rule) => {
    expect(() => compileIdentifierRules([rule])).toThrow(
      expect.objectContaining({ code: 'invalid_argument', parameter: 'options.identifiers' }),
    );
  });
});
