import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

const WATER = [
  passage(
    'Water boils at 100 °C at sea level. Tools such as the hammer help. The U.S. border with Mexico is long. ' +
      'Dr. Smith agrees. The ratio was 3.5 on average.',
  ),
];

/** The claims of `answer` as verifyAnswer splits them (accepted and rejected, in order), with their codes. */
const claims = (answer: string): string[] => {
  const { claims, rejected } = verifyAnswer(answer, WATER);
  return [
    ...claims.map((claim) => `ok: ${claim.text}`),
    ...rejected.map((rejection) => `${rejection.code}: ${rejection.text}`),
  ];
};

/** The same answer streamed one character at a time. */
const streamed = (answer: string): string[] => {
  const verifier = createAnswerVerifier(WATER);
  for (const char of answer) verifier.push(char);
  const { claims, rejected } = verifier.end();
  return [
    ...claims.map((claim) => `ok: ${claim.text}`),
    ...rejected.map((rejection) => `${rejection.code}: ${rejection.text}`),
  ];
};

// UAX #29 (SB8a) joins a sentence's end to what follows when a dash, comma, colon or semicolon comes next, so
// `Aspirin cures cancer. — Water boils … [1].` was one claim and its uncited first sentence rode on the marker of the
// second. A reader sees two sentences.
describe('verifyAnswer: a sentence end before a dash or other continuing punctuation', () => {
  it.each([
    ['Aspirin cures cancer. \u2014 Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['Aspirin cures cancer. \u2014Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['Aspirin cures cancer.\u2014 Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['Aspirin cures cancer!-- Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer!'],
    ['Aspirin cures cancer.  \u2014  Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['Aspirin cures cancer. \u2013 Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['Aspirin cures cancer. - Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['Aspirin cures cancer. -- Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['Aspirin cures cancer. , Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['Aspirin cures cancer. ; Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['Aspirin cures cancer. : Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['Aspirin cures cancer! ; Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer!'],
    ['Aspirin cures cancer! \u2014 water boils at 100 °C at sea level [1].', 'Aspirin cures cancer!'],
    ['Aspirin cures cancer? \u2014 Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer?'],
    [
      'Aspirin cures cancer.\u201d \u2014 Water boils at 100 °C at sea level [1].',
      'Aspirin cures cancer.\u201d',
    ],
    ['Aspirin cures cancer.) \u2014 Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.)'],
    ['Aspirin cures cancer... \u2014 Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer...'],
    [
      'Aspirin cures cancer.&nbsp;\u2014 Water boils at 100 °C at sea level [1].',
      'Aspirin cures cancer.&nbsp;',
    ],
    ['Aspirin cures cancer. &#8212; Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['Aspirin cures cancer.\u00a0\u2014 Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['- Aspirin cures cancer. \u2014 Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    ['> Aspirin cures cancer. \u2014 Water boils at 100 °C at sea level [1].', 'Aspirin cures cancer.'],
    [
      '\u963f\u53f8\u5339\u6797\u6cbb\u6108\u764c\u75c7\u3002\u2014\u2014Water boils at 100 °C at sea level [1].',
      '\u963f\u53f8\u5339\u6797\u6cbb\u6108\u764c\u75c7\u3002',
    ],
  ])('%j: the first sentence is a claim of its own', (answer, first) => {
    const expected = [
      `ok: ${answer.slice(answer.indexOf(first) + first.length).trim()}`,
      `no_marker: ${first}`,
    ];
    expect(claims(answer)).toEqual(expected);
    expect(streamed(answer)).toEqual(expected);
  });

  it.each([
    'Tools, e.g. \u2014 The hammer help [1].',
    'Tools, e.g., the hammer help [1].',
    'The U.S. \u2014 Mexico border is long [1].',
    'We asked Dr. \u2014 Smith agrees [1].',
    'The ratio was 3.5 \u2014 on average [1].',
    'Water boils at 100 °C. \u2014 the hammer help [1].',
    'The U.S.\u2014 Mexico border is long [1].',
    'The U.S.\u2014Mexico border is long [1].',
  ])('%j: one claim, as a reader reads it', (answer) => {
    expect(claims(answer)).toEqual([`ok: ${answer}`]);
    expect(streamed(answer)).toEqual([`ok: ${answer}`]);
  });

  it('keeps two cited sentences parted by a dash, each with its own marker', () => {
    const answer = 'Water boils at 100 °C at sea level [1]. \u2014 Tools such as the hammer help [1].';
    expect(claims(answer)).toEqual([
      'ok: Water boils at 100 °C at sea level [1].',
      'ok: \u2014 Tools such as the hammer help [1].',
    ]);
  });
});
