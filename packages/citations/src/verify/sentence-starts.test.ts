import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sentenceStarts } from './sentence-starts.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const icu = (text: string): number[] => Array.from(segmenter.segment(text), (s) => s.index);

describe('sentenceStarts', () => {
  it('agrees with Intl.Segmenter on one line of prose-like text (property)', () => {
    const token = fc.constantFrom(
      'Water',
      'boils',
      'it',
      'U.S.',
      'e.g.',
      '3.14',
      '.',
      '. ',
      '? ',
      '! ',
      ', ',
      '; ',
      '"',
      ')',
      ' ',
      '  ',
      'x',
      'Y',
      '。',
      '東京',
      '؟ ',
      '…',
      '.)',
      '."',
      'é',
      '”',
      '’ ',
      '«',
      'A.B',
      '\t',
      '\u00a0',
      '」',
      '！',
      '[',
      ']',
      '—',
      '1.',
      'iii.',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (tokens) => {
        const text = tokens.join('');
        if (text === '') return;
        expect(sentenceStarts(text, segmenter)).toEqual(icu(text));
      }),
      { numRuns: propertyRuns(2000) },
    );
  });

  it('agrees with Intl.Segmenter on a long line split into windows', () => {
    const text = 'Short one. Then e.g. a longer clause, and 3.5 more? Yes! "Quoted." (Aside.) '.repeat(200);
    expect(sentenceStarts(text, segmenter)).toEqual(icu(text));
  });
});

describe('sentenceStarts past a window', () => {
  it('keeps no boundary that a lowercase letter beyond the window undoes (SB8 has no look-ahead limit)', () => {
    const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
    const whole = (text: string): number[] => [...segmenter.segment(text)].map((s) => s.index);
    const numbers = Array.from({ length: 200 }, (_, i) => i + 1).join(', ');
    const cases = [
      `See e.g. ${numbers} and so on.`,
      `Go!go etc. ${'('.repeat(600)}and more`,
      `See e.g. ${numbers} And so on. Then more.`,
    ];
    for (const text of cases) expect(sentenceStarts(text, segmenter)).toEqual(whole(text));
    expect(sentenceStarts(cases[0]!, segmenter)).toEqual([0]);
  });
});
