// Gaps the adversarial corpus found in @gk/citations. Each was first committed as an `it.fails` test that
// failed against the code of the time, then closed in the package (commit "close the known gaps found by the
// adversarial corpus"); the tests now guard against their return. The comments describe the original fault.
import { locateQuote, verifyAnswer } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { PASSAGES } from './fixtures/corpus.js';
import { BOUND, growth } from './growth.js';

const codes = (answer: string): string[] => verifyAnswer(answer, PASSAGES).rejected.map((r) => r.code);

describe('closed gaps: quotation check', () => {
  // findQuotations pairs only U+0022 and U+201C/U+201D, while the normaliser behind locateQuote already folds
  // U+2033 (double prime) to '"' and NFKC folds U+FF02 to '"': a fabricated quotation between look-alike quote
  // marks is accepted with a valid marker (support check off, the default).
  it('control: a fabricated quotation in straight quotes is quote_not_found', () => {
    expect(codes('It says "the tower is made of solid gold" [2].')).toEqual(['quote_not_found']);
  });

  it('rejects a fabricated quotation between full-width quotation marks (U+FF02)', () => {
    expect(codes('It says \uff02the tower is made of solid gold\uff02 [2].')).toEqual(['quote_not_found']);
  });

  it('rejects a fabricated quotation between double primes (U+2033)', () => {
    expect(codes('It says \u2033the tower is made of solid gold\u2033 [2].')).toEqual(['quote_not_found']);
  });

  it('rejects a fabricated quotation between guillemets', () => {
    expect(codes('It says \u00abthe tower is made of solid gold\u00bb [2].')).toEqual(['quote_not_found']);
  });

  it('rejects a fabricated quotation in German quotation marks (U+201E ... U+201C)', () => {
    expect(codes('It says \u201ethe tower is made of solid gold\u201c [2].')).toEqual(['quote_not_found']);
  });
});

describe('closed gaps: identifier rules', () => {
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

  it('rejects a fabricated ECLI split by a zero-width space', () => {
    expect(codes('The ruling ECLI:NL:HR:2021\u200b:9999 settled it [2].')).toEqual(['unknown_identifier']);
  });

  it('rejects a fabricated ECLI written with full-width digits', () => {
    expect(codes('The ruling ECLI:NL:HR:\uff12\uff10\uff12\uff11:9999 settled it [2].')).toEqual([
      'unknown_identifier',
    ]);
  });

  it('rejects a fabricated DOI split by a zero-width space', () => {
    expect(codes('Data are in 10\u200b.1000/boil.2025 [1].')).toEqual(['unknown_identifier']);
  });

  it('rejects a fabricated URL whose scheme holds a zero-width joiner', () => {
    expect(codes('See h\u200dttps://evil.example/x [1].')).toEqual(['unknown_identifier']);
  });
});

describe('closed gaps: linear time of locateQuote', () => {
  // locateQuote refuses a match that starts or ends inside one original character's expansion (the 'e' of a
  // decomposed 'é'), then searches again from the next position with String.prototype.indexOf. When nearly
  // every position is such a refused match, each retry compares the whole needle again: a quote of k
  // characters over a passage of n does about n * k work (measured: 4,000 -> 7 ms, 64,000 -> 674 ms, so a
  // 1 MB passage and a 0.5 MB quote take tens of seconds). verifyAnswer (quotations) and decodeQuotedRows
  // both pass model-written quotes to it. A search that keeps its state across refused matches (KMP) would
  // stay linear. The test counts work deterministically: every indexOf call on the normalised text compares
  // at least the needle's length once it finds a match.
  it('does work linear in passage and quote when matches keep splitting expanded characters', () => {
    const text = '\u00e9'.repeat(4_000);
    const quote = `${'\u00e9'.repeat(2_000)}e`;
    const indexOf = String.prototype.indexOf;
    let work = 0;
    String.prototype.indexOf = function (this: string, search: string, position?: number): number {
      const found = indexOf.call(this, search, position);
      if (search.length > 100 && found !== -1) work += search.length;
      return found;
    };
    try {
      expect(locateQuote(quote, text)).toBeNull();
    } finally {
      String.prototype.indexOf = indexOf;
    }
    expect(work).toBeLessThanOrEqual(4 * (text.length + quote.length));
  });
});

describe('closed gaps: linear time of trailing-punctuation trimming', { timeout: 180_000 }, () => {
  // Regular expressions of the form /[...]+$/ run (non-global) over text the model wrote: URL_TRAILING in
  // split-claims.ts (URLs inside a sentence), TRAILING_PUNCTUATION and /\/+$/ in identifier-rules.ts (the
  // canonical form of a DOI or URL match), and TRAILING in check-support.ts (the claim before the support
  // check). On a long run of those characters that is not at the end, the regex engine tries every start in
  // the run and scans to its end: quadratic (measured: 80,000 characters take about 2 s for a URL of dots and
  // 8 s for a claim with the support check on). Trimming with a backwards loop would be linear. The growth
  // method is the one in linear-time.test.ts.
  const passages = [{ documentId: 'd', chunkId: 'c', start: 0, end: 5, text: 'hello' }];

  it('verifies a URL holding a long run of dots in linear time', () => {
    const make = (size: number) => {
      const answer = `See https://e.x/${'.'.repeat(size)}a [1].`;
      return () => verifyAnswer(answer, passages);
    };
    // n = 256,000: between 128 K and 256 K characters the cost per character steps up about threefold and stays
    // flat from there (measured 10.5 ns at 128 K, 30 ns at 256 K and 1 M, 35 ns at 2 M), so a measurement that
    // starts below the step reads about 21 where linear reads 8 (CI once read more than 24).
    expect(growth(make, 256_000)).toBeLessThan(BOUND);
  });

  it('checks support for a claim holding a long run of spaces and commas in linear time', () => {
    const make = (size: number) => {
      const answer = `hello${' ,'.repeat(size)} world [1].`;
      return () => verifyAnswer(answer, passages, { support: {} });
    };
    expect(growth(make, 2_000)).toBeLessThan(BOUND);
  });
});
