import { containerMarksEnd } from './container-marks-end.js';

/** The block-quote marks that open a line (each `>` with the spaces before it: one way to read them, a scan). */
export const quoteMarksOf = (line: string): string => line.slice(0, containerMarksEnd(line, 0, true));

/** How many block quotes `marks` (what {@link quoteMarksOf} returns, or the line itself) open: `> > x` is 2. */
export function quoteDepthOf(marks: string): number {
  const found = quoteMarksOf(marks);
  return found.length - found.replaceAll('>', '').length;
}
