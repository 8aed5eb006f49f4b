import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { formatSources } from '../verify/format-sources.js';
import { locateQuote } from './locate-quote.js';
import { wordSequence } from './word-sequence.js';

// A soft hyphen before millions of tabs, in a text with a character outside Latin-1 (`€`): there V8 keeps a backtrack
// entry per character a `u`-flag class repeats greedily, and a run past 8,388,608 overflowed its stack.
const TABS = '\t'.repeat(8_500_000);

describe('a soft hyphen at a line break past millions of tabs', () => {
  it('gives a quote across it the result it gives across one tab', () => {
    expect(locateQuote('water boils', `€ Water boi\u00ad${TABS}\nls`)).toBe(
      locateQuote('water boils', '€ Water boi\u00ad\t\nls'),
    );
  });

  it('reads the halves as one word', () => {
    expect(wordSequence(`€ boi\u00ad\n${TABS}ls`).items).toContain('boils');
  });

  it('joins the halves in a formatted source', () => {
    expect(formatSources([passage(`€ boi\u00ad${TABS}\nls`)])).toContain('€ boils');
  });
});
