import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { passage } from '../__fixtures__/passage.js';
import { trimSeparators, wordSequence } from '../text/word-sequence.js';
import { compileIdentifierRules } from './identifier-rules.js';
import { PassageIndex } from './passage-index.js';

const words = (text: string): string[] => trimSeparators(wordSequence(text).items);

describe('PassageIndex', () => {
  const text = 'Water boils at 100 \u00b0C. At altitude, water boils at lower temperatures.';
  const index = new PassageIndex(passage(text));

  it('locates whole words at their first occurrence, as offsets in the passage text', () => {
    const at = (quote: string) => {
      const span = index.locate(words(quote));
      return span && text.slice(span.start, span.end);
    };
    expect(at('WATER boils at')).toBe('Water boils at');
    expect(at('water  boils at lower')).toBe('water boils at lower');
    expect(at('"at altitude, water"')).toBe('At altitude, water');
    expect(index.locate(words('boils at 100'))).toEqual({ start: 6, end: 18 });
  });

  it('locates nothing that is not whole words of the passage in that order', () => {
    for (const quote of [
      'ater boils',
      'boils at 10',
      'water boils at 200',
      'boils, at',
      'temperatures at',
      '',
    ]) {
      expect(index.locate(words(quote)), quote).toBeNull();
    }
    expect(index.locate([])).toBeNull();
  });

  it('knows its tokens, normalised', () => {
    expect(index.hasToken('altitude')).toBe(true);
    expect(index.hasToken('100')).toBe(true);
    expect(index.hasToken('Altitude')).toBe(false);
    expect(index.hasToken('alti')).toBe(false);
    expect(index.hasToken(' ')).toBe(false);
  });

  it('collects the identifiers of each rule in the text, title and uri, each read on its own', () => {
    const [ecli, url] = compileIdentifierRules(['ecli', 'url']);
    const cited = new PassageIndex(
      passage('Ruling ECLI:NL:HR:2020:1234.', { title: 'ECLI:NL:HR:2020', uri: 'https://example.org/a' }),
    );
    expect(cited.identifiers(ecli!).size).toBe(1);
    expect(cited.identifiers(ecli!).has('ECLI:NL:HR:2020:1234')).toBe(true);
    expect(cited.identifiers(url!).size).toBe(1);
    expect(cited.identifiers(url!).has('https://example.org/a')).toBe(true);
    expect(cited.identifiers(ecli!)).toBe(cited.identifiers(ecli!)); // computed once
  });

  it('finds a core as written only between edges the prompt showed, and nothing once its budget is spent', () => {
    const found = (text: string, core = 'Rates fell') =>
      new PassageIndex(passage(text)).containsVerbatim(core);
    expect(found('Rates fell')).toBe(true);
    expect(found('Inflation: Rates fell. Then')).toBe(true);
    expect(found('\u2122Rates fell\u00bb')).toBe(true);
    expect(found('(Rates fell)\u{1F600}')).toBe(true);
    for (const before of [
      'x',
      '\u00e9',
      '\u0301',
      '\u{1D400}',
      '\u200b',
      '\u00ad',
      '\u0000',
      '\u0085',
      '\u0090',
    ]) {
      const hidden = before === '\u0085'; // NEL is a line break, which the prompt shows
      expect(found(`Inflation${before}Rates fell.`), before).toBe(hidden);
      expect(found(`Rates fell${before}`), before).toBe(hidden);
    }
    expect(found('rates fell')).toBe(false); // as written: the normalised look-up decides
    // A later occurrence between edges counts, after earlier ones glued to a word.
    expect(found('xRates fell, Rates fellx, Rates fell.')).toBe(true);
    // 1,000 look-ups over a passage that never holds the core: scanning stops after a few times its length.
    const index = new PassageIndex(passage('a'.repeat(10_000)));
    let calls = 0;
    const indexOf = String.prototype.indexOf;
    String.prototype.indexOf = function (this: string, search: string, position?: number): number {
      calls++;
      return indexOf.call(this, search, position);
    };
    try {
      for (let i = 0; i < 1_000; i++) index.containsVerbatim('b');
    } finally {
      String.prototype.indexOf = indexOf;
    }
    expect(calls).toBeLessThanOrEqual(10);
  });

  it('answers false, not true, once overlapping near-misses have spent its scanning budget', () => {
    // Laughter: the core occurs at every other offset, always glued to the next "ha", never between edges.
    const text = 'ha'.repeat(2_000);
    const core = 'ha'.repeat(20);
    const index = new PassageIndex(passage(text));
    let calls = 0;
    const indexOf = String.prototype.indexOf;
    String.prototype.indexOf = function (this: string, search: string, position?: number): number {
      calls++;
      return indexOf.call(this, search, position);
    };
    let first: boolean;
    try {
      first = index.containsVerbatim(core);
    } finally {
      String.prototype.indexOf = indexOf;
    }
    expect(first).toBe(false);
    // Each near-miss spends the gap before it and the core's length: 8 times the text plus 1,024 allows ~800.
    expect(calls).toBeGreaterThan(700);
    expect(calls).toBeLessThanOrEqual(Math.ceil((8 * text.length + 1024) / core.length) + 1);
    expect(index.containsVerbatim(core)).toBe(false); // the budget stays spent
    expect(index.containsVerbatim('ha')).toBe(false);
  });

  it('charges a look-up that misses only for the text it read, so later look-ups still find what is there', () => {
    // "Rates fell" occurs once, near the end and glued to a word: each look-up reads the text once, to its end.
    const text = `Rates rose. ${'Prices held. '.repeat(75)}Rates fellx.`;
    const index = new PassageIndex(passage(text));
    for (let i = 0; i < 6; i++) expect(index.containsVerbatim('Rates fell')).toBe(false);
    expect(index.containsVerbatim('Rates rose')).toBe(true);
  });

  it('locates the same first occurrence while scanning and once indexed (property)', () => {
    const word = fc.constantFrom('a', 'b', 'c', 'a b', 'b, c', '.');
    fc.assert(
      fc.property(
        fc.array(word, { minLength: 1, maxLength: 60 }),
        fc.array(fc.array(word, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 40 }),
        (parts, queries) => {
          const text = parts.join(' ');
          const scanned = new PassageIndex(passage(text));
          const answers = queries.map((q) => scanned.locate(words(q.join(' '))));
          // Enough look-ups to spend the scanning budget: the same questions again, now answered by the index.
          const busy = new PassageIndex(passage(text));
          for (let i = 0; i < 20; i++) busy.locate(words('a b c'));
          expect(queries.map((q) => busy.locate(words(q.join(' '))))).toEqual(answers);
        },
      ),
      { numRuns: propertyRuns(200) },
    );
  });
});
