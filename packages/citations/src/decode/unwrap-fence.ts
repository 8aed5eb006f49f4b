/** Where the JSON to parse sits in the original text, and whether a fence was removed. */
export interface JsonRegion {
  start: number;
  end: number;
  fenced: boolean;
}

/**
 * Unwraps exactly one complete markdown fence (``` or ~~~, three or more, optional one-word language tag)
 * when it encloses all of `text.slice(start, end)` apart from surrounding whitespace; otherwise returns the
 * region unchanged so the strict parse reports what is there. A structural check, no regular expression.
 */
export function unwrapFence(text: string, start: number, end: number): JsonRegion {
  const unchanged: JsonRegion = { start, end, fenced: false };
  let first = start;
  while (first < end && isSpace(text.charCodeAt(first))) first++;
  let last = end;
  while (last > first && isSpace(text.charCodeAt(last - 1))) last--;
  const fence = text.charCodeAt(first);
  if (fence !== 0x60 && fence !== 0x7e) return unchanged;
  let run = first;
  while (run < last && text.charCodeAt(run) === fence) run++;
  const length = run - first;
  if (length < 3) return unchanged;

  const openingEnd = text.indexOf('\n', run);
  if (openingEnd === -1 || openingEnd >= last) return unchanged;
  if (!isLanguageTag(text, run, openingEnd)) return unchanged;

  const closingStart = text.lastIndexOf('\n', last - 1) + 1;
  if (closingStart <= openingEnd) return unchanged;
  let closing = closingStart;
  while (closing < last && (text.charCodeAt(closing) === 0x20 || text.charCodeAt(closing) === 0x09))
    closing++;
  if (last - closing < length) return unchanged;
  for (let i = closing; i < last; i++) if (text.charCodeAt(i) !== fence) return unchanged;

  return { start: openingEnd + 1, end: Math.max(openingEnd + 1, closingStart - 1), fenced: true };
}

/** Whether the opening line's rest is empty or one word (`json`, `JSON`, `jsonc`), ignoring spaces and CR. */
function isLanguageTag(text: string, from: number, to: number): boolean {
  let start = from;
  let end = to;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    const word =
      (c >= 0x30 && c <= 0x39) ||
      (c >= 0x41 && c <= 0x5a) ||
      (c >= 0x61 && c <= 0x7a) ||
      c === 0x2d ||
      c === 0x5f ||
      c === 0x2b ||
      c === 0x2e;
    if (!word) return false;
  }
  return true;
}

/**
 * The position of the first line inside `from..to` that starts with three backticks or tildes, or -1. Such a
 * line can never be valid JSON (a raw line break is never inside a string), so the caller looks for one only
 * to explain a failed parse of a fenced block.
 */
export function findFenceLine(text: string, from: number, to: number): number {
  let lineStart = from;
  while (lineStart < to) {
    let i = lineStart;
    while (i < to && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i++;
    const c = text.charCodeAt(i);
    if (
      (c === 0x60 || c === 0x7e) &&
      i + 3 <= to &&
      text.charCodeAt(i + 1) === c &&
      text.charCodeAt(i + 2) === c
    ) {
      return i;
    }
    const next = text.indexOf('\n', i);
    if (next === -1 || next >= to) return -1;
    lineStart = next + 1;
  }
  return -1;
}

/** JSON whitespace: space, tab, LF, CR. */
export const isSpace = (c: number): boolean => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
