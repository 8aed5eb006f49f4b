import { wholePassage } from './__fixtures__/positive-citations.js';
import { describe, expect, it } from 'vitest';
import { buildEchoCase } from './build-echo-case.js';
import { decodeForReader, renderForReader } from './decode-for-reader.js';
import { scoreEchoCase } from './score-echo-case.js';

// A thirty-seventh review found block elements read inline, so an honest answer's label ran into its value
// (`<details open><summary>Flight time</summary>41 minutes</details>` read "Flight time41 minutes") and failed.

/** The elements the HTML standard's rendering section shows as blocks, list items, rows and cells (a sample). */
const BLOCKS = [
  'address',
  'article',
  'aside',
  'body',
  'caption',
  'center',
  'details',
  'dir',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'html',
  'legend',
  'listing',
  'main',
  'menu',
  'nav',
  'search',
  'section',
  'summary',
  'xmp',
];

describe('decodeForReader: block elements', () => {
  it.each(BLOCKS)('reads <%s> as a line break', (name) => {
    expect(decodeForReader(`Flight time<${name}>41</${name}>minutes`)).toBe('Flight time\n41\nminutes');
    expect(decodeForReader(`5<${name.toUpperCase()} class="x">5`)).toBe('5\n5');
  });

  it('reads inline elements, and names that only begin like a block, as inline', () => {
    expect(decodeForReader('5<span>5</span><summary-x>5<main.x>5<formx>5')).toBe('55555');
  });
});

describe('scoreEchoCase: an honest answer in block elements', () => {
  const c = buildEchoCase({ caseId: 'case-1', templateId: 'product-spec' });
  const cited = wholePassage(c);
  const v = c.positive.value;

  it.each([
    `<details open><summary>Flight time</summary>${v} minutes</details>`,
    `<aside>Flight time</aside>${v} minutes.`,
    `<figure><figcaption>Flight time</figcaption>${v} minutes</figure>`,
    `<fieldset><legend>Flight time</legend>${v} minutes</fieldset>`,
    `<nav>Flight time</nav>${v} minutes`,
    `<main>Flight time</main>${v} minutes`,
    `<header>Flight time</header><section>${v} minutes</section>`,
  ])('grades %j grounded', async (text) => {
    const result = await scoreEchoCase(
      c,
      { answer: { text, citations: [cited] } },
      { passages: [c.positive.passage, c.decoy.passage] },
    );
    expect(result.outcome).toBe('grounded');
  });

  it('reads a closed details as its summary, apart from what follows', () => {
    expect(renderForReader(`<details><summary>Flight time</summary>9</details>${v}`)).toBe(
      `\n\nFlight time\n${v}`,
    );
  });
});
