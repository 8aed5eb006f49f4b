// An identifier a reader sees across a claim boundary, or across uncited text and a claim, is read whole and checked
// against the spans of every claim it touches (rt9 #1): a renderer links the joined text, not each claim's own.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES } from '../verify/identifier-rules.js';
import { identifiersPastClaims } from './identifiers-past-claims.js';
import type { ProviderCitation, VerifyProviderCitationsOptions } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const text =
  'The installer is published at https://vendor.example/download. Always verify the checksum. ' +
  'The trial is doi 10.1000/real123. Write to mayor@vendor.example. The ruling is ECLI:NL:HR:2020:1234. Case 456 was heard.';
const documents = [{ documentId: 'vendor', chunkId: 'vendor#0', start: 0, end: text.length, text }];
/** The sentence of the document that starts with `words`. */
const sentence = (words: string): [number, number] => {
  const start = text.indexOf(words);
  const end = text.indexOf('. ', start);
  return [start, end === -1 ? text.length : end + 1];
};

/** An answer written as blocks, as Anthropic returns it; a block with `cites` cites the document sentence it names. */
function blocks(
  parts: Array<string | { text: string; cites: string }>,
  options?: VerifyProviderCitationsOptions,
) {
  let answer = '';
  const citations: ProviderCitation[] = [];
  for (const part of parts) {
    if (typeof part === 'string') answer += part;
    else {
      const [start, end] = sentence(part.cites);
      citations.push({
        type: 'char_location',
        document: { index: 0 },
        answer: { start: answer.length, end: answer.length + part.text.length },
        location: { type: 'offsets', start, end, unit: 'utf16' },
        citedText: text.slice(start, end),
      });
      answer += part.text;
    }
  }
  return verifyProviderCitations(answer, citations, documents, options);
}
const codes = (verification: ReturnType<typeof blocks>) => verification.rejected.map((claim) => claim.code);
const INSTALLER = 'The installer is published';
const CHECKSUM = 'Always verify';

describe('identifiers that run past a provider claim', () => {
  // Claims meet at word edges (a split inside a word is answer_out_of_range, below), so each split here is at an
  // edge inside the identifier: after a scheme's colon or slashes, around `;`, `(` or `:`, between two ideographs.
  it.each<[string, Array<string | { text: string; cites: string }>]>([
    [
      'a link two cited claims continue',
      [
        { text: 'The installer is at https://vendor.example/download', cites: INSTALLER },
        { text: ';fake/patch.exe which is signed.', cites: CHECKSUM },
      ],
    ],
    [
      'a scheme in one claim and the host in the next',
      [
        { text: 'The installer is published at https://', cites: INSTALLER },
        { text: 'evil.example/patch.exe, per the vendor.', cites: CHECKSUM },
      ],
    ],
    [
      'a scheme in the uncited text before a claim',
      [
        'Download from https://',
        { text: 'evil.example/patch.exe as the vendor site says.', cites: INSTALLER },
      ],
    ],
    [
      'a DOI split across claims',
      [
        { text: 'The trial is 10.1000/', cites: 'The trial is' },
        { text: '(fake999) by the group.', cites: 'The trial is' },
      ],
    ],
    [
      'an e-mail address split across claims',
      [
        { text: 'Write to mayor@例', cites: 'Write to' },
        { text: 'え.example for it.', cites: 'Write to' },
      ],
    ],
    [
      'an ECLI split across claims',
      [
        { text: 'The ruling is ECLI:NL:', cites: 'The ruling' },
        { text: 'HR:2020:9999 as said.', cites: 'The ruling' },
      ],
    ],
    [
      'a link whose label is a claim and whose target is uncited',
      [
        'Get the [',
        { text: 'official installer from the vendor site', cites: INSTALLER },
        '](https://evil.example/patch.exe).',
      ],
    ],
    [
      'a link whose label starts in uncited text and whose target is uncited',
      ['Get [the ', { text: 'official installer', cites: INSTALLER }, '](https://evil.example/patch.exe).'],
    ],
    [
      'a reference link whose label is a claim and whose definition is uncited',
      [
        'Get the [',
        { text: 'official installer', cites: INSTALLER },
        '][vendor] today.\n\n[vendor]: https://evil.example/patch.exe',
      ],
    ],
    [
      'a shortcut reference link whose label holds a claim',
      [
        'Get the [',
        { text: 'installer', cites: INSTALLER },
        '] today.\n\n[Installer]: https://evil.example/x',
      ],
    ],
    // Labels match as CommonMark matches them: Unicode case fold (rt10 #6), whitespace runs as one space, trimmed.
    ...(
      [
        ['STRASSE', 'straße'],
        ['straße', 'STRASSE'],
        ['\u1e9e', 'SS'],
        ['σοφιας', 'ΣΟΦΙΑΣ'],
        ['σοφιας', 'σοφιασ'],
        ['the  \n official', ' The official '],
      ] as const
    ).map(([used, defined]): [string, Array<string | { text: string; cites: string }>] => [
      `a reference link [${used}] defined as [${defined}]`,
      [
        { text: `Get the [installer][${used}] now.`, cites: INSTALLER },
        `\n\n[${defined}]: https://evil.example/x`,
      ],
    ]),
    [
      'a label whose first definition is uncited, however often it is defined and used',
      [
        { text: 'Get the [installer][dl] now.', cites: INSTALLER },
        '\n\n[dl]: https://evil.example/x\n[dl]: https://vendor.example/download',
      ],
    ],
    [
      'a link written in full-width forms',
      [
        'Download from ｈｔｔｐｓ：／／',
        { text: 'evil.example/patch.exe as the site says.', cites: INSTALLER },
      ],
    ],
  ])('refuses %s (unknown_identifier)', (_, parts) => {
    const verification = blocks(parts);
    expect(verification.claims).toEqual([]);
    expect(codes(verification).every((code) => code === 'unknown_identifier')).toBe(true);
  });

  it('reads a custom rule across the uncited text too, spaces and all', () => {
    const rules: VerifyProviderCitationsOptions = { identifiers: [{ name: 'case', pattern: /Case \d+/ }] };
    expect(codes(blocks(['Case ', { text: '123 was heard.', cites: 'Case 456' }], rules))).toEqual([
      'unknown_identifier',
    ]);
    expect(blocks(['Case ', { text: '456 was heard.', cites: 'Case 456' }], rules).status).toBe('answered');
  });

  it('refuses a split inside an identifier that is one word, even one the document holds (answer_out_of_range)', () => {
    // `10.1000/|real123` cuts a word, as a document span may not (ADR 0058): refused whatever the joined text says,
    // so the identifier check never reads a fabricated one split there either.
    for (const [first, second, cites] of [
      ['The trial is 10.1000/', 'real123 as reported.', 'The trial is'],
      ['The trial is 10.1000/', 'fake999 by the group.', 'The trial is'],
      ['Write to mayor@', 'evil.example for it.', 'Write to'],
      ['The ruling is ECLI:NL:HR:2020:', '9999 as said.', 'The ruling'],
      ['The installer is at https://vendor.example/download', '-fake/patch.exe which is signed.', INSTALLER],
    ] as const) {
      const verification = blocks([
        { text: first, cites },
        { text: second, cites },
      ]);
      expect(codes(verification), first).toContain('answer_out_of_range');
      expect(verification.claims.map((claim) => claim.text).join(''), first).not.toContain(second);
    }
  });

  it('accepts what the cited spans hold, and reads no identifier into a claim it does not touch', () => {
    // Split at a word edge across two claims that each cite the sentence holding it (neither piece alone is one).
    const split = blocks([
      { text: 'The ruling is ECLI:NL:', cites: 'The ruling' },
      { text: 'HR:2020:1234 as said.', cites: 'The ruling' },
    ]);
    expect(split.status).toBe('answered');
    expect(split.rejected).toEqual([]);
    // A link in the uncited text, apart from every claim, is no claim's (the uncited text is not checked).
    const apart = blocks([
      { text: 'The installer is published.', cites: INSTALLER },
      ' Mirror: https://evil.example/x ',
      { text: 'Always verify the checksum.', cites: CHECKSUM },
    ]);
    expect(apart.claims).toHaveLength(2);
    // A link whose label is a claim and whose target the claim's span holds.
    const linked = blocks([
      'See [',
      { text: 'the installer page', cites: INSTALLER },
      '](https://vendor.example/download).',
    ]);
    expect(linked.status).toBe('answered');
    expect(linked.rejected).toEqual([]);
    // Off with `identifiers: []`.
    expect(
      blocks(['Download from https://', { text: 'evil.example/x as said.', cites: INSTALLER }], {
        identifiers: [],
      }).status,
    ).toBe('answered');
  });
});

describe('identifiersPastClaims', () => {
  const values = (answer: string, spans: Array<{ start: number; end: number }>) =>
    identifiersPastClaims(answer, spans, DEFAULT_RULES).claims.map((found) =>
      found.map(({ value }) => value),
    );

  it('gives each claim the identifiers that hold some of its text but not all of theirs', () => {
    const answer = 'See https://a.example/x and https://b.example/y now.';
    const b = answer.indexOf('https://b');
    // A claim that holds a link whole reads it itself; one that cuts it answers for all of it.
    expect(values(answer, [{ start: 0, end: answer.length }])).toEqual([[]]);
    expect(
      values(answer, [
        { start: 0, end: b + 10 },
        { start: b + 10, end: answer.length },
      ]),
    ).toEqual([['https://b.example/y'], ['https://b.example/y']]);
    // Three claims inside one link: each answers for it, once.
    expect(
      values(answer, [
        { start: b, end: b + 3 },
        { start: b + 3, end: b + 9 },
        { start: b + 9, end: b + 12 },
      ]),
    ).toEqual([['https://b.example/y'], ['https://b.example/y'], ['https://b.example/y']]);
  });

  it('maps a match in text that folding changes back to the words that hold it', () => {
    // `＆#58;` and full-width letters fold; the claim after them still holds the link's end.
    const answer = 'Go to ｈｔｔｐｓ&#58;//evil.example/x right now.';
    const at = answer.indexOf('evil');
    expect(values(answer, [{ start: at, end: answer.length }])).toEqual([['https://evil.example/x']]);
    // A claim before the folded word, apart from it, answers for nothing.
    expect(
      values(answer, [
        { start: 0, end: 2 },
        { start: at, end: answer.length },
      ]),
    ).toEqual([[], ['https://evil.example/x']]);
  });
});
