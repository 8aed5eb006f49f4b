// Trimming with a backwards loop: a non-global /[...]+$/ regex retries at every position of a long run that is
// not at the end, which is quadratic on text the model wrote.

/** Characters trimmed from the end of a URL or DOI match. */
export const TRAILING_PUNCTUATION = '.,;:!?\'")]}>';

/** `text` without its trailing characters from `characters` (and, with `spaces`, whitespace). */
export function trimEnd(text: string, characters: string, spaces = false): string {
  let end = text.length;
  while (end > 0) {
    const char = text[end - 1]!;
    if (!(characters.includes(char) || (spaces && /\s/.test(char)))) break;
    end--;
  }
  return end === text.length ? text : text.slice(0, end);
}
