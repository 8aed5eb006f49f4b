// An exponent is read past invisible characters (a zero-width space, soft hyphen, word joiner, bidi control or other
// control between a number and its superscript), as verifyAnswer's own checks read it (see wordSequence): `10\u200b²`
// is `10²`, not `102`, wherever a provider citation is located, by offsets or by its cited text.
import { describe, expect, it } from 'vitest';
import { documentOf } from '../__fixtures__/provider-document.js';
import { createFoldedReader, foldKeepingExponents } from './create-folded-reader.js';
import type { ProviderCitation, ProviderLocation } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const INVISIBLE = ['\u200b', '\u00ad', '\u2060', '\ufeff', '\u200e', '\u202e', '\u2066', '\u0007', '\u0090'];

/** `claim` citing document `text` with `citedText`, at UTF-16 offsets `start..end` when given: codes and texts. */
function check(claim: string, text: string, citedText: string, start?: number, end?: number) {
  const location: ProviderLocation | undefined =
    start === undefined ? undefined : { type: 'offsets', start, end: end!, unit: 'utf16' };
  const citation: ProviderCitation = {
    type: 'char_location',
    document: { index: 0 },
    answer: { start: 0, end: claim.length },
    ...(location === undefined ? {} : { location }),
    citedText,
  };
  const result = verifyProviderCitations(claim, [citation], [documentOf(text)], { support: {} });
  return {
    accepted: result.citations.map((c) => c.text),
    codes: result.rejected.map((r) => r.code),
  };
}

const name = (invisible: string): string =>
  `U+${invisible.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

describe('verifyProviderCitations: an exponent past an invisible character', () => {
  for (const invisible of INVISIBLE) {
    const text = `The city has 10${invisible}\u00b2 parks.`;
    const at = text.indexOf('has');
    const end = text.indexOf('.');

    it(`refuses a cited text that reads the exponent as a digit at offsets (${name(invisible)})`, () => {
      const result = check('The city has 102 parks.', text, 'has 102 parks', at, end);
      expect(result).toEqual({ accepted: [], codes: ['span_mismatch'] });
    });

    it(`accepts the exponent written without the invisible character at offsets (${name(invisible)})`, () => {
      const claim = 'The city has 10\u00b2 parks.';
      expect(check(claim, text, 'has 10\u00b2 parks', at, end)).toEqual({
        accepted: [text.slice(at, end)],
        codes: [],
      });
      expect(check(claim, text, text.slice(at, end), at, end).accepted).toEqual([text.slice(at, end)]);
    });

    it(`finds the exponent by its cited text, not the digit (${name(invisible)})`, () => {
      const claim = 'The city has 10\u00b2 parks.';
      expect(check(claim, text, 'has 10\u00b2 parks').accepted).toEqual([`has 10${invisible}\u00b2 parks`]);
      expect(check('The city has 102 parks.', text, 'has 102 parks').codes).toEqual(['span_mismatch']);
    });
  }

  it('reads a sign and the digits after it past invisible characters as the exponent (10\u207b\u2076)', () => {
    const text = 'A dose of 10\u200b\u207b\u2060\u2076 M.';
    const at = text.indexOf('dose');
    const end = text.indexOf('.');
    expect(check('A dose of 10-6 M.', text, 'dose of 10-6 M', at, end).codes).toEqual(['span_mismatch']);
    expect(check('A dose of 10\u207b\u2076 M.', text, 'dose of 10\u207b\u2076 M', at, end).accepted).toEqual([
      text.slice(at, end),
    ]);
  });

  it('still folds a superscript after a letter or a space, past invisible characters (m\u00b2)', () => {
    const text = 'Each flat has 50 m\u200b\u00b2 of floor.';
    const at = text.indexOf('flat');
    const end = text.indexOf('.');
    expect(check('Each flat has 50 m2 of floor.', text, 'flat has 50 m2 of floor', at, end).accepted).toEqual(
      [text.slice(at, end)],
    );
    expect(foldKeepingExponents('m\u200b\u00b2, 1 \u200b\u00b2').text).toBe('m2, 1 2');
  });
});

describe('foldKeepingExponents and createFoldedReader past invisible characters', () => {
  it('keeps a superscript after a digit past invisible characters and controls', () => {
    expect(foldKeepingExponents('10\u200b\u00b2, 2\u00ad\u207f, 10\u2060\u207b\u200b\u2076').text).toBe(
      '10\u00b2, 2\u207f, 10\u207b\u2076',
    );
  });

  it('reads a slice that starts with invisible characters before a superscript as the slice itself', () => {
    const fold = (text: string): string => foldKeepingExponents(text).text;
    for (const text of [
      'a\u200b\u00b2 b',
      '1\u200b\u00b2 b',
      '1\u200b\u207b\u2076 b',
      'a\u200b\u207b\u2076 b',
    ]) {
      const read = createFoldedReader(text);
      expect(read(1, text.length), JSON.stringify(text)).toBe(fold(text.slice(1)));
    }
  });
});
