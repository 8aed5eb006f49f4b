// A word or number formed across a block join is stated by a claim that shows it, however it is written: character
// references (`7&nbsp;300`, `7&#8203;300`, `&#55;300`, `in&shy;effective`), markup a page shows nothing of between
// its parts (`7<!-- -->300`, `in<b></b>effective`) and decimal digits of any script (`٧٣٠٠`, `७३००`) are read as a
// page shows them (r22 provider #1). Markup a page shows apart, or hides, is not read as the claim's words.
import { describe, expect, it } from 'vitest';
import { checkBlocksCited } from '../__fixtures__/provider-document.js';

const TONNES = ['The ship weighs about 7', '300 tonnes.'];
const EFFECTIVE = ['The treatment was in', 'effective in trials.'];

const check = checkBlocksCited;

const OPTIONS = [undefined, { support: {} }];

describe('verifyProviderCitations: a word formed across a block join, as the claim shows it', () => {
  it.each([
    // The controls: written plainly, or with the invisible or joining character itself.
    ['The ship weighs about 7300 tonnes.', TONNES],
    ['The ship weighs about 7\u00a0300 tonnes.', TONNES],
    ['The ship weighs about 7\u200b300 tonnes.', TONNES],
    ['The treatment was in\u00adeffective in trials.', EFFECTIVE],
    // Character references.
    ['The ship weighs about 7&nbsp;300 tonnes.', TONNES],
    ['The ship weighs about 7&#8203;300 tonnes.', TONNES],
    ['The ship weighs about 7&#x200B;300 tonnes.', TONNES],
    ['The ship weighs about 7&ZeroWidthSpace;300 tonnes.', TONNES],
    ['The ship weighs about &#55;300 tonnes.', TONNES],
    ['The ship weighs about 7&#51;00 tonnes.', TONNES],
    ['The treatment was in&shy;effective in trials.', EFFECTIVE],
    ['The treatment was in&#173;effective in trials.', EFFECTIVE],
    ['The treatment was &#105;neffective in trials.', EFFECTIVE],
    // Markup a page shows nothing of, or shows its text inline.
    ['The ship weighs about 7<!-- -->300 tonnes.', TONNES],
    ['The ship weighs about 7<span>300</span> tonnes.', TONNES],
    ['The ship weighs about 7<span class="n">300</span> tonnes.', TONNES],
    ['The treatment was in<b></b>effective in trials.', EFFECTIVE],
    ['The treatment was in<!---->effective in trials.', EFFECTIVE],
    ['The treatment was in<?x?>effective in trials.', EFFECTIVE],
    // Decimal digits of other scripts.
    ['The ship weighs about ٧٣٠٠ tonnes.', TONNES],
    ['The ship weighs about ۷۳۰۰ tonnes.', TONNES],
    ['The ship weighs about ७३०० tonnes.', TONNES],
    ['The ship weighs about 7٣00 tonnes.', TONNES],
  ])('refuses %j (blocks %j)', (claim, blocks) => {
    for (const options of OPTIONS) {
      const result = check(claim, blocks, options);
      expect(result.accepted, JSON.stringify(options)).toEqual([]);
      expect(result.rejected.map(([code]) => code)).toEqual(['span_mismatch']);
      expect(result.rejected[0]![1]).toContain('which the claim states');
    }
  });

  it.each([
    // Written apart, as the document shows it: a line break, a space or markup a page shows apart.
    ['The ship weighs about 7 300 tonnes.', TONNES],
    ['The ship weighs about 7&#32;300 tonnes.', TONNES],
    ['The ship weighs about 7&Tab;300 tonnes.', TONNES],
    ['The ship weighs about 7<br>300 tonnes.', TONNES],
    ['The ship weighs about 7</p><p>300 tonnes.', TONNES],
    ['The ship weighs about 7 ![chart](c.png)300 tonnes.', TONNES],
    // Shown as typed: a reference escaped or inside a code span.
    ['The ship weighs about \\&#55;300 tonnes.', TONNES],
    ['The ship weighs about `&#55;`300 tonnes.', TONNES],
    ['The treatment was in effective in trials.', EFFECTIVE],
  ])('does not read %j as the word formed across the join (blocks %j)', (claim, blocks) => {
    const result = check(claim, blocks);
    expect(result.rejected.filter(([, message]) => message.includes('which the claim states'))).toEqual([]);
  });
});
