// A bidi control written as a character reference is decoded by the renderer and reorders what is shown as the
// control itself does (rt10 #4): read as the control, it must stand where a cited passage has it.
import { describe, expect, it } from 'vitest';
import { verifyAnswer } from './verify-answer.js';
import { unmatchedBidiControl } from './unmatched-bidi-control.js';

const text = 'Prices rose by 12% a year, the bureau says. Rents fell by 1 - 2 points.';
const passages = [{ documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text }];
const holds = (part: string) => text.includes(part);

describe('unmatchedBidiControl', () => {
  it.each([
    ['Prices rose by &#x202E;12&#x202C;% a year.', '\u202e'],
    ['Prices rose by &#X202e;12&#x202C;% a year.', '\u202e'],
    ['Prices rose by &#8238;12&#8236;% a year.', '\u202e'],
    ['Prices rose by &#0008238;12&#8236;% a year.', '\u202e'],
    ['Rents fell by &rlm;1 - 2 points.', '\u200f'],
    ['Rents fell by 1 - 2&lrm; points.', '\u200e'],
    ['Rents fell by &#x2067;1 - 2&#x2069; points.', '\u2067'],
    ['Rents fell by &#1564;1 - 2 points.', '\u061c'],
    ['Rents fell by <b>&#x200F 1 - 2</b> points.', '\u200f'],
    ['Rents fell by <b>&#8207</b>1 - 2 points.', '\u200f'],
  ])('reads %j as holding its control', (claim, control) => {
    expect(unmatchedBidiControl(claim, holds)).toBe(control);
  });

  it('reads references to other characters, and names that are no control, as text', () => {
    for (const claim of [
      'Prices rose by &#x202;12&#82380;% a year.',
      'Rents &RLM; fell by &rlmx; &#x202E0;1.',
    ])
      expect(unmatchedBidiControl(claim, holds)).toBeNull();
    // Where the passage has the control, the reference to it is as it writes it.
    const reordered = 'Prices rose by \u202e12\u202c% a year.';
    expect(
      unmatchedBidiControl('Prices rose by &#x202E;12&#x202C;% a year.', (part) => reordered.includes(part)),
    ).toBeNull();
  });

  it('makes verifyAnswer refuse a claim with a control written as a reference, support on or off', () => {
    for (const options of [{}, { support: {} }]) {
      for (const answer of [
        'Prices rose by &#x202E;12&#x202C;% a year [1].',
        'Prices rose by "&#x202E;12&#x202C;%" a year [1].',
        'Rents fell by &rlm;1 - 2&lrm; points [1].',
      ]) {
        const verification = verifyAnswer(answer, passages, options);
        expect(
          verification.rejected.map(({ code }) => code),
          answer,
        ).toEqual(['unsupported']);
      }
      expect(verifyAnswer('Prices rose by 12% a year [1].', passages, options).status).toBe('answered');
    }
  });
});
