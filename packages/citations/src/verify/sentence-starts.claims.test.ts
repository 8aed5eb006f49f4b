import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
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

// A reader sees the closing marks after a full stop (`**`, `_`, `~~`, `”`, French ` »`, `」`, `</b>`) close the
// sentence, so a marker after them cites it; read as a new sentence, they sent the marker on (`empty_claim`) or onto
// the next claim, and left the sentence `no_marker`.
describe('verifyAnswer: closing marks between a full stop and its marker', () => {
  const SONG = [passage('The song features additional vocals by former labelmate Dani Stevenson.')];
  const said = 'The song features vocals by Dani Stevenson.';
  const quoted = 'former labelmate Dani Stevenson.';
  /** Claims of `answer` over SONG, whole and streamed one and three characters at a time (the same verification). */
  const songClaims = (answer: string): string[] => {
    streamedCodes(answer, SONG);
    const { claims, rejected } = verifyAnswer(answer, SONG);
    return [
      ...claims.map((claim) => `ok: ${claim.text}`),
      ...rejected.map((rejection) => `${rejection.code}: ${rejection.text}`),
    ];
  };

  it.each([
    `**${said}** [1]`,
    `**${said}**[1]`,
    `__${said}__ [1]`,
    `*${said}* [1]`,
    `_${said}_ [1]`,
    `~~${said}~~ [1]`,
    `***${said}*** [1]`,
    `**_${said}_** [1]`,
    `*${said}*\u200b [1]`,
    `<b>**${said}**</b> [1]`,
    `**<b>${said}</b>** [1]`,
    `<b>${said}</b> [1]`,
    `**${said.slice(0, -1)}**. [1]`,
    `(${said}) [1]`,
    `(**${said}**) [1]`,
    `**(${said})** [1]`,
    `La chanson comporte des voix de « ${quoted} » [1]`,
    `La chanson comporte des voix de «\u00a0${quoted}\u00a0» [1]`,
    `La chanson comporte des voix de «\u202f${quoted}\u202f» [1]`,
    `La chanson comporte des voix de «\u202f${quoted}\u202f»[1]`,
    `La chanson comporte des voix de «${quoted}» [1]`,
    `La chanson comporte des voix de ‹ ${quoted} › [1]`,
    `La chanson comporte des voix de &laquo; ${quoted} &raquo; [1]`,
    `Das Lied hat Gesang von »${quoted}« [1]`,
    `Die Sängerin ist „${quoted}“ [1]`,
    `歌には「${quoted}」 [1]`,
    `歌には『${quoted}』 [1]`,
    `It has vocals by “${quoted}” [1]`,
    `It has vocals by “${quoted} ” [1]`,
  ])('%j: one cited claim', (answer) => {
    expect(songClaims(answer)).toEqual([`ok: ${answer}`]);
  });

  const other = 'The song features additional vocals.';
  it.each([
    `**${said}** [1]\n- **${other}** [1]`,
    `- **${said}** [1]\n- **${other}** [1]`,
    `1. __${said}__ [1]\n2. __${other}__[1]`,
  ])('%j: each item one cited claim', (answer) => {
    expect(songClaims(answer)).toEqual(
      answer.split('\n').map((line) => `ok: ${line.replace(/^(?:- |\d\. )/, '')}`),
    );
  });

  it('gives a marker after the closing marks to the sentence they close, not to the next one', () => {
    expect(songClaims(`**${said}** [1] Cats sing [2].`)).toEqual([
      `ok: **${said}** [1]`,
      'marker_out_of_range: Cats sing [2].',
    ]);
    expect(songClaims(`« ${quoted} » [1] Cats sing.`)).toEqual([
      `ok: « ${quoted} » [1]`,
      'no_marker: Cats sing.',
    ]);
    expect(songClaims(`**${said}** Cats sing [1].`)).toEqual([
      'ok: Cats sing [1].',
      `no_marker: **${said}**`,
    ]);
  });

  it('moves no marker back past a statement, nor past marks that open the next sentence', () => {
    expect(songClaims(`Cats sing. **${said}** [1]`)).toEqual([
      `ok: **${said}** [1]`,
      'no_marker: Cats sing.',
    ]);
    expect(songClaims(`Cats sing. « Former labelmate Dani Stevenson. » [1]`)).toEqual([
      'ok: « Former labelmate Dani Stevenson. » [1]',
      'no_marker: Cats sing.',
    ]);
    expect(songClaims('Cats sing. »Former labelmate Dani Stevenson.« [1]')).toEqual([
      'ok: »Former labelmate Dani Stevenson.« [1]',
      'no_marker: Cats sing.',
    ]);
    expect(songClaims(`Cats sing.&nbsp;&laquo; Former labelmate Dani Stevenson. &raquo; [1]`)).toEqual([
      'ok: &laquo; Former labelmate Dani Stevenson. &raquo; [1]',
      'no_marker: Cats sing.&nbsp;',
    ]);
    expect(songClaims(`Cats sing.** ${said} [1]`)).toEqual([`ok: ${said} [1]`, 'no_marker: Cats sing.**']);
    expect(songClaims(`Cats sing. * ${said} [1]`)).toEqual([`ok: * ${said} [1]`, 'no_marker: Cats sing.']);
    expect(songClaims(`Cats sing. ) ${said} [1]`)).toEqual([`ok: ${said} [1]`, 'no_marker: Cats sing. )']);
  });
});
