/**
 * Every match of `head` (a global regular expression that reads a bounded stretch) in `text`, each extended for as
 * long as `goesOn(text, index)` gives the length of one more code point to take (0: the match ends there); the next
 * match is looked for from the end of the last, as a global regular expression's `exec` does. This is
 * `head` followed by a lazy run of one class up to a lookahead that ends it, read without the run: with the `u` flag, a
 * run of one class keeps a backtrack entry per character in a text outside Latin-1, and a run of millions overflows
 * V8's stack. Linear: each character is read by the head's search or by one extension.
 */
export function findWithTail(
  text: string,
  head: RegExp,
  goesOn: (text: string, index: number) => number,
): string[] {
  const found: string[] = [];
  head.lastIndex = 0;
  for (let match = head.exec(text); match !== null; match = head.exec(text)) {
    let end = match.index + match[0].length;
    for (let step = goesOn(text, end); step > 0; step = goesOn(text, end)) end += step;
    found.push(text.slice(match.index, end));
    head.lastIndex = end;
  }
  return found;
}

/** The code point starting at `index` of `text`, as a string ('' past the end). */
export function pointAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}
