/** The block-quote marks that open a line (each `>` with the spaces before it: one way to read them, no backtracking). */
export const QUOTE_MARKS = /^(?:[ \t]*>)*/;

/** How many block quotes `marks` (what QUOTE_MARKS matches at a line's start, or the line itself) open: `> > x` is 2. */
export function quoteDepthOf(marks: string): number {
  const found = QUOTE_MARKS.exec(marks)![0]; // it matches any text
  return found.length - found.replaceAll('>', '').length;
}
