import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
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
