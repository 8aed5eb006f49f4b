/**
 * Where HTML comments hide text in one line, given whether a comment is open at its start and the line's code spans
 * (flat start and end offsets): start and end offsets of each hidden stretch, flat and in order (a comment's `<!--`
 * and `-->` included), and whether one is open at its end. A comment runs from a `<!--` outside code spans to the
 * next `-->` (`<!-->` is one), on this line or a later one, or to the end of the answer: a renderer that shows HTML
 * hides it, and a marker a reader may not see cites nothing. Linear in the line.
 */
export function commentSpans(
  line: string,
  open: boolean,
  code: readonly number[],
): { spans: number[]; open: boolean } {
  const spans: number[] = [];
  let span = 0;
  /** The first `<!--` at or after `at` outside the code spans, or -1. */
  const nextOpening = (at: number): number => {
    for (let found = line.indexOf('<!--', at); found !== -1; found = line.indexOf('<!--', found + 1)) {
      while (span < code.length && code[span + 1]! <= found) span += 2;
      if (!(span < code.length && code[span]! < found)) return found;
    }
    return -1;
  };
  let start = open ? 0 : nextOpening(0);
  let closeFrom = open ? 0 : start + 2;
  while (start !== -1) {
    const close = line.indexOf('-->', closeFrom);
    if (close === -1) {
      spans.push(start, line.length);
      return { spans, open: true };
    }
    spans.push(start, close + 3);
    start = nextOpening(close + 3);
    closeFrom = start + 2;
  }
  return { spans, open: false };
}
