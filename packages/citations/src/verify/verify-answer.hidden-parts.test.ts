import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { source } from '../__fixtures__/passage.js';
import { verdictLines } from '../__fixtures__/verdict-lines.js';
import { parseMarkers } from './parse-markers.js';

// What a reader never sees (a link's title, an image's alt text) holds no marker that counts, and decides no sentence
// boundary: text a renderer hides, or shows as another character, reads as it renders.

const U = 'https://example.org/physics';
const PASSAGES = [
  source('Water boils at 100 degrees at sea level.', 'physics', { title: 'Physics', uri: U }),
];

const outcome = (answer: string): string[] => verdictLines(answer, PASSAGES);

/** The text a CommonMark renderer shows for `answer`, tags and attributes left out. */
const shown = (answer: string): string => (marked.parse(answer) as string).replace(/<[^>]*>/g, '');

describe('a marker in a link title', () => {
  it('is hidden when the title holds a parenthesis or a quotation mark of the other kind', () => {
    for (const answer of [
      `Aspirin cures cancer [see](${U} "a ) [1]").`,
      `Aspirin cures cancer [see](${U} 'a ) [1]').`,
      `Aspirin cures cancer [see](<${U}> "a ) [1]").`,
      `Aspirin cures cancer [see](${U} "a ( [1]").`,
      `Aspirin cures cancer [see](${U} (a \\) [1])).`,
      `Aspirin cures cancer [see](${U} "a \\" ) [1]").`,
      `Aspirin cures cancer [see](<${U}?a=) [1]>).`,
    ]) {
      expect(shown(answer), answer).not.toContain('[1]');
      expect(parseMarkers(answer), answer).toEqual([]);
      expect(outcome(answer), answer).not.toContainEqual(expect.stringContaining('→'));
    }
  });

  it('still counts a marker after the link, and one after a title that does not close', () => {
    expect(outcome(`Water boils at 100 degrees at sea level [see](${U} "a ) b") [1].`)).toEqual([
      `Water boils at 100 degrees at sea level [see](${U} "a ) b") [1]. → 1`,
    ]);
    expect(outcome(`Water boils at 100 degrees at sea level [see](${U} "it's here") [1].`)).toEqual([
      `Water boils at 100 degrees at sea level [see](${U} "it's here") [1]. → 1`,
    ]);
    // No closing quote: no link, and the marker shows.
    const unclosed = `Water boils at 100 degrees at sea level [see](${U} "a ) [1].`;
    expect(shown(unclosed)).toContain('[1]');
    expect(outcome(unclosed)).toEqual([`${unclosed} → 1`]);
    // A later link on the line is still read: its destination hides its marker.
    expect(parseMarkers(`[a](x "t [b](y[1]) [2]`).map((m) => m.numbers)).toEqual([[2]]);
  });

  it.each(['[a](x (t ', '[a](x "t ', '[a](<x '])(
    'reads a line of many unclosed titles %j in linear time',
    (unit) => {
      expect(parseMarkers(`${unit.repeat(20)}[1]`)).toHaveLength(1);
      // Work at n against 8n (CPU time; 8 is linear, 64 quadratic). At 32,000 titles (8n: 1.8 MB on one line): a
      // memo of failed closers that grew on every look read as a ratio near 16 at 2,000 and above 30 from here.
      const make = (size: number) => {
        const text = `${unit.repeat(size)}[1]`;
        return () => parseMarkers(text);
      };
      expect(growth(make, 32_000)).toBeLessThan(BOUND);
    },
    180_000,
  );
});

describe('a marker in an image alt text', () => {
  it('is hidden when an escape or a code span holds a bracket, and in a reference image', () => {
    for (const [line, definitions] of [
      [`Aspirin cures cancer ![a \\] [1]](${U}).`, ''],
      [`Aspirin cures cancer ![a \\[ [1]](${U}).`, ''],
      [`Aspirin cures cancer ![\`]\` [1]](${U}).`, ''],
      ['Aspirin cures cancer ![chart [1]][c].', `[c]: ${U}`],
      ['Aspirin cures cancer ![chart [1]][1].', `[1]: ${U}`],
    ]) {
      const answer = `${line} Water boils at 100 degrees [1].\n\n${definitions}`;
      expect(shown(answer).split('Water')[0], answer).not.toContain('[1]');
      expect(outcome(answer), answer).toContain(`no_marker: ${line}`);
    }
  });

  it('counts a marker beside an image, and markers glued to an exclamation mark', () => {
    expect(outcome(`Water boils at 100 degrees at sea level ![chart][c] [1].\n\n[c]: ${U}`)[0]).toBe(
      'Water boils at 100 degrees at sea level ![chart][c] [1]. → 1',
    );
    expect(outcome('Water boils at 100 degrees at sea level![1][1]')).toEqual([
      'Water boils at 100 degrees at sea level![1][1] → 1',
    ]);
    expect(parseMarkers('See ![a \\] b](x.png) [1] and `]` [2].').map((m) => m.numbers)).toEqual([[1], [2]]);
  });
});

describe('a sentence boundary beside a character reference or an image', () => {
  it('ends the uncited sentence before it, as it renders', () => {
    for (const [answer, rest] of [
      ['Aspirin cures cancer.&nbsp;Water boils at 100 degrees [1].', 'Water boils at 100 degrees [1].'],
      ['Aspirin cures cancer.&emsp;Water boils at 100 degrees [1].', 'Water boils at 100 degrees [1].'],
      ['Aspirin cures cancer.&#160;Water boils at 100 degrees [1].', 'Water boils at 100 degrees [1].'],
      [
        'Aspirin cures cancer. &ldquo;Water boils at 100 degrees&rdquo; [1].',
        '&ldquo;Water boils at 100 degrees&rdquo; [1].',
      ],
      [
        'Aspirin cures cancer. &quot;Water boils at 100 degrees&quot; [1].',
        '&quot;Water boils at 100 degrees&quot; [1].',
      ],
      ['Aspirin cures cancer. &mdash; Water boils at 100 degrees [1].', 'Water boils at 100 degrees [1].'],
      ['Aspirin cures cancer&excl; Water boils at 100 degrees [1].', 'Water boils at 100 degrees [1].'],
      ['Aspirin cures cancer&#46; Water boils at 100 degrees [1].', 'Water boils at 100 degrees [1].'],
      [
        `Aspirin cures cancer. ![chart](${U}) Water boils at 100 degrees [1].`,
        'Water boils at 100 degrees [1].',
      ],
      [
        `Aspirin cures cancer. ![chart][c] Water boils at 100 degrees [1].\n\n[c]: ${U}`,
        'Water boils at 100 degrees [1].',
      ],
      ['Aspirin cures cancer\u0085Water boils at 100 degrees [1].', 'Water boils at 100 degrees [1].'],
      // Named whitespace, and line breaks written as numbers (a space in a paragraph): the claim starts after them.
      ['Aspirin cures cancer.&NewLine;Water boils at 100 degrees [1].', 'Water boils at 100 degrees [1].'],
      ['Aspirin cures cancer.&Tab;Water boils at 100 degrees [1].', 'Water boils at 100 degrees [1].'],
      ['Aspirin cures cancer.&#10;Water boils at 100 degrees [1].', 'Water boils at 100 degrees [1].'],
      ['Aspirin cures cancer.&#x2028;Water boils at 100 degrees [1].', 'Water boils at 100 degrees [1].'],
    ]) {
      const result = outcome(answer!);
      expect(result[0], answer).toBe(`${rest} → 1`);
      expect(result[1], answer).toMatch(/^no_marker: Aspirin cures cancer/);
    }
  });

  it('keeps one sentence where the reference renders as a lower-case word or a title stands before it', () => {
    for (const answer of [
      'Water boils at 100 degrees at sea level. &eacute;t&eacute; or not [1].',
      'Water boils at 100 degrees at sea level. &ldquo;it&rdquo; says so [1].',
      'Dr.&nbsp;Smith says water boils at 100 degrees at sea level [1].',
      'Water boils at 100&nbsp;degrees at sea level &amp; more [1].',
      `Water boils at 100 degrees ([see](${U} (Mr. Smith. Physics))) at sea level [1].`,
      `Water boils at 100 degrees [1](${U} (Mr. Smith. Physics)) at sea level [1].`,
    ])
      expect(outcome(answer), answer).toEqual([`${answer} → 1`]);
  });
});
