import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from '../quoted-rows/resolve-quoted-rows.js';
import { verifyAnswer } from '../verify/verify-answer.js';
import { SEPARATOR, wordSequence } from './word-sequence.js';

const items = (text: string): string[] => wordSequence(text).items;

// Characters normalisation drops: zero width space, word joiner, soft hyphen, a variation selector, a grapheme joiner.
const INVISIBLE = ['\u200b', '\u2060', '\u00ad', '\ufe0e', '\u034f'];

describe('wordSequence: an exponent after invisible characters or astral digits', () => {
  it('reads a superscript after a digit as an exponent past characters normalisation drops', () => {
    for (const invisible of INVISIBLE) {
      expect(items(`a factor of 10${invisible}\u2076 each`)).toEqual(items('a factor of 10\u2076 each'));
      expect(items(`a factor of 10${invisible}\u2076 each`)).not.toEqual(items('a factor of 106 each'));
    }
    expect(items('2\u200b\u207f\u200b\u1d4f')).toEqual(['2\u207f\u1d4f']);
  });

  it('reads a superscript after a digit written as a surrogate pair as an exponent', () => {
    expect(items('\ud835\udfcf\ud835\udfce\u2076')).toEqual(['10\u2076']); // 𝟏𝟎⁶
  });

  it('reads a superscript as its digit or letter after a letter, a space or a mark, invisible characters or not', () => {
    expect(items('m\u200b\u00b2')).toEqual(['m2']);
    expect(items('10 \u2076')).toEqual(['10', `${SEPARATOR} `, '6']);
    expect(items('10\u0301\u2076')).toEqual(['10\u03016']);
  });

  it("reads a superscript plus or minus after a digit or an exponent as the exponent's sign, elsewhere as the sign", () => {
    expect(items('10\u207b\u2076')).toEqual(['10', `${SEPARATOR}\u207b`, '\u2076']);
    expect(items('10\u2076\u207a')).toEqual(['10\u2076', `${SEPARATOR}\u207a`]);
    expect(items('10\u207b\u2076')).not.toEqual(items('10-6'));
    // After a letter, or after a superscript read as its digit (`Ca²⁺` is `Ca2+`), the sign is the sign.
    expect(items('Ca\u00b2\u207a')).toEqual(items('Ca2+'));
    expect(items('s\u207b\u00b9')).toEqual(items('s-1'));
    expect(items('\u207b40')).toEqual(items('-40'));
  });

  it('refuses a quotation that turns 106 into 10⁶ with an invisible character or astral digits', () => {
    const text = 'It grew by a factor of 106 each year.';
    for (const quote of [
      ...INVISIBLE.map((c) => `by a factor of 10${c}\u2076 each year`),
      'by a factor of \ud835\udfcf\ud835\udfce\u2076 each year',
    ]) {
      expect(verifyAnswer(`It grew "${quote}" [1].`, [passage(text)]).status).toBe('rejected');
      expect(resolveQuotedRows([{ handle: 'S1', quote }], [passage(text)]).accepted).toEqual([]);
    }
  });

  it('accepts the quotation against a passage that writes 10⁶', () => {
    const text = 'It grew by a factor of 10\u2076 each year.';
    const { status, claims } = verifyAnswer('It grew "by a factor of 10\u200b\u2076 each year" [1].', [
      passage(text),
    ]);
    expect(status).toBe('answered');
    expect(claims[0]?.citations[0]?.text).toBe('by a factor of 10\u2076 each year');
  });
});
