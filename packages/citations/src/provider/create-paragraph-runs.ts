// A blank line: where a run of lines ends.
const BLANK = /(?:\r\n?|\n)[ \t]*(?=[\r\n]|$)/g;
// A line that may open something other than a paragraph, or end one otherwise (after any quote markers): indented
// code, a heading, HTML, a list item, a setext underline or thematic break, a fence, a link definition.
const NOT_PARAGRAPH =
  /^(?: {4}|\t| {0,3}(?:#|<|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|[-=_* \t]+$|```|~~~|\[[^\]\r\n]*\]:))/;
const QUOTE_MARKERS = /^(?: {0,3}> ?)*/;

/**
 * Reads `text` (markdown) in runs of lines between blank lines, for positions asked in order: the end of the run
 * holding `at`, and whether the run is plainly one paragraph (a page opens a `<p>` at its start), which holds when no
 * line of it may start anything else and none holds a `|` (a table row). Linear in the text over all the calls.
 */
export function createParagraphRuns(text: string): (at: number) => { end: number; plain: boolean } {
  let from = 0; // where the next run starts
  return (at) => {
    for (;;) {
      BLANK.lastIndex = from;
      const blank = BLANK.exec(text);
      const end = blank === null ? text.length : blank.index;
      if (end >= at || blank === null) {
        const run = text.slice(from, end);
        from = blank === null ? text.length : blank.index + blank[0].length;
        return { end, plain: !run.includes('|') && run.split(/\r\n?|\n/).every(paragraphLine) };
      }
      from = blank.index + blank[0].length;
    }
  };
}

/** Whether a line may be a line of a paragraph (a blank one, at a run's start, counts). */
function paragraphLine(line: string): boolean {
  const content = line.slice(QUOTE_MARKERS.exec(line)![0].length);
  return content.trim() === '' || !NOT_PARAGRAPH.test(content);
}
