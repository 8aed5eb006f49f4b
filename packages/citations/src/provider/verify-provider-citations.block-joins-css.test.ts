// A word formed across a block join is looked for in the claim as a page shows it, CSS read as a page reads it:
// escapes and comments decoded, and clipping, placement off the page, sizing or scaling to nothing read as hiding
// (`7<span style="displ\61 y:none">x</span>300` states `7300`); a hidden block in a paragraph parts the texts either
// side (`7<div hidden>x</div>300` does not), and a closed `<details>` shows only its summary.
import { describe, expect, it } from 'vitest';
import { checkBlocksCited } from '../__fixtures__/provider-document.js';

const TONNES = ['The ship weighs about 7', '300 tonnes.'];
const EFFECTIVE = ['The treatment was in', 'effective in trials.'];

const ship = (between: string): string => `The ship weighs about 7${between}300 tonnes.`;
const stated = (claim: string, blocks: readonly string[], support: boolean) =>
  checkBlocksCited(claim, blocks, support ? { support: {} } : undefined).rejected.filter(([, message]) =>
    message.includes('which the claim states'),
  );

describe('verifyProviderCitations: a word formed across a block join, CSS that hides', () => {
  it.each([
    [ship('<span style="displ\\61 y:none">x</span>'), TONNES],
    [ship('<span style="\\64 isplay:none">x</span>'), TONNES],
    [ship('<span style="display:/* shown */none">x</span>'), TONNES],
    [ship('<span style="display:none; display:nonsense">x</span>'), TONNES],
    [ship('<span style="position:absolute;clip:rect(0 0 0 0)">x</span>'), TONNES],
    [ship('<span style="clip-path:inset(50%)">x</span>'), TONNES],
    [ship('<span style="clip-path:circle(0)">x</span>'), TONNES],
    [ship('<span style="position:absolute;left:-9999px">x</span>'), TONNES],
    [ship('<span style="position:absolute;width:1px;height:1px;overflow:hidden">x</span>'), TONNES],
    [ship('<span style="display:inline-block;transform:scale(0)">x</span>'), TONNES],
    [ship('<span style="display:inline-block;max-height:0;overflow:hidden">x</span>'), TONNES],
    [
      'The treatment was in<span style="position:absolute;top:-10000px"> not </span>effective in trials.',
      EFFECTIVE,
    ],
    // Where no paragraph is known to be open (a list item), a hidden block parts nothing.
    ['- The ship weighs about 7<div hidden>x</div>300 tonnes.', TONNES],
  ])('refuses %j (blocks %j)', (claim, blocks) => {
    for (const support of [false, true])
      expect(stated(claim, blocks, support), String(support)).toHaveLength(1);
  });

  it.each([
    ship('<span style="clip:rect(0 0 0 0)">x</span>'),
    ship('<span style="left:-9999px">x</span>'),
    ship('<span style="transform:scale(0)">x</span>'),
    ship('<span style="display\\3a none">x</span>'),
    ship('<span style="disp/**/lay:none">x</span>'),
    // A hidden block in a paragraph ends it: the page shows the texts either side apart.
    ship('<div hidden>x</div>'),
    ship('<div style="display:none">x</div>'),
    ship('<hr hidden>'),
    ship('<dialog>x</dialog>'),
    ship('<details>x</details>'),
    ship('<details><summary>y</summary>x</details>'),
    // A closed details shows as a block (its summary, or a default one) wherever it stands.
    '- The ship weighs about 7<details>x</details>300 tonnes.',
    'The treatment was in<div hidden> not </div>effective in trials.',
  ])('does not read %j as the word formed across the join', (claim) => {
    const blocks = claim.startsWith('The ship') ? TONNES : EFFECTIVE;
    for (const support of [false, true]) expect(stated(claim, blocks, support), String(support)).toEqual([]);
  });

  it('reads the summary of a closed details as shown', () => {
    expect(
      stated('- The ship weighs about 7<details><summary>300</summary>x</details> tonnes.', TONNES, false),
    ).toEqual([]);
    expect(stated('- The ship weighs about 7<details open>300</details> tonnes.', TONNES, false)).toEqual([]);
  });
});
