import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import type { VerifyOptions } from './verify-answer.js';

// A marker written as text beside a real one (ADR 0054): a page shows a citation of it, which nothing checks. It is
// what the marker parser reads once character references, compatibility forms, markup and invisible characters are
// read as a page shows them, and nothing else: characters outside the bracket never change the verdict.
const WATER = [source('Water boils at 100 degrees Celsius at sea level. Ice melts at 0 degrees.', 'water')];
const CLAIM = 'Water boils at 100 degrees Celsius at sea level [1]';

/** The codes of the rejections, the same whole and streamed. */
const codes = (answer: string, options: VerifyOptions = {}, passages = WATER): string[] =>
  streamedCodes(answer, passages, options);

describe('verifyAnswer: a look-alike marker beside a real one', () => {
  it('reads references to non-ASCII forms, emphasis and code around the digit (a review found them accepted)', () => {
    for (const lookAlike of [
      '&#65339;3&#65341;',
      '&#xFF3B;3&#xFF3D;',
      '[&#xFF13;]',
      '[&#x1D7D1;]',
      '[&#120785;]',
      '[&sup3;]',
      '[`3`]',
      '[*3*]',
      '[**3**]',
      '[_3_]',
      '[~~3~~]',
      '[&#8203;3]',
      '[\u28003]',
    ])
      expect(codes(`${CLAIM}${lookAlike}.`), lookAlike).toEqual(['marker_out_of_range']);
  });

  it('reads one that a line break cuts, as the paragraph shows it (a review found it accepted)', () => {
    for (const answer of [
      `${CLAIM}[\n3] and ice melts at 0 degrees [1].`,
      `${CLAIM}\uff3b\n\uff13\uff3d and ice melts at 0 degrees [1].`,
      `${CLAIM}[2,\n3] and ice melts at 0 degrees [1].`,
    ])
      expect(codes(answer), answer).toContain('marker_out_of_range');
    // A bracket a line closes that no line before opened is text.
    expect(codes(`${CLAIM}.\n3] and ice melts at 0 degrees [1].`)).toEqual([]);
  });

  it('reads one whose bracket a tag, a comment or an instruction cut by the line break shows whole (a second look found them accepted)', () => {
    for (const markup of ['<span\nclass=a>', '<!--\n-->', '<!--\nx -->', '<?x\n?>'])
      expect(codes(`${CLAIM}[${markup}3] and ice melts at 0 degrees [1].`), markup).toContain(
        'marker_out_of_range',
      );
    expect(codes(`${CLAIM} <span\nclass=a>and ice melts at 0 degrees [1].`)).toEqual([]);
  });

  it('reads a passage as a claim is read: its own code span or line break around a number, copied, is its text', () => {
    const passages = [source('Pass [`3`] as the index. See note [\n3] for details.', 'doc')];
    expect(codes('Pass [`3`] as the index [1].', {}, passages)).toEqual([]);
    expect(codes('See note [\n3] for details [1].', {}, passages)).not.toContain('marker_out_of_range');
  });

  it('reads other brackets and digits a citation is written with (【3】, 〔3〕, ⟦3⟧, [٣], [3⃣])', () => {
    for (const lookAlike of [
      '\u30103\u3011',
      '\u30143\u3015',
      '\u27e63\u27e7',
      '[\u0663]',
      '[\u0969]',
      '[3\u20e3]',
    ])
      expect(codes(`${CLAIM}${lookAlike}.`), lookAlike).toEqual(['marker_out_of_range']);
    expect(codes(`${CLAIM}\u30101\u3011.`)).toEqual([]);
  });

  it('keeps code that holds a bracket as code: an index is no citation', () => {
    for (const answer of [
      `${CLAIM}, as \`a[3]\` holds.`,
      `${CLAIM}, as \`[&#51;]\` holds.`,
      `${CLAIM}, as [\`x\`] holds.`,
    ])
      expect(codes(answer), answer).toEqual([]);
  });

  it('gives the same verdict whatever characters stand outside the bracket (a review found an é turned it)', () => {
    const passages = [
      source('Temperatures ranged from -5 to 5 degrees; café prices rose over 2019 to 2021.', 'notes'),
    ];
    for (const [answer, ranges, expected] of [
      // Ranges are markers only with `ranges: true`: without, `[2-3]` is text, as the parser reads it.
      [`${CLAIM}[2-3].`, false, []],
      [`${CLAIM}[2-3].`, true, ['marker_out_of_range']],
      [`${CLAIM}[&#50;-3].`, true, ['marker_out_of_range']],
      // An interval or a year range is no citation.
      ['Temperatures ranged over [-5, 5] C [1].', false, []],
      ['Cafe prices rose over the period [2019-2021] [1].', false, []],
      ['Cafe prices rose over the period [2019\u20132021] [1].', false, []],
    ] as const) {
      const options = { ranges };
      const within = answer.startsWith('Water') ? WATER : passages;
      expect(codes(answer, options, within), answer).toEqual(expected);
      const accented = answer
        .replace('C [1]', '\u00b0C [1]')
        .replace('Cafe', 'Caf\u00e9')
        .replace('[1][', '[1] \u00e9[');
      expect(codes(accented, options, within), accented).toEqual(expected);
    }
  });
});
