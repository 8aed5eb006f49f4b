import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeSpans, htmlTags, linkParts, MAX_RANGE_LENGTH, parseMarkers } from './parse-markers.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';

const numbersOf = (text: string, ranges = false): number[][] =>
  parseMarkers(text, { ranges }).map((marker) => marker.numbers);

const spansOf = (text: string): string[] => parseMarkers(text).map((m) => text.slice(m.start, m.end));

// The grammar written as a regular expression (ranges off), for the differential property below: spaces are
// space, tab and no-break space; a separator is `,` or `;`, or `and` between spaces, alone or after a comma.
const SP = '[ \\t\\u00a0]';
const SEPARATOR = `(?:${SP}*[,;]${SP}*|${SP}+and${SP}+|${SP}*,${SP}+and${SP}+)`;
const GRAMMAR = new RegExp(`\\[${SP}*\\d+(?:${SEPARATOR}\\d+)*${SP}*\\]`, 'g');

describe('parseMarkers', () => {
  describe('the grammar', () => {
    it('finds markers with their numbers and exact spans', () => {
      const text = 'A [1], b [2][4], c [1, 2], d [1;3] and e [ 3 ].';
      const markers = parseMarkers(text);
      expect(markers.map((m) => m.numbers)).toEqual([[1], [2], [4], [1, 2], [1, 3], [3]]);
      expect(spansOf(text)).toEqual(['[1]', '[2]', '[4]', '[1, 2]', '[1;3]', '[ 3 ]']);
    });

    it('refuses brackets that are not citation markers', () => {
      for (const text of [
        '[PERSON_1]',
        '[EMAIL_2]',
        '[sic]',
        '[EMIM][TfO]',
        '[Online]',
        '[a]',
        '[]',
        '[1.5]',
        '[-1]',
        '[1e3]',
        '[1,]',
        '[,1]',
        '[1 2]',
        '[1',
        '1]',
        '[^1]',
        '[1-3]',
        '[1\n]',
        '[2:89:1943]',
      ]) {
        expect(parseMarkers(text), text).toEqual([]);
      }
    });

    it('keeps redaction tokens apart from markers in an answer (security regression)', () => {
      // A looser pattern such as /\[[^\]]*\d+\]/ reads [PERSON_1] as source 1: a redacted name would become a citation.
      const answer =
        'Contact [PERSON_1] at [EMAIL_2] or [PHONE_13] about the lease [2]. Ask [PERSON_1] [IPV4_3].';
      const markers = parseMarkers(answer);
      expect(markers).toEqual([{ numbers: [2], start: 62, end: 65 }]);
      expect(answer.slice(62, 65)).toBe('[2]');
    });

    it('reads full-width brackets and digits as text, not markers', () => {
      expect(parseMarkers('［１］ [１] ［1］')).toEqual([]);
    });
  });

  describe('code spans', () => {
    it('reads no marker inside a code span, as CommonMark pairs backticks within a line', () => {
      expect(spansOf('Use `items[1]` or `m[2][3]` [4].')).toEqual(['[4]']);
      expect(spansOf('Use ``a[1]`b`` then [2].')).toEqual(['[2]']); // a single backtick inside a double span
      // A string of backticks is closed only by one of the same length; one that none closes is text.
      expect(spansOf('a `[1]`` [2]` [3]')).toEqual(['[3]']);
      expect(spansOf('a ``[1]` [2]')).toEqual(['[1]', '[2]']);
      expect(spansOf('tick ` alone [1].')).toEqual(['[1]']);
      // Never across a line break: each line pairs its own.
      expect(spansOf('open ` [1]\nclose ` [2]')).toEqual(['[1]', '[2]']);
      expect(spansOf('open ` [1]\u2028` [2] `x` [3]')).toEqual(['[1]', '[3]']);
    });
  });

  describe('images', () => {
    it("reads no marker in an image's alt text, however deep, as CommonMark nests brackets within a line", () => {
      expect(spansOf('Chart ![1](chart.png) here [2].')).toEqual(['[2]']);
      expect(spansOf('Chart ![the data [1]](chart.png) [2].')).toEqual(['[2]']);
      expect(spansOf('![a ![1](y) [3]](x) [2]')).toEqual(['[2]']); // an image in an image's alt text
      expect(spansOf('[![1](x)](y) [2]')).toEqual(['[2]']); // a linked image
    });

    it('reads a marker after `!` where no image is: no `(` after the `]`, or a line break inside', () => {
      expect(spansOf('It works![1] and [2].')).toEqual(['[1]', '[2]']);
      expect(spansOf('Wow ![1] (see) [2]')).toEqual(['[1]', '[2]']);
      expect(spansOf('![a ![1](y) [3]] [2]')).toEqual(['[3]', '[2]']); // the outer is no image
      expect(spansOf('![a\n[1]](x) [2]')).toEqual(['[1]', '[2]']);
    });

    it('reports where text that more text may still hide starts: an alt text or a destination not closed yet', () => {
      // `bracket`: the first `[` whose link may still form (no `]` yet, or no `)` after its `](`).
      expect(linkParts('See ![x [1]')).toEqual({ spans: [], links: [], open: 4, bracket: 4 });
      expect(linkParts('See ![x](y) and [z')).toEqual({
        spans: [4, 11],
        links: [4, 11],
        open: -1,
        bracket: 16,
      });
      expect(linkParts('![a\n![b [1]')).toEqual({ spans: [], links: [], open: 4, bracket: 4 }); // on the last line only
      expect(linkParts('See [a](b [1]')).toEqual({ spans: [], links: [], open: 7, bracket: 4 });
      expect(linkParts('See ![a](b [1]')).toEqual({ spans: [], links: [], open: 4, bracket: 4 });
      expect(linkParts('See [a](b) [c]')).toEqual({ spans: [7, 10], links: [4, 10], open: -1, bracket: -1 });
    });
  });

  describe('links', () => {
    it("reads no marker in a link's destination or title, which a renderer does not show", () => {
      expect(spansOf('See [the guide](https://example.org/water[1]) [2].')).toEqual(['[2]']);
      expect(spansOf('See [it](u "the title [1]") [2].')).toEqual(['[2]']);
      expect(spansOf('[a](b (c [1]) d) [2]')).toEqual(['[2]']); // parentheses paired
      expect(spansOf('[a](b \\) [1]) [2]')).toEqual(['[2]']); // an escaped one is text
      expect(spansOf('It links [1](#source-2) and [3].')).toEqual(['[1]', '[3]']); // the text is shown
    });

    it('reads markers where no destination is: no `(` right after `]`, none closed on the line', () => {
      expect(spansOf('[a] ([1]) [2]')).toEqual(['[1]', '[2]']);
      expect(spansOf('[a](open [1]')).toEqual(['[1]']);
      expect(spansOf('[a]\n(x [1])')).toEqual(['[1]']);
      expect(spansOf('[a](x) ( [1] )')).toEqual(['[1]']);
    });
  });

  describe('HTML tags', () => {
    it("reads no marker in an HTML tag's attributes, and reads what tags enclose as text", () => {
      expect(spansOf('x <img alt="[1]" src="c.png"> [2]')).toEqual(['[2]']);
      expect(spansOf("<a title='x > y [1]'> [2]")).toEqual(['[2]']);
      expect(spansOf('<a href=x[1]> [2]')).toEqual(['[2]']);
      expect(spansOf('x <sup>[1]</sup> [2]')).toEqual(['[1]', '[2]']);
    });

    it('reads markers where CommonMark reads no tag: a comparison, an attribute no name starts', () => {
      expect(spansOf('if a<b then [1] b>c [2]')).toEqual(['[1]', '[2]']);
      expect(spansOf('x <y [1]> [2]')).toEqual(['[1]', '[2]']);
      expect(spansOf('x <a title="[1] [2]')).toEqual(['[1]', '[2]']); // a quote never closed
    });

    it('reports where a `<` that may still start a tag is on the last line', () => {
      expect(htmlTags('x <a title="[1]')).toEqual({ spans: [], open: 2 });
      expect(htmlTags('x <b/> y')).toEqual({ spans: [2, 6], open: -1 });
      expect(htmlTags('x <a\ny')).toEqual({ spans: [], open: -1 }); // not on the last line
    });
  });

  describe('HTML comments', () => {
    it('reads no marker inside an HTML comment, on its line or across lines, up to the end when none closes it', () => {
      expect(spansOf('Water boils <!-- [1] --> at 100 °C [2].')).toEqual(['[2]']);
      expect(spansOf('a <!-- [1]\n[2] --> [3]')).toEqual(['[3]']);
      expect(spansOf('a [1] <!-- [2]\n\n[3]')).toEqual(['[1]']);
      expect(spansOf('<!--> [1] <!---> [2]')).toEqual(['[1]', '[2]']); // both are whole comments
      expect(spansOf('<!-- a --> [1] <!-- [2] --> [3] <!-- [4]')).toEqual(['[1]', '[3]']);
      expect(spansOf('a <!-- x `-->` [1]')).toEqual(['[1]']); // the first `-->` closes it, in backticks or not
    });

    it('reads no marker in a processing instruction, a CDATA section or a declaration, as in a comment', () => {
      expect(spansOf('a <?[1]?> [2] <![CDATA[[3]]]> [4] <!doctype [5]> [6]')).toEqual(['[2]', '[4]', '[6]']);
      expect(spansOf('a <?x\n[1] ?> [2] <![CDATA[\n[3]\n]]> [4]')).toEqual(['[2]', '[4]']); // across lines
      expect(spansOf('a [1] <? [2]\n\n[3]')).toEqual(['[1]']); // never closed: to the end
      expect(spansOf('a <?> [1] ?> [2] <!x> [3] <![CDATA[]]> [4]')).toEqual(['[2]', '[3]', '[4]']);
      // Each ends at its own closer: `>` ends no processing instruction, `-->` no CDATA section.
      expect(spansOf('<? > [1] --> [2] ?> [3] <![CDATA[ > [4] --> ]]> [5]')).toEqual(['[3]', '[5]']);
      // `<!` before no letter, `<! x` and `<!-` open nothing, nor do openers in a code span.
      expect(spansOf('<!1 [1] <! x [2] <!- [3] `<?` [4] `<!x` [5]')).toEqual([
        '[1]',
        '[2]',
        '[3]',
        '[4]',
        '[5]',
      ]);
    });

    it('reads no comment inside code: a code span or a fenced block', () => {
      expect(spansOf('Write `<!--` to open one [1].')).toEqual(['[1]']);
      expect(spansOf('```\n<!--\n```\n[1] --> [2]')).toEqual(['[1]', '[2]']);
      expect(spansOf('<!--\n```\n[1]\n```\n[2] --> [3]')).toEqual(['[3]']); // a comment open over a fence: hidden
    });
  });

  describe('fenced code blocks', () => {
    it('reads no marker on the lines of a fenced code block, its fences included', () => {
      expect(spansOf('See [1].\n```js\nconst second = items[1];\n```\nAfter [2].')).toEqual(['[1]', '[2]']);
      expect(spansOf('~~~\nx[1]\n~~~\n[2]')).toEqual(['[2]']);
      expect(spansOf('```py [1]\nx\n```')).toEqual([]); // the info string is code too
      // A block never closed runs to the end of the text.
      expect(spansOf('Intro [1].\n```\nx[2]\nOutro [3].')).toEqual(['[1]']);
    });

    it('closes a fence only with as many or more of its own character, and nothing else on the line', () => {
      expect(spansOf('````\n```\na[1]\n````\n[2]')).toEqual(['[2]']); // three do not close four
      expect(spansOf('```\n~~~\na[1]\n`````\n[2]')).toEqual(['[2]']); // tildes do not close backticks; five do
      expect(spansOf('```\n``` x [1]\n```\n[2]')).toEqual(['[2]']); // text after the marks: no closing fence
      expect(spansOf('```\n  ```  \n[1]')).toEqual(['[1]']); // indentation and trailing spaces close it
    });

    it('reads no fence where CommonMark reads none', () => {
      expect(spansOf('``\nx[1]\n``')).toEqual(['[1]']); // two backticks
      expect(spansOf('Text ```\nx[1]')).toEqual(['[1]']); // not at the start of the line
      expect(spansOf('```a`b [1]\nx[2]')).toEqual(['[1]', '[2]']); // a backtick in the info string: no fence
      expect(spansOf('```a`b``` [1]\nx[2]')).toEqual(['[1]', '[2]']); // a code span, then text
      expect(spansOf('~~~a`b [1]\nx[2]')).toEqual([]); // a tilde fence may hold backticks in its info string
    });

    it('reads fences in block quotes and list items, and ends one with its block quote', () => {
      expect(spansOf('> ```\n> a[1]\n> ```\n> b [2]')).toEqual(['[2]']);
      expect(spansOf('- item [1]\n  ```\n  a[2]\n  ```\n- next [3]')).toEqual(['[1]', '[3]']);
      expect(spansOf('1. ```\n   a[1]\n   ```\n2. b [2]')).toEqual(['[2]']);
      // A line in fewer block quotes ends the quote, and the fence in it.
      expect(spansOf('> ```\n> a[1]\nb [2]\n```\nc[3]')).toEqual(['[2]']);
      // An empty line changes nothing (a CR LF pair is two line breaks).
      expect(spansOf('> ```\r\n> a[1]\r\n> ```\r\n> b [2]')).toEqual(['[2]']);
      // CommonMark reads '```\u2028x[1]\u2029```' as one line: a fence beside a separator hides the rest.
      expect(spansOf('```\u2028x[1]\u2029```\r[2]')).toEqual([]);
      expect(spansOf('a [1]\u2028b [2]\r```\rc [3]')).toEqual(['[1]', '[2]']);
    });

    it('pairs backtick strings left to right and reports the first one none closes', () => {
      expect(codeSpans('a `b` c')).toEqual({ spans: [2, 5], unpaired: -1 });
      expect(codeSpans('a ` b `` c `` d ` e `')).toEqual({ spans: [2, 17], unpaired: 20 });
      expect(codeSpans('x ``` y')).toEqual({ spans: [], unpaired: 2 });
      expect(codeSpans('no ticks')).toEqual({ spans: [], unpaired: -1 });
    });
  });

  describe('lists joined by `and`', () => {
    it('reads the lists real answers write: `[2 and 4]`, `[1, 2, and 3]`, `[1, 2 and 3]`', () => {
      const text = 'Lead pipes corrode [2 and 4]. Prices rose [1, 2, and 3], then fell [1, 2 and 3].';
      expect(parseMarkers(text)).toEqual([
        { numbers: [2, 4], start: 19, end: 28 },
        { numbers: [1, 2, 3], start: 42, end: 55 },
        { numbers: [1, 2, 3], start: 67, end: 79 },
      ]);
      expect(spansOf(text)).toEqual(['[2 and 4]', '[1, 2, and 3]', '[1, 2 and 3]']);
    });

    it('accepts `and` more than once, beside `;`, with tabs and no-break spaces, and in ranges when asked', () => {
      expect(numbersOf('[1 and 2 and 3] [1; 2 and 3] [1,\tand\u00a02] [ 5  and  6 ]')).toEqual([
        [1, 2, 3],
        [1, 2, 3],
        [1, 2],
        [5, 6],
      ]);
      expect(numbersOf('[1-3 and 5] [1 and 3-4]', true)).toEqual([
        [1, 2, 3, 5],
        [1, 3, 4],
      ]);
    });

    it('refuses every other word, every other spelling and `and` without numbers on both sides', () => {
      for (const text of [
        '[1 or 2]',
        '[2 andx 3]',
        '[2 xand 3]',
        '[and 2]',
        '[2 and]',
        '[2 and ]',
        '[2 and and 3]',
        '[2 & 3]',
        '[2 And 3]',
        '[2 AND 3]',
        '[2and 3]',
        '[2 and3]',
        '[2,and 3]',
        '[2; and 3]',
        '[2, and, 3]',
        '[2 an 3]',
        '[2 a 3]',
        '[2 and\n3]',
        '[2 \u0430nd 3]', // Cyrillic а
        '[2 an\u200bd 3]',
        '[1 and 2 and]',
        '[PERSON_1 and 2]',
      ]) {
        expect(parseMarkers(text), text).toEqual([]);
      }
    });

    it('resumes at the next `[` after an `and` that does not complete', () => {
      expect(numbersOf('[1 an[2] [1 and[3] [1 and [4] [1 and 5 [6]')).toEqual([[2], [3], [4], [6]]);
      expect(parseMarkers('x [1 and [1 and [2 and 3]')).toEqual([{ numbers: [2, 3], start: 16, end: 25 }]);
    });
  });

  describe('spaces', () => {
    it('allows spaces, tabs and no-break spaces around numbers, and nothing wider', () => {
      expect(numbersOf('[\t1\t] [\u00a02\u00a0;\u00a03\u00a0] [ 4 ,\t5 ]')).toEqual([[1], [2, 3], [4, 5]]);
      expect(numbersOf('[\u20031] [1\u2003] [\u30001]')).toEqual([]);
    });
  });

  describe('where a marker starts', () => {
    it('starts a marker only at a real opening bracket', () => {
      expect(parseMarkers('x1]')).toEqual([]);
      expect(parseMarkers('1, 2]')).toEqual([]);
      expect(parseMarkers('2 and 3]')).toEqual([]);
      expect(parseMarkers('[1]2]')).toEqual([{ numbers: [1], start: 0, end: 3 }]);
      expect(parseMarkers('[1]2] [3]')).toEqual([
        { numbers: [1], start: 0, end: 3 },
        { numbers: [3], start: 6, end: 9 },
      ]);
    });

    it('looks for the next marker only at the next `[`, not right after the one it just read', () => {
      // A model that drops an opening bracket: the stray `2]` after a real marker is text, not a second marker.
      expect(parseMarkers('Water boils at 100 °C [1], 2] at sea level.')).toEqual([
        { numbers: [1], start: 22, end: 25 },
      ]);
      expect(parseMarkers('[1] 2][3]x 4]')).toEqual([
        { numbers: [1], start: 0, end: 3 },
        { numbers: [3], start: 6, end: 9 },
      ]);
      expect(parseMarkers('[1] and 2]')).toEqual([{ numbers: [1], start: 0, end: 3 }]);
    });

    it('finds markers next to unterminated and nested brackets', () => {
      expect(numbersOf('[[1]] [2 [3] [')).toEqual([[1], [3]]);
    });
  });

  describe('numbers', () => {
    it('parses 0, leading zeros and huge numbers as numbers, never wrapping them into range', () => {
      expect(numbersOf('[0] [01] [007]')).toEqual([[0], [1], [7]]);
      const [huge] = numbersOf('[9007199254740993]');
      expect(huge![0]).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
      const [enormous] = numbersOf(`[${'9'.repeat(400)}]`);
      expect(enormous![0]).toBe(Number.POSITIVE_INFINITY);
      expect(numbersOf('[18446744073709551617]')[0]![0]).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
      expect(numbersOf('[1 and 18446744073709551617]')[0]![1]).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    });
  });

  describe('ranges', () => {
    it('accepts ranges only when asked, with hyphen or en dash', () => {
      expect(numbersOf('[1-3]')).toEqual([]);
      expect(numbersOf('[1-3] [2 – 4, 7]', true)).toEqual([
        [1, 2, 3],
        [2, 3, 4, 7],
      ]);
      expect(numbersOf('[3-1]', true)).toEqual([]);
    });

    it('accepts a one-number range and refuses a range without an end', () => {
      expect(numbersOf('[2-2]', true)).toEqual([[2]]);
      expect(numbersOf('[2\u20132]', true)).toEqual([[2]]);
      expect(numbersOf('[1-]', true)).toEqual([]);
      expect(numbersOf('[1- ]', true)).toEqual([]);
      expect(numbersOf('[1-3', true)).toEqual([]);
      expect(numbersOf('[1-and 3]', true)).toEqual([]);
    });

    it('refuses a range from 0 that has no end, as it refuses any range without an end', () => {
      expect(parseMarkers('[0-]', { ranges: true })).toEqual([]);
      expect(parseMarkers('[0\u2013 ]', { ranges: true })).toEqual([]);
      expect(parseMarkers('[0-, 3] [4]', { ranges: true })).toEqual([{ numbers: [4], start: 8, end: 11 }]);
      expect(parseMarkers('[0-0] [0-2]', { ranges: true })).toEqual([
        { numbers: [0], start: 0, end: 5 },
        { numbers: [0, 1, 2], start: 6, end: 11 },
      ]);
    });

    it('allows spaces after a range end and continues the list after it', () => {
      expect(parseMarkers('[1-3 ]', { ranges: true })).toEqual([{ numbers: [1, 2, 3], start: 0, end: 6 }]);
      expect(numbersOf('[1 - 3 , 5]', true)).toEqual([[1, 2, 3, 5]]);
      expect(numbersOf('[1-2;4-5]', true)).toEqual([[1, 2, 4, 5]]);
      expect(numbersOf('[1-2 x]', true)).toEqual([]);
      expect(numbersOf('[1-2and 4]', true)).toEqual([]);
    });

    it('does not expand huge ranges: only their ends are named', () => {
      expect(numbersOf('[1-1000000000000]', true)).toEqual([[1, 1_000_000_000_000]]);
      expect(numbersOf(`[1-${MAX_RANGE_LENGTH}]`, true)[0]).toHaveLength(MAX_RANGE_LENGTH);
      expect(numbersOf(`[1-${'9'.repeat(30)}]`, true)[0]).toHaveLength(2);
    });

    it('expands a range of exactly MAX_RANGE_LENGTH numbers and names only the ends of one more', () => {
      expect(numbersOf(`[1-${MAX_RANGE_LENGTH + 1}]`, true)).toEqual([[1, MAX_RANGE_LENGTH + 1]]);
      expect(numbersOf(`[2-${MAX_RANGE_LENGTH + 1}]`, true)[0]).toHaveLength(MAX_RANGE_LENGTH);
      expect(numbersOf('[9007199254740990-9007199254740993]', true)).toEqual([
        [9007199254740990, 9007199254740992],
      ]);
    });

    it('expands at most MAX_RANGE_LENGTH numbers per marker in all: later ranges name only their ends', () => {
      expect(numbersOf('[1-600, 601-1200, 5]', true)).toEqual([
        [...Array.from({ length: 600 }, (_, i) => i + 1), 601, 1200, 5],
      ]);
      // Many short ranges in one marker grow it by two numbers a range, not by a thousand (it once held 999 per six
      // characters, and a 690 KB marker aborted the process).
      const count = 20_000;
      const [marker] = parseMarkers(`[${'1-999,'.repeat(count)}1]`, { ranges: true });
      expect(marker!.numbers.length).toBeLessThanOrEqual(MAX_RANGE_LENGTH + 2 * count + 1);
      expect(marker!.numbers.slice(0, 999)).toEqual(Array.from({ length: 999 }, (_, i) => i + 1));
      expect(marker!.numbers.slice(999, 1003)).toEqual([1, 999, 1, 999]);
    });
  });

  describe('properties', () => {
    it('never throws and returns well-formed spans on arbitrary strings', () => {
      fc.assert(
        fc.property(
          fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })),
          fc.boolean(),
          (text, ranges) => {
            let previousEnd = 0;
            for (const marker of parseMarkers(text, { ranges })) {
              expect(marker.start).toBeGreaterThanOrEqual(previousEnd);
              expect(text[marker.start]).toBe('[');
              expect(text[marker.end - 1]).toBe(']');
              expect(marker.numbers.length).toBeGreaterThan(0);
              previousEnd = marker.end;
            }
          },
        ),
        { numRuns: propertyRuns(500) },
      );
    });

    it('reads markers among markup noise as markers alone would read them: hiding never makes or moves one', () => {
      // Pieces of every construct that hides markers, opened, closed and broken, with markers between them.
      const piece = fc.constantFrom(
        '```',
        '~~~',
        '`',
        '``',
        '<!--',
        '-->',
        '<?',
        '?>',
        '<![CDATA[',
        ']]>',
        '<!x',
        '<!',
        '![',
        '](',
        '(',
        ')',
        '[',
        ']',
        '<a b="',
        '">',
        '<img alt=',
        '>',
        '<',
        '\\',
        '"',
        "'",
        '\n',
        '\r\n',
        '> ',
        '- ',
        ' ',
        'x',
        '[1]',
        '[2, 3]',
        '[4 and 5]',
      );
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
          const text = pieces.join('');
          let previousEnd = 0;
          for (const marker of parseMarkers(text)) {
            expect(marker.start).toBeGreaterThanOrEqual(previousEnd);
            // The marker's own text, read alone, is exactly that marker.
            expect(parseMarkers(text.slice(marker.start, marker.end))).toEqual([
              { numbers: marker.numbers, start: 0, end: marker.end - marker.start },
            ]);
            previousEnd = marker.end;
          }
          // Without any markup character, every marker is read.
          const plain = text.replace(/[`~<>!?()"'\\-]/g, ' ');
          expect(parseMarkers(plain).length).toBe(plain.split(/\[\d[^\]]*\]/).length - 1);
        }),
        { numRuns: propertyRuns(2000) },
      );
    });

    it('round-trips generated markers among bracket noise', () => {
      const marker = fc
        .array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 4 })
        .map((ns) => ({ ns, text: `[${ns.join(', ')}]` }));
      const noise = fc.constantFrom('[PERSON_1]', '[sic]', ' [', ']', 'text ', '[[', '[1.5]', '\u200b');
      fc.assert(
        fc.property(fc.array(fc.oneof(marker, noise), { maxLength: 20 }), (parts) => {
          const text = parts.map((p) => (typeof p === 'string' ? ` ${p} ` : p.text)).join('');
          const expected = parts.filter((p) => typeof p !== 'string').map((p) => p.ns);
          expect(numbersOf(text)).toEqual(expected);
        }),
        { numRuns: propertyRuns(100) },
      );
    });

    it('round-trips lists written with any mix of `,`, `;`, `and` and `, and`, with their exact spans', () => {
      const space = fc.constantFrom(' ', '  ', '\t', '\u00a0');
      const optionalSpace = fc.oneof(fc.constant(''), space);
      const separator = fc.oneof(
        fc.tuple(optionalSpace, fc.constantFrom(',', ';'), optionalSpace).map((p) => p.join('')),
        fc.tuple(space, space).map(([a, b]) => `${a}and${b}`),
        fc.tuple(optionalSpace, space, space).map(([a, b, c]) => `${a},${b}and${c}`),
      );
      const list = fc
        .array(fc.tuple(fc.integer({ min: 0, max: 99_999 }), separator), { minLength: 1, maxLength: 5 })
        .map((items) => ({
          ns: items.map(([n]) => n),
          text: `[${items.map(([n, sep], i) => (i === 0 ? `${n}` : `${sep}${n}`)).join('')}]`,
        }));
      fc.assert(
        fc.property(
          fc.array(list, { maxLength: 6 }),
          fc.constantFrom(' ', ' and ', ', ', 'x'),
          (lists, glue) => {
            const text = lists.map((l) => l.text).join(glue);
            const markers = parseMarkers(text);
            expect(markers.map((m) => m.numbers)).toEqual(lists.map((l) => l.ns));
            expect(markers.map((m) => text.slice(m.start, m.end))).toEqual(lists.map((l) => l.text));
          },
        ),
        { numRuns: propertyRuns(1000) },
      );
    });

    it('never reads a list joined by any word other than `and` as a marker', () => {
      const word = fc
        .string({ unit: fc.constantFrom(...'andANDxorimé&_\u0430\u200b'), minLength: 1, maxLength: 5 })
        .filter((w) => w !== 'and');
      fc.assert(
        fc.property(
          fc.integer({ min: 0, max: 999 }),
          word,
          fc.integer({ min: 0, max: 999 }),
          fc.boolean(),
          (a, w, b, comma) => {
            expect(parseMarkers(`[${a}${comma ? ',' : ''} ${w} ${b}]`)).toEqual([]);
          },
        ),
        { numRuns: propertyRuns(1000) },
      );
    });

    it('agrees with the grammar written as a regular expression, on strings made of its own pieces', () => {
      const piece = fc.constantFrom(
        ...['1', '23', ' ', '\t', ',', ';', '-', 'x', 'A', '[', ']'],
        ...['and', ' and ', 'and ', ' and', ', and ', '; and ', 'an', 'nd', 'And'],
      );
      // Mostly bracketed runs of pieces, so that near-markers (`[1and 2]`, `[1; and 2]`) come up often.
      const chunk = fc.oneof(
        fc.array(piece, { maxLength: 7 }).map((inner) => `[${inner.join('')}]`),
        piece,
      );
      fc.assert(
        fc.property(fc.array(chunk, { maxLength: 8 }), (chunks) => {
          const text = chunks.join('');
          const expected = [...text.matchAll(GRAMMAR)].map((m) => [m.index, m.index + m[0].length]);
          expect(parseMarkers(text).map((m) => [m.start, m.end])).toEqual(expected);
        }),
        { numRuns: propertyRuns(10_000) },
      );
    });
  });
});
