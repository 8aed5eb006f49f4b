// A word a soft hyphen splits at a line break (`in\u00AD\neffective`) is one word for verifyAnswer; quoted rows and
// locateQuote read it so too, with case kept or not.
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { locateQuote } from '../text/locate-quote.js';
import { verifyAnswer } from '../verify/verify-answer.js';
import { resolveQuotedRows } from './resolve-quoted-rows.js';

const text = 'The drug was in\u00ad\neffective in trials.';
const capital = 'The drug was In\u00ad\n  effective in trials.';
const resolve = (quote: string, source: string, ignoreCase?: boolean) =>
  resolveQuotedRows(
    [{ handle: 'S1', quote }],
    [passage(source)],
    ignoreCase === undefined ? {} : { ignoreCase },
  );

describe('resolveQuotedRows: a word split by a soft hyphen at a line break', () => {
  it('accepts the whole word, case kept or ignored, as verifyAnswer does', () => {
    expect(verifyAnswer('It was "ineffective in trials" [1].', [passage(text)]).status).toBe('answered');
    for (const ignoreCase of [undefined, false, true]) {
      const { accepted, rejected } = resolve('ineffective in trials', text, ignoreCase);
      expect(rejected).toEqual([]);
      expect(accepted[0]?.citation).toMatchObject({
        start: 13,
        end: 36,
        text: 'in\u00ad\neffective in trials',
      });
    }
    expect(resolve('Ineffective in trials', capital).accepted).toHaveLength(1);
  });

  it('still compares case, and still refuses the halves', () => {
    expect(resolve('ineffective in trials', capital).rejected[0]?.code).toBe('quote_not_found');
    expect(resolve('Ineffective in trials', text).rejected[0]?.code).toBe('quote_not_found');
    expect(resolve('ineffective in trials', capital, true).accepted).toHaveLength(1);
    expect(resolve('effective in trials', text).rejected[0]?.code).toBe('quote_not_found');
    expect(resolve('in effective in trials', text).rejected[0]?.code).toBe('quote_not_found');
  });
});

describe('locateQuote: a word split by a soft hyphen at a line break', () => {
  it('finds the whole word, and only whole words with wholeWords', () => {
    for (const wholeWords of [false, true]) {
      expect(locateQuote('ineffective in trials', text, { wholeWords })).toEqual({ start: 13, end: 36 });
      expect(locateQuote('INEFFECTIVE', capital, { wholeWords, ignoreCase: true })).toEqual({
        start: 13,
        end: 28,
      });
      expect(locateQuote('in\u00ad\neffective', text, { wholeWords })).toEqual({ start: 13, end: 26 });
    }
    expect(locateQuote('effective in', text, { wholeWords: true })).toBeNull();
    // Not at a line break, or before no word: the soft hyphen is dropped and nothing more.
    expect(locateQuote('in effective', 'in\u00ad effective')).toEqual({ start: 0, end: 13 });
    expect(locateQuote('in - effective', 'in\u00ad\n- effective')).toEqual({ start: 0, end: 15 });
  });
});
