import { describe, expect, it } from 'vitest';
import type { Passage } from '../types.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

const TEXT = 'The council approved the budget on Monday. Spending on parks rose by 4 percent.';
const MINUTES: Passage[] = [
  { documentId: 'minutes', chunkId: 'minutes#0', start: 0, end: TEXT.length, text: TEXT },
];
const REAL = 'the council approved the budget on Monday';
const FABRICATED = 'the budget was eliminated entirely';

/** The rejection codes of `answer`, from verifyAnswer and from the streaming verifier fed one character at a time. */
function codes(answer: string): string[] {
  const whole = verifyAnswer(answer, MINUTES).rejected.map((r) => r.code);
  const verifier = createAnswerVerifier(MINUTES);
  for (const char of answer) verifier.push(char);
  expect(
    verifier.end().rejected.map((r) => r.code),
    answer,
  ).toEqual(whole);
  return whole;
}

function expectChecked(pairs: ReadonlyArray<readonly [string, string]>): void {
  for (const [open, close] of pairs) {
    expect(codes(`The minutes say ${open}${FABRICATED}${close} [1].`), `${open}…${close}`).toEqual([
      'quote_not_found',
    ]);
    expect(codes(`The minutes say ${open}${REAL}${close} [1].`), `${open}…${close}`).toEqual([]);
  }
}

// HTML maps a numeric reference in 0x80–0x9F through Windows-1252: `&#147;` and `&#x93;` show “, and so on. A
// quotation written with them is one a reader sees.
describe('verifyAnswer: C1 numeric references a browser shows as quotation marks', () => {
  it('reads them as the marks they show, decimal and hex, with leading zeros', () => {
    expectChecked([
      ['&#147;', '&#148;'],
      ['&#x93;', '&#x94;'],
      ['&#X93;', '&#0148;'],
      ['&#145;', '&#146;'],
      ['&#x91;', '&#x92;'],
      ['&#132;', '&#147;'],
      ['&#x84;', '&#x93;'],
      ['&#139;', '&#155;'],
      ['&#x8b;', '&#x9B;'],
      ['&#130;', '&#145;'],
    ]);
  });

  it('leaves other C1 references alone', () => {
    expect(codes(`The minutes say &#150;${FABRICATED}&#151; [1].`)).toEqual([]);
  });
});

// HTML ignores the slash of `<q/>`: it opens a q element, and the browser draws its marks.
describe('verifyAnswer: a self-closing <q/>', () => {
  it('reads <q/> and <q /> as opening a quotation', () => {
    expectChecked([
      ['<q/>', '</q>'],
      ['<q />', '</q>'],
      ['<Q/>', '</Q>'],
      ['<q/ lang="en">', '</q>'],
    ]);
  });
});
