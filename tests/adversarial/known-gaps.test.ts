// Open gaps found by the adversarial corpus. Each test states the behaviour the package should have; it
// currently fails, and `it.fails` records that without breaking the suite. When a gap is closed the test
// passes, `it.fails` then reports a failure, and the marker must become `it` (the test stays as a guard).
import { verifyAnswer } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { PASSAGES } from './fixtures/corpus.js';

const codes = (answer: string): string[] => verifyAnswer(answer, PASSAGES).rejected.map((r) => r.code);

describe('known gaps: quotation check', () => {
  // findQuotations pairs only U+0022 and U+201C/U+201D, while the normaliser behind locateQuote already folds
  // U+2033 (double prime) to '"' and NFKC folds U+FF02 to '"': a fabricated quotation between look-alike quote
  // marks is accepted with a valid marker (support check off, the default).
  it('control: a fabricated quotation in straight quotes is quote_not_found', () => {
    expect(codes('It says "the tower is made of solid gold" [2].')).toEqual(['quote_not_found']);
  });

  it.fails('rejects a fabricated quotation between full-width quotation marks (U+FF02)', () => {
    expect(codes('It says \uff02the tower is made of solid gold\uff02 [2].')).toEqual(['quote_not_found']);
  });

  it.fails('rejects a fabricated quotation between double primes (U+2033)', () => {
    expect(codes('It says \u2033the tower is made of solid gold\u2033 [2].')).toEqual(['quote_not_found']);
  });

  it.fails('rejects a fabricated quotation between guillemets', () => {
    expect(codes('It says \u00abthe tower is made of solid gold\u00bb [2].')).toEqual(['quote_not_found']);
  });

  it.fails('rejects a fabricated quotation in German quotation marks (U+201E ... U+201C)', () => {
    expect(codes('It says \u201ethe tower is made of solid gold\u201c [2].')).toEqual(['quote_not_found']);
  });
});

describe('known gaps: identifier rules', () => {
  // The ECLI, DOI and URL patterns run on the claim text as written. A zero-width character or a full-width
  // form inside a fabricated identifier stops the pattern from matching, so nothing is looked up and the claim
  // is accepted with a valid marker, while it renders exactly like the identifier. Matching on the NFKC form
  // with zero-width characters removed (as the comparisons elsewhere do) would close this; look-alike letters
  // from other scripts (Cyrillic \u0415 for E) would stay out of reach.
  it('control: a fabricated ECLI, DOI and URL are unknown_identifier', () => {
    expect(codes('The ruling ECLI:NL:HR:2021:9999 settled it [2].')).toEqual(['unknown_identifier']);
    expect(codes('Data are in 10.1000/boil.2025 [1].')).toEqual(['unknown_identifier']);
    expect(codes('See https://evil.example/x [1].')).toEqual(['unknown_identifier']);
  });

  it.fails('rejects a fabricated ECLI split by a zero-width space', () => {
    expect(codes('The ruling ECLI:NL:HR:2021\u200b:9999 settled it [2].')).toEqual(['unknown_identifier']);
  });

  it.fails('rejects a fabricated ECLI written with full-width digits', () => {
    expect(codes('The ruling ECLI:NL:HR:\uff12\uff10\uff12\uff11:9999 settled it [2].')).toEqual([
      'unknown_identifier',
    ]);
  });

  it.fails('rejects a fabricated DOI split by a zero-width space', () => {
    expect(codes('Data are in 10\u200b.1000/boil.2025 [1].')).toEqual(['unknown_identifier']);
  });

  it.fails('rejects a fabricated URL whose scheme holds a zero-width joiner', () => {
    expect(codes('See h\u200dttps://evil.example/x [1].')).toEqual(['unknown_identifier']);
  });
});
