// What opens raw HTML a renderer shows nothing of, as CommonMark reads it: a comment, a CDATA section, a declaration
// (`<!` and a letter), a processing instruction. Each runs to its own closer, `<!-->` and `<!--->` being whole.
const OPENER = /<(?:!--|!\[CDATA\[|![A-Za-z]|\?)/g;
/** Whether `text` holds a `<!` or a `<?`: what may open raw HTML that hides text, now or once more text comes. */
export const HIDDEN_OPENER = /<[!?]/;

// Each opener's closer, by the opener's length: `<?`, `<!` and a letter, `<!--`, `<![CDATA[`.
const CLOSERS = ['', '', '?>', '>', '-->', '', '', '', '', ']]>'];

/** Whether the character at `at` is escaped by a backslash (an odd run of them before it): `\\<!--` is text. */
export function isEscaped(text: string, at: number): boolean {
  let i = at;
  while (i > 0 && text[i - 1] === '\\') i--;
  return (at - i) % 2 === 1;
}

/**
 * Where HTML comments, CDATA sections, declarations (`<!doctype …>`) and processing instructions (`<?…?>`) hide text
 * in one line, given the closer of the one open at its start ('' none) and the line's code spans (flat start and end
 * offsets): start and end offsets of each hidden stretch, flat and in order (opener and closer included), and the
 * closer of the one open at its end ('' none). Each runs from its opener outside code spans to its next closer, on
 * this line or a later one, or to the end of the answer: a renderer that shows HTML hides it, and a marker a reader
 * may not see cites nothing. Linear in the line.
 */
export function commentSpans(
  line: string,
  open: string,
  code: readonly number[],
): { spans: number[]; open: string } {
  const spans: number[] = [];
  let span = 0;
  let start = 0;
  let closer = open;
  let closeFrom = 0;
  OPENER.lastIndex = 0;
  for (;;) {
    if (closer === '') {
      // The next opener outside the code spans.
      const found = OPENER.exec(line);
      if (found === null) return { spans, open: '' };
      start = found.index;
      while (span < code.length && code[span + 1]! <= start) span += 2;
      if ((span < code.length && code[span]! < start) || isEscaped(line, start)) {
        OPENER.lastIndex = start + 1;
        continue;
      }
      const { length } = found[0];
      closer = CLOSERS[length]!;
      closeFrom = start + (length === 4 ? 2 : length); // `<!-->` is a whole comment
    }
    const close = line.indexOf(closer, closeFrom);
    if (close === -1) {
      spans.push(start, line.length);
      return { spans, open: closer };
    }
    spans.push(start, close + closer.length);
    OPENER.lastIndex = close + closer.length;
    closer = '';
  }
}
