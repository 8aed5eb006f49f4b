import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import { verifyAnswer } from './verify-answer.js';

// [1] an English report; [2] a Hebrew news item that writes an English name in an isolate, a number after RLM.
const PASSAGES = [
  source('Prices rose by 12% in 2023. In the trial, aspirin beat placebo on every endpoint.', 'report'),
  source(
    'לפי הדוח של \u2066Acme Corp\u2069 המחירים עלו ב\u200f-12% בשנת 2023. החברה פרסמה את הדוח ביוני.',
    'news',
  ),
];
const outcome = (answer: string, options = {}): string[] => {
  const { claims, rejected } = verifyAnswer(answer, PASSAGES, options);
  return [...claims.map(() => 'accepted'), ...rejected.map((r) => r.code)];
};

/** The answer is rejected as `unsupported`, with and without the support check. */
const expectUnsupported = (answer: string): void => {
  expect(outcome(answer), answer).toEqual(['unsupported']);
  expect(outcome(answer, { support: {} }), answer).toEqual(['unsupported']);
};

describe('verifyAnswer bidi controls', () => {
  it('rejects a claim whose controls show it in another order than the one checked', () => {
    for (const answer of [
      // shown as "prices rose by 21%", as "placebo beat aspirin", and with the marker [21]
      'The report says "prices rose by \u202e12\u202c% in 2023" [1].',
      'The trial found that "\u202e\u202aaspirin\u202c \u202abeat\u202c \u202aplacebo\u202c\u202c" on every endpoint [1].',
      'The trial found that \u202e\u202aaspirin\u202c \u202abeat\u202c \u202aplacebo\u202c\u202c on every endpoint [1].',
      // an override left open reorders the rest of the line
      'Prices rose by 12% \u202ein 2023 [1].',
      // a mark turns the digits and signs beside it: shown as "2023 - 12"
      'Prices rose by \u200f12 - 2023 [1].',
      'Prices rose by \u061c12 - 2023 [1].',
      // a control the passage has, but with other text around it
      'According to \u2066Evil Corp\u2069 prices rose by 12% in 2023 [2].',
      'Prices rose by \u200f-21% in 2023 [2].',
      // a terminator that closes what it did not open
      'Prices rose by 12% in 2023\u2069 [1].',
    ]) {
      expectUnsupported(answer);
    }
  });

  it('rejects a marker shown as another number', () => {
    // passage 12 holds the claim, passage 21 does not; `\u202e[12]\u202c` is shown as [21]
    const passages = Array.from({ length: 21 }, (_, i) => PASSAGES[i === 11 ? 0 : 1]!);
    for (const answer of [
      'Prices rose by 12% in 2023 \u202e[12]\u202c.',
      'Prices rose by 12% in 2023 \u202e[12].',
    ]) {
      expect(
        verifyAnswer(answer, passages).rejected.map((r) => r.code),
        answer,
      ).toEqual(['unsupported']);
    }
  });

  it('rejects a claim whose markup reorders it as a control does: bdo, dir, style (a review found them accepted)', () => {
    for (const answer of [
      // shown as "prices rose by 21%"
      'Prices rose by <bdo dir="rtl">12</bdo>% in 2023 [1].',
      'Prices rose by <BDO DIR=RTL>12</BDO>% in 2023 [1].',
      'Prices rose by <bdo>12</bdo>% in 2023 [1].',
      // shown as "2023 - 12"; an isolate with a direction, a paragraph of one
      'Prices rose by <span dir="rtl">12 - 2023</span> [1].',
      'Prices rose by <bdi dir="rtl">12 - 2023</bdi> [1].',
      '<p dir=rtl>Prices rose by 12% in 2023 [1].</p>',
      'Prices rose by <span/dir="rtl">12</span>% in 2023 [1].',
      // CSS reorders and mirrors text
      'Prices rose by <span style="unicode-bidi:bidi-override;direction:rtl">12</span>% in 2023 [1].',
      "Prices rose by <span style='transform:scaleX(-1)'>12</span>% in 2023 [1].",
      'Prices rose by 12% in 2023 [1]<span style="direction:rtl">.</span>',
      // CSS from a stylesheet, and SVG's own attributes
      'Prices rose by <b>12</b>% in 2023 [1]<link rel=stylesheet href=/rtl.css>.',
      'Prices rose by <svg><text direction=rtl unicode-bidi=bidi-override>12</text></svg>% in 2023 [1].',
    ]) {
      expectUnsupported(answer);
    }
    expect(
      verifyAnswer('Prices rose by <bdo dir="rtl">12</bdo>% [1].', PASSAGES).rejected[0]?.message,
    ).toContain('holds "<bdo dir="rtl">"');
    // Tags a page does not read as markup, and an isolate that keeps the claim's order, stay.
    for (const answer of [
      'Prices rose by `<bdo dir="rtl">12</bdo>`% in 2023 [1].',
      'Prices rose by <bdi>12%</bdi> in 2023 [1].',
      'Prices rose by <b>12%</b> in 2023 [1].',
      'Prices rose by 12% in 2023 [1].\n\n```html\n<p dir="rtl">x</p>\n```',
    ]) {
      expect(
        outcome(answer).filter((code) => code !== 'no_marker'),
        answer,
      ).toEqual(['accepted']);
    }
  });

  it('reads a tag that a line break or a sentence end cuts: its attributes on the next line reorder too (a review found them accepted)', () => {
    const passages = [source('The final score was 12 - 5 after extra time.', 'match')];
    const codes = (answer: string, options = {}): string[] => streamedCodes(answer, passages, options);
    for (const answer of [
      'The final score was [1] <span\ndir=rtl>12 - 5</span> after extra time [1].',
      'The final score was [1] <span\n  dir="rtl">12 - 5</span> after extra time [1].',
      'The final score was [1] <span title="a\nb" dir=rtl>12 - 5</span> after extra time [1].',
      "The final score was [1] <span title='a>b\nc' dir=rtl>12 - 5</span> after extra time [1].",
      'The final score was [1] <span\ntitle=x\nstyle="direction:rtl">12 - 5</span> after extra time [1].',
      'The final score was [1] <span title="Note. See" dir=rtl>12 - 5</span> after extra time [1].',
    ])
      expect(codes(answer), answer).toContain('unsupported');
    expect(
      codes('The final score was <span\ndir=rtl>12 - 5</span> after extra time [1].', {
        requireCitations: false,
      }),
    ).toContain('unsupported');
    // A tag closed on its line, and a comparison, leave the next line alone.
    expect(codes('The final score was [1] <b>12 - 5</b>\nafter extra time [1].')).toEqual([]);
    expect(codes('The final score was [1] 12 - 5 if 5 <x\nafter extra time [1].')).toEqual([]);
  });

  it('reads a quote in a tag as HTML does, only after `=`, and an attribute that reorders only with a value (a second look found both)', () => {
    const passages = [
      source('For i<n the loop runs again.', 'loop'),
      source('The wind direction changed at noon. The house style is terse.', 'prose'),
      source('The final score was 12 - 5 after extra time.', 'match'),
    ];
    const codes = (answer: string): string[] => streamedCodes(answer, passages);
    // An apostrophe in a comparison read as a tag opened no value that hides a later `dir` (accepted before).
    for (const answer of [
      "For i<n the loop runs again, it's [1].\n\nThe final score was <b title='x' dir=rtl>12 - 5</b> after extra time [3].",
      "For i<n the loop runs again, it's [1].\nThe final score was <span dir=rtl title='x'>12 - 5</span> after extra time [3].",
    ])
      expect(codes(answer), answer).toContain('unsupported');
    // Prose after a comparison names `direction` or `style` as words, with no value (refused before).
    for (const answer of [
      'For i<n the loop runs again [1].\n\nThe wind direction changed at noon [2].',
      'For i<n the loop runs again [1]. The house style is terse [2].',
    ])
      expect(codes(answer), answer).toEqual([]);
  });

  it('rejects markup that reorders in a lead-in, a source-list entry, a table header or alone: it reorders what follows (a review found them accepted)', () => {
    const passages = [
      source('The MIT License is a permissive license.', 'mit', { title: 'MIT License' }),
      source('The final score was 12 - 5 after extra time.', 'match', { title: 'Physics Notes' }),
    ];
    const css = '<style>b{unicode-bidi:bidi-override;direction:rtl}</style>';
    for (const answer of [
      // A browser reopens the formatting element, attributes and all, in the blocks after it.
      'The results <b dir=rtl>:\n\n- 12 - 5 was the final score after extra time [2].\n- The MIT License is a permissive license [1].',
      `The results${css}:\n\n- The final score was <b>12 - 5</b> after extra time [2].\n- The MIT License is a permissive license [1].`,
      'Sources:\n[2] Physics Notes <b dir=rtl>\n\n12 - 5 was the final score after extra time [2].',
      `The final score was <b>12 - 5</b> after extra time [2].\n\nSources:\n[1] MIT License ${css}\n[2] Physics Notes`,
      '| <b dir=rtl>Score | Kind |\n|---|---|\n| 12 - 5 was the final score after extra time [2] | match |',
      `The MIT License is a permissive license [1]. ${css}\n\nThe final score was <b>12 - 5</b> after extra time [2].`,
    ]) {
      const { rejected } = verifyAnswer(answer, passages);
      expect(rejected.length, answer).toBeGreaterThan(0);
    }
    // With citations not required, a tag on a line of its own is rejected all the same.
    expect(
      verifyAnswer('<b dir=rtl>\n\n12 - 5 was the final score after extra time [2].', passages, {
        requireCitations: false,
      }).rejected.map((r) => r.code),
    ).toEqual(['unsupported']);
    // A lead-in, an entry and a header without such markup stay what they were.
    for (const answer of [
      'The results <b>in short</b>:\n\n- The MIT License is a permissive license [1].',
      'The final score was 12 - 5 after extra time [2].\n\nSources:\n[1] MIT License\n[2] Physics Notes',
      '| <b>Score</b> | Kind |\n|---|---|\n| 12 - 5 was the final score after extra time [2] | match |',
    ])
      expect(verifyAnswer(answer, passages).rejected, answer).toEqual([]);
  });

  it('names the control in the message', () => {
    const [rejection] = verifyAnswer(
      'The report says prices rose by \u202e12\u202c% [1].',
      PASSAGES,
    ).rejected;
    expect(rejection?.message).toContain('U+202E');
  });

  it('accepts an answer that copies a right-to-left passage with its controls', () => {
    for (const answer of [
      'לפי הדוח של \u2066Acme Corp\u2069 המחירים עלו ב\u200f-12% בשנת 2023 [2].',
      'הדוח קובע: "לפי הדוח של \u2066Acme Corp\u2069 המחירים עלו" [2].',
      'According to \u2066Acme Corp\u2069, prices rose by 12% in 2023 [1][2].',
      'לפי הדוח של Acme Corp המחירים עלו ב-12% בשנת 2023 [2].',
    ]) {
      expect(outcome(answer), answer).toEqual(['accepted']);
    }
  });
});

// A bidi control on a line of bare punctuation (a thirty-fifth review): a soft line break joins the line after it into
// its paragraph, so `\u200F` alone on a line turns `12% in 2023` on the next into another order, yet the line was no
// part at all and the answer was accepted whole. Each refusal below was accepted with no rejection before.
describe('verifyAnswer: a bidi control on a line of bare punctuation', () => {
  const CLAIM = 'Prices rose by 12% in 2023 [1].';

  it.each([
    ['\u200f', '\u200f'],
    ['\u200f.', '\u200f.'],
    ['*\u200f*', '*\u200f*'],
    ['\u202e', '\u202e'],
    ['\u2067', '\u2067'],
    ['- \u200f', '\u200f'],
  ])('refuses %j before a claim, and keeps the claim', (line, text) => {
    const answer = `${line}\n${CLAIM}`;
    expect(streamedCodes(answer, PASSAGES)).toEqual(['unsupported']);
    const { claims, rejected } = verifyAnswer(answer, PASSAGES);
    expect(claims.map((claim) => claim.text)).toEqual([CLAIM]);
    expect(rejected[0]).toMatchObject({ code: 'unsupported', text });
    expect(rejected[0]!.message).toMatch(
      /^".*" holds U\+[0-9A-F]{4}, a control that reorders what is shown after it/,
    );
  });

  it('refuses a control written as a reference there, and leaves bare punctuation without one alone', () => {
    expect(streamedCodes(`&rlm;\n${CLAIM}`, PASSAGES)).not.toEqual([]);
    expect(streamedCodes(`&#x202E;\n${CLAIM}`, PASSAGES)).not.toEqual([]);
    for (const line of ['*', ':', '...', '\u200b'])
      expect(streamedCodes(`${CLAIM}\n${line}\n${CLAIM.replace('Prices', 'Costs')}`, PASSAGES), line).toEqual(
        [],
      );
  });
});
