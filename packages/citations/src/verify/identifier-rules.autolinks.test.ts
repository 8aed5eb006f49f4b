import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { source } from '../__fixtures__/passage.js';
import type { Passage } from '../types.js';
import { compileIdentifierRules, findIdentifiers, identifierList } from './identifier-rules.js';
import { verifyAnswer } from './verify-answer.js';

/** The identifiers as a Set (the verifier holds them in a StringSet). */
const identifierSet = (texts: readonly string[], rule: Parameters<typeof identifierList>[1]): Set<string> =>
  new Set(identifierList(texts, rule));

const codes = (answer: string, passages: Passage[]): string[] =>
  verifyAnswer(answer, passages).rejected.map((r) => r.code);
// The hosts and mail recipients of the links marked renders, as the URL standard parses them.
const targets = (answer: string): string[] =>
  [...(marked.parse(answer, { async: false }) as string).matchAll(/href="([^"]*)"/g)].map(([, href]) => {
    const url = new URL(href!.replaceAll('&amp;', '&'));
    return url.protocol === 'mailto:' ? decodeURIComponent(url.pathname) : url.host;
  });

describe('bare links with `>` or `"` before a user name', () => {
  const portal = [
    source('The portal is at https://example.org and www.example.org for all customers.', 'portal', {
      uri: 'https://example.org/',
      title: 'Portal',
    }),
  ];

  it('reads the whole run a renderer links, however many `>` and `"` stand before the `@`', () => {
    for (const answer of [
      'Sign in at https://example.org>>@evil.example/login to see your refund [1].',
      'Sign in at www.example.org>>@evil.example/login to see your refund [1].',
      'Sign in at https://example.org">@evil.example/login to see your refund [1].',
      'Sign in at https://example.org>">>"@evil.example/login to see your refund [1].',
      `Sign in at https://example.org>${'a'.repeat(64)}=@evil.example/login to see your refund [1].`,
      `Sign in at https://example.org>${'a'.repeat(70)};@evil.example/login to see your refund [1].`,
      `Sign in at https://example.org${'>a'.repeat(40)}@evil.example/login to see your refund [1].`,
    ]) {
      expect(targets(answer), answer).toEqual(['evil.example']);
      expect(codes(answer, portal), answer).toEqual(['unknown_identifier']);
    }
  });

  it('checks a source list entry the same way', () => {
    const answer =
      'The portal serves all customers [1].\n\nSources:\n- [1] https://example.org>>@evil.example/login';
    expect(targets(answer)).toEqual(['evil.example']);
    expect(codes(answer, portal)).toEqual(['source_list_mismatch']);
  });

  it('still accepts the passage link before a quotation mark, a tag or a `>` with no `@` after it', () => {
    for (const answer of [
      'The portal is at "https://example.org" for all customers [1].',
      'The portal is at <https://example.org> for all customers [1].',
      'The portal is at <a href="https://example.org">the portal</a> for all customers [1].',
      'The portal is at https://example.org> for all customers [1].',
      'The portal is at https://example.org>> for all customers [1].',
    ])
      expect(codes(answer, portal), answer).toEqual([]);
  });

  it('finds every link of a passage written as JSON or markup, where an `@` follows a quotation mark', () => {
    const jsonLd = source(
      '{"@context":"https://schema.org","@type":"Article","url":"https://example.org/docs","name":"Boiling"}',
      'page',
    );
    const minified = source('{"url":"https://example.org/docs","name":"Boiling","lang":"en","a":"b"}', 'min');
    const anchor = source(`<a href="https://example.org/docs">${'x'.repeat(70)}</a>`, 'anchor');
    for (const passage of [jsonLd, minified, anchor])
      expect(codes('See https://example.org/docs for the details [1].', [passage]), passage.text).toEqual([]);
    expect(codes('The article follows https://schema.org [1].', [jsonLd])).toEqual([]);
    expect(codes('See https://example.org/other for the details [1].', [jsonLd])).toEqual([
      'unknown_identifier',
    ]);
  });
});

describe('e-mail autolinks', () => {
  const refunds = [source('Refunds are handled by alice@example.org within 30 days.', 'refunds')];

  it('reads `<local@domain>` whole as the mailto: link it renders to', () => {
    for (const answer of [
      'Refunds are handled by <mallory%40attacker.example#alice@example.org> within 30 days [1].',
      'Refunds are handled by <mallory%40attacker.example/alice@example.org> within 30 days [1].',
      ...['/', "'", '=', '$', '&', '{', '|', '}'].map(
        (char) => `Refunds are handled by <refunds${char}alice@example.org> within 30 days [1].`,
      ),
    ]) {
      expect(targets(answer), answer).not.toEqual(['alice@example.org']);
      expect(codes(answer, refunds), answer).toEqual(['unknown_identifier']);
    }
    expect(targets('Write to <mallory%40attacker.example#alice@example.org>.')).toEqual([
      'mallory@attacker.example',
    ]);
  });

  it('still accepts an autolink to the passage address', () => {
    for (const answer of [
      'Refunds are handled by <alice@example.org> within 30 days [1].',
      'Refunds are handled by <Alice@Example.org> within 30 days [1].',
      'Refunds are handled by <mailto:alice@example.org> within 30 days [1].',
      'Refunds are handled by alice@example.org within 30 days [1].',
    ])
      expect(codes(answer, refunds), answer).toEqual([]);
    expect(
      codes('Refunds are handled by <alice@example.org> [1].', [
        source('Write to <alice@example.org> for refunds.', 'refunds'),
      ]),
    ).toEqual([]);
  });
});

describe('links a CJK passage glues to its prose', () => {
  const ja = [source('詳細は https://example.org/docs。次の章を参照してください。', 'ja')];

  it('accepts the link before the CJK punctuation or text that follows it', () => {
    expect(codes('Details are at https://example.org/docs for readers [1].', ja)).toEqual([]);
    expect(
      codes('Details are at https://example.org/docs [1].', [
        source('詳細はhttps://example.org/docsを参照してください。', 'ja'),
      ]),
    ).toEqual([]);
    expect(
      codes('The guide is at https://example.kr/guide [1].', [
        source('안내는 https://example.kr/guide에서 볼 수 있습니다.', 'ko'),
      ]),
    ).toEqual([]);
  });

  it('accepts no other link, and no path a CJK segment continues', () => {
    expect(codes('Details are at https://example.org/doc for readers [1].', ja)).toEqual([
      'unknown_identifier',
    ]);
    expect(codes('Details are at https://example.org/ for readers [1].', ja)).toEqual(['unknown_identifier']);
    expect(
      codes('Tokyo is at https://ja.wikipedia.org/wiki/ for readers [1].', [
        source('東京は https://ja.wikipedia.org/wiki/東京 を参照。', 'ja'),
      ]),
    ).toEqual(['unknown_identifier']);
  });
});

describe('hosts a browser maps apart', () => {
  it('does not fold a host into another one a browser goes to', () => {
    const de = [source('Die Stadt informiert unter https://straße.example/info über alles.', 'de')];
    expect(codes('Informationen gibt es unter https://STRAẞE.example/info für alle [1].', de)).toEqual([
      'unknown_identifier',
    ]);
    expect(codes('Informationen gibt es unter https://Straße.example/info für alle [1].', de)).toEqual([]);
    const gr = [source('Η σελίδα είναι https://ας.example/ για όλους.', 'gr')];
    for (const answer of [
      'Η σελίδα είναι https://αϲ.example/ για όλους [1].',
      'Η σελίδα είναι https://ΑΣ.example/ για όλους [1].',
    ])
      expect(codes(answer, gr), answer).toEqual(['unknown_identifier']);
    expect(codes('Η σελίδα είναι https://ας.example/ για όλους [1].', gr)).toEqual([]);
    expect(
      codes('Η σελίδα είναι https://ΑΣ.example/ για όλους [1].', [
        source('Η σελίδα είναι https://ασ.example/ για όλους.', 'gr'),
      ]),
    ).toEqual([]);
  });
});

describe('these links at scale', { timeout: 180_000 }, () => {
  const [url] = compileIdentifierRules(['url']);
  // Work at n against 8n (CPU time; 8 is linear, 64 quadratic): runs of `>`, `"`, unclosed autolinks, CJK text.
  it.each([
    ['a run of `>`', (n: number) => `https://a.org${'>'.repeat(n)}`],
    ['`>a` pairs', (n: number) => `https://a.org${'>a'.repeat(n)}`],
    [
      'quoted runs longer than the look-ahead',
      (n: number) => `https://a.org${`"${'a'.repeat(63)}`.repeat(n / 64)}`,
    ],
    ['`>` before a late `@`', (n: number) => `https://a.org/${'>'.repeat(n)}@`],
    ['links ending in `>`', (n: number) => 'https://a.org>'.repeat(n / 14)],
    ['`a@` after `<`', (n: number) => `<${'a@'.repeat(n / 2)}`],
    ['`<a@` runs', (n: number) => '<a@'.repeat(n / 3)],
    ['`<a` runs before an `@`', (n: number) => `${'<a'.repeat(n / 2)}@`],
    ['paths glued to CJK', (n: number) => 'https://a.org/文'.repeat(n / 15)],
  ])('reads %s in linear time', (_, shape) => {
    const make = (size: number) => {
      const text = shape(size);
      return () => {
        findIdentifiers(text, [url!]);
        identifierSet([text], url!);
        verifyAnswer(`See ${text}. Next [1].`, [source('x', 'x')]);
      };
    };
    expect(growth(make, 8_000)).toBeLessThan(BOUND);
  });
});
