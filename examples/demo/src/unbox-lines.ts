// A line inside a box drawn with asterisks: `*  text  *`, its border at both ends.
const BOXED = /^([ \t]*)\*(.*)\*([ \t]*)$/;
// A box's top or bottom edge: a line of asterisks only.
const EDGE = /^[ \t]*\*{10,}[ \t]*$/;
// Fewer boxed lines in a row than this are text that happens to start and end with `*` (emphasis, a footnote).
const MIN_BOX_LINES = 3;

/**
 * Replaces the asterisks of boxes drawn around text (MPL 2.0 draws one around its disclaimers) with spaces, one
 * character for one, so the boxed sentences read as sentences and every offset is the same as in the input. A run of
 * at least three boxed lines is a box; its edges are the lines of asterisks next to it.
 */
export function unboxLines(text: string): string {
  const lines = text.split('\n');
  const boxed = lines.map((line) => BOXED.test(line) && !EDGE.test(line));
  for (let start = 0; start < lines.length; ) {
    if (!boxed[start]) {
      start++;
      continue;
    }
    let end = start;
    while (end < lines.length && boxed[end]) end++;
    if (end - start >= MIN_BOX_LINES) {
      for (let index = start; index < end; index++)
        lines[index] = lines[index]!.replace(
          BOXED,
          (_, before, inner, after) => `${before} ${inner} ${after}`,
        );
      for (const edge of [start - 1, end])
        if (edge >= 0 && edge < lines.length && EDGE.test(lines[edge]!))
          lines[edge] = lines[edge]!.replace(/\*/g, ' ');
    }
    start = end;
  }
  return lines.join('\n');
}
