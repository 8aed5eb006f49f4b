import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { verdictLines } from '../__fixtures__/verdict-lines.js';
import { findQuotations } from './find-quotations.js';
import { hiddenSpans } from './parse-markers.js';
import { splitClaims } from './split-claims.js';

// A quotation mark a renderer hides (in an HTML comment, a tag's attribute, a link's destination or title, an image's
// alt text) or shows as code is no mark, as a `[n]` there is no marker: read as one, it would pair with a visible mark
// and leave the quotation a reader sees unchecked.

const U = 'https://example.org/leaflet';
const PASSAGES = [
  source('Aspirin is not recommended for children. It is recommended for adults.', 'leaflet', { uri: U }),
];
const FABRICATED = 'Aspirin is recommended for children';

const ENTITIES: Record<string, string> = { quot: '"', '#39': "'", ldquo: '\u201c', rdquo: '\u201d' };
/** The prose a CommonMark renderer shows for `answer`: tags, attributes and code left out, references decoded. */
const shown = (answer: string): string =>
  (marked.parse(answer) as string)
    .replace(/<code>.*?<\/code>|<[^>]*>/g, '')
    .replace(/&(quot|#39|ldquo|rdquo);/g, (_, name: string) => ENTITIES[name]!)
    .trim();

/** A hidden mark after the visible opening mark and one before the visible closing mark, around `quoted`. */
const HIDERS: Record<string, (quoted: string) => string> = {
  'HTML comments': (q) => `The leaflet says "<!--x"-->${q}<!-- "x-->" [1].`,
  'HTML comments, curly marks': (q) => `The leaflet says “<!--”-->${q}<!--“-->” [1].`,
  'processing instructions': (q) => `The leaflet says "<?x"?>${q}<? "x?>" [1].`,
  declarations: (q) => `The leaflet says "<!X a">${q}<!X "a>" [1].`,
  'CDATA sections': (q) => `The leaflet says "<![CDATA["]]>${q}<![CDATA["]]>" [1].`,
  'tag attributes': (q) => `The leaflet says "<b title='x"'>${q}</b><i title=' "x'></i>" [1].`,
  'link titles': (q) => `The leaflet says "[](${U} 'x"')${q}[](${U} ' "x')" [1].`,
  'link destinations': (q) => `The leaflet says "[](<${U}#"x>)${q}[](<${U}#x"x>)" [1].`,
  'image alt text': (q) => `The leaflet says "![x"](${U})${q}![ "x](${U})" [1].`,
  'code spans': (q) => `The leaflet says "\`"\`${q}\` "\`" [1].`,
  'guillemets in a comment': (q) => `The leaflet says «<!--»-->${q}<!--«-->» [1].`,
  'single marks in attributes': (q) => `The leaflet says '<b title="'">${q}</b><i title=" '"></i>' [1].`,
  'references in a comment': (q) => `The leaflet says &ldquo;<!--&rdquo;-->${q}<!--&ldquo;-->&rdquo; [1].`,
};

describe('verifyAnswer: quotation marks a renderer hides', () => {
  it.each(Object.keys(HIDERS))(
    'neither open nor close a quotation (%s): the quotation a reader sees is checked',
    (name) => {
      const fabricated = HIDERS[name]!(FABRICATED);
      // What a reader sees is one quotation, the fabricated words between the visible marks; it is the one read.
      expect(shown(fabricated)).toMatch(
        /^The leaflet says .Aspirin is recommended for children\s*. \[1\]\.$/,
      );
      const [quotation, ...more] = findQuotations(fabricated, splitClaims(fabricated), 12);
      expect(more).toEqual([]);
      expect(fabricated.slice(0, quotation!.span.start)).toMatch(/^The leaflet says (?:.|&ldquo;)$/u);
      expect(fabricated.slice(quotation!.span.end)).toMatch(/^(?:.|&rdquo;) \[1\]\.$/u);
      const lines = verdictLines(fabricated, PASSAGES);
      // A link to a passage's page but for its fragment names no passage: refused for that as well.
      expect(lines).toEqual([
        `${name === 'link destinations' ? 'unknown_identifier' : 'quote_not_found'}: ${fabricated}`,
      ]);
    },
  );

  it('reads a comment a line leaves open as hiding the marks on the next line', () => {
    const answer = 'According to [1], "Aspirin is not recommended for <!--\n"--> adults" [1].';
    // The hidden `"` would close the quotation on the passage's words; the visible one closes it after "adults".
    expect(shown(answer)).toBe('According to [1], "Aspirin is not recommended for  adults" [1].');
    expect(verdictLines(answer, PASSAGES)).toEqual([
      'quote_not_found: According to [1], "Aspirin is not recommended for <!--',
      'quote_not_found: "--> adults" [1].',
    ]);
  });

  it('reads the marks of a code span on their own: a quotation inside one is checked, none pairs with one outside', () => {
    for (const answer of [
      `The leaflet says \`"${FABRICATED}"\` [1].`,
      `The leaflet says \`x = '${FABRICATED}'\` [1].`,
      `The leaflet says "${FABRICATED} \`a"\`" [1].`,
    ])
      expect(verdictLines(answer, PASSAGES), answer).toEqual([`quote_not_found: ${answer}`]);
    // Marks a code span leaves open or closes with nothing open quote nothing outside it.
    const code = `Aspirin is not recommended for children: \`split('"')\` and \`a"b\` [1].`;
    expect(findQuotations(code, splitClaims(code), 12)).toEqual([]);
  });

  it('still reads a <q> tag, and look-alikes that only start or end a tag, as marks', () => {
    for (const answer of [
      `The leaflet says <b><q>${FABRICATED}</q></b> [1].`,
      `The leaflet says <q title="a>b">${FABRICATED}</q> [1].`,
      `The leaflet says <<${FABRICATED}>> [1].`,
    ])
      expect(verdictLines(answer, PASSAGES), answer).toEqual([`quote_not_found: ${answer}`]);
  });

  it('finds no quotation between marks that are all hidden, and the source-list scan skips them too', () => {
    const answer = `It says <!-- "x --> that ${FABRICATED} <!-- x" --> [1].`;
    expect(findQuotations(answer, splitClaims(answer), 12)).toEqual([]);
    expect(verdictLines(answer, PASSAGES)).toEqual([`${answer} → 1`]);
  });
});

describe('hiddenSpans', () => {
  it('merges code spans, comments, tags and link parts, and carries a comment to the next line', () => {
    const line = 'a `b` <!-- c --> <i title="d"> [e](f "g") ![h](i) <!-- j';
    const { spans, open } = hiddenSpans(line, '', [2, 5]);
    expect(
      Array.from({ length: spans.length / 2 }, (_, k) => line.slice(spans[2 * k]!, spans[2 * k + 1]!)),
    ).toEqual(['`b`', '<!-- c -->', '<i title="d">', '(f "g")', '![h](i)', '<!-- j']);
    expect(open).toBe('-->');
    expect(hiddenSpans('k --> l', '-->', [])).toEqual({ spans: [0, 5], open: '' });
    // A tag inside a comment is the comment's; tags that only touch stay apart.
    expect(hiddenSpans('<!-- <b> --><q><b>', '', []).spans).toEqual([0, 12, 12, 15, 15, 18]);
  });
});
