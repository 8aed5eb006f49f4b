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
  it('reads what an element a page never shows holds inside the bracket as not shown (a review found them accepted)', () => {
    for (const inside of [
      '3<span hidden>x</span>',
      '<span hidden>9</span>3',
      '3<template>x</template>',
      '3<script>x</script>',
      '3<rp>x</rp>',
      '3<span style="display:none">x</span>',
      '3<details>x</details>',
    ])
      expect(codes(`${CLAIM}[${inside}].`), inside).toEqual(['marker_out_of_range']);
    // An element that shows what it holds keeps it shown: `[3 x]` is no marker.
    expect(codes(`${CLAIM}[3<b>x</b>].`)).toEqual([]);
  });

  it('decodes the named references that show a space, nothing, a bracket or a separator, as the numeric ones (a review found them accepted)', () => {
    for (const lookAlike of [
      '[&nbsp;3]',
      '[3&ZeroWidthSpace;]',
      '&LeftDoubleBracket;3&RightDoubleBracket;',
      '&lobrk;3&robrk;',
      '[&NegativeMediumSpace;3]',
      '[&zwj;3]',
      '[&zwnj;3]',
      '[&shy;3]',
      '[&NoBreak;3]',
      '[&NonBreakingSpace;3]',
      '[&InvisibleTimes;3]',
      '[&it;3]',
      '[&af;3]',
      '[&Tab;3]',
      '[1&comma;3]',
      '[1&semi; 3]',
    ])
      expect(codes(`${CLAIM}${lookAlike}.`), lookAlike).toEqual(['marker_out_of_range']);
    // A name no browser decodes is text.
    expect(codes(`${CLAIM}[&nosuchname;3].`)).toEqual([]);
  });

  it('reads other square brackets beside a real marker (〚3〛, 〘3〙, ⦋3⦌, ⦍3⦎; a review found them accepted)', () => {
    for (const lookAlike of [
      '\u301a3\u301b',
      '\u30183\u3019',
      '\u298b3\u298c',
      '\u298d3\u298e',
      '\u298f3\u2990',
    ])
      expect(codes(`${CLAIM}${lookAlike}.`), lookAlike).toEqual(['marker_out_of_range']);
  });

  it('reads a lead-in with the tag and the bracket the lines before it leave open (a review found them accepted)', () => {
    const passages = [source('Water boils at 100 degrees. Ice floats. The range is 12 - 5 units.', 'water')];
    // A browser reopens `<b dir=rtl>` around the items; the page shows `[1][ 3]`.
    expect(
      codes(
        'Water boils at 100 degrees [1] <b\ndir=rtl>in short:\n\n- The range is 12 - 5 units [1].',
        {},
        passages,
      ),
    ).toEqual(['unsupported']);
    // The line that opens the bracket shows it too, joined, beside its own marker.
    expect(
      codes('Water boils at 100 degrees [1][\n3] as follows:\n\n- Ice floats [1].', {}, passages),
    ).toEqual(['marker_out_of_range', 'marker_out_of_range']);
    // As the same lines are read with no lead-in.
    expect(
      codes('Water boils at 100 degrees [1] <b\ndir=rtl>and the range is 12 - 5 units [1].', {}, passages),
    ).toEqual(['unsupported']);
    expect(codes('Water boils at 100 degrees [1][\n3] and ice floats [1].', {}, passages)).toEqual([
      'marker_out_of_range',
      'marker_out_of_range',
    ]);
    // A lead-in with nothing carried into it stays no claim.
    expect(
      codes(
        'Water boils at 100 degrees [1] <b>in\nshort</b>:\n\n- The range is 12 - 5 units [1].',
        {},
        passages,
      ),
    ).toEqual([]);
  });
});
