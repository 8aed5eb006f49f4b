import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import type { VerifyOptions } from './verify-answer.js';

// A look-alike marker with a character inside its brackets that a page shows as a space or as nothing: a browser shows
// `[1][&#10;3]` and `[1][\f3]` as `[1][ 3]`, and `[1][\u00073]` as `[1][3]`, a citation of a source never sent.
const WATER = [
  source('Water boils at 100 degrees Celsius at sea level. Ice melts at 0 degrees.', 'water'),
  source('Ice floats on water.', 'ice'),
];
const CLAIM = 'Water boils at 100 degrees Celsius at sea level [1]';
const OPTIONS: VerifyOptions[] = [{}, { requireCitations: false }, { unit: 'line' }, { ranges: true }];

const codes = (answer: string, options: VerifyOptions): string[] => streamedCodes(answer, WATER, options);

describe('verifyAnswer: a look-alike marker with white space or a control character inside', () => {
  it('reads the white space a page shows, raw or as a reference, as the space it reads already (a review found them accepted)', () => {
    for (const bracket of [
      '[&#10;3]',
      '[&#x0A;3]',
      '[&#13;3]',
      '[&#x0D;3]',
      '[&#12;3]',
      '[&#xc;3]',
      '[\f3]',
      '[&#x2028;3]',
      '[&#x2029;3]',
      '[3&#10;]',
      '[2,&#13;3]',
      // Held already: the same reading, kept.
      '[&#9;3]',
      '[&Tab;3]',
      '[&NewLine;3]',
      '[&#32;3]',
    ])
      for (const options of OPTIONS)
        expect(
          codes(`${CLAIM}${bracket}.`, options),
          `${JSON.stringify(bracket)} ${JSON.stringify(options)}`,
        ).toContain('marker_out_of_range');
  });

  it('reads a control character inside a bracket as nothing, as a browser shows it: the marker shows', () => {
    for (const bracket of [
      '[\u00073]',
      '[3\u001b]',
      '[\u000b3]',
      '[\u007f3]',
      '[\u00813]',
      '[\u00853]',
      '[\u00003]',
      '[&#7;3]',
      '[&#x1b;3]',
      '[&#11;3]',
      '[&#127;3]',
      '[3&#x9d;]',
    ])
      for (const options of OPTIONS)
        expect(
          codes(`${CLAIM}${bracket}.`, options),
          `${JSON.stringify(bracket)} ${JSON.stringify(options)}`,
        ).toContain('marker_out_of_range');
  });

  it('still reads what a page shows as no marker as text', () => {
    for (const bracket of ['[&#10;x3]', '[a&#12;3]', '[\u0007x]', '[&#92;3]'])
      expect(codes(`${CLAIM}${bracket}.`, { requireCitations: false }), JSON.stringify(bracket)).toEqual([]);
    // A number a cited passage shows in such a bracket is its text, as the one-line form is.
    const passages = [source('See note [&#10;3] for details.', 'doc')];
    expect(codes('See note [1][&#10;3] for details.', {})).toContain('marker_out_of_range');
    expect(streamedCodes('See note [1][&#10;3] for details.', passages, {})).toEqual([]);
  });
});
