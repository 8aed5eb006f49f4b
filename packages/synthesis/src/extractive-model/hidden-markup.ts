// Markup a page shows nothing of, as the verifier reads a word's edge beside it: a comment, a processing instruction
// or a declaration (`<!-- … -->`, `<? … ?>`, `<! … >`), each from its opener to its first closer.
const OPENERS = ['<!--', '<?', '<!'] as const;
const CLOSERS = ['-->', '?>', '>'] as const;

/**
 * The stretches of `text` inside markup a page shows nothing of, as flat start and end offsets in order: a sentence
 * quoted from one is text no reader sees, and the verifier refuses a quotation that starts or ends inside markup.
 * An opener with no closer after it hides nothing. Linear in the text.
 */
export function hiddenMarkup(text: string): number[] {
  const spans: number[] = [];
  // Where each opener's search for its closer found none: no later one closes either.
  const unclosed = [text.length + 1, text.length + 1, text.length + 1];
  for (let i = text.indexOf('<'); i !== -1; i = text.indexOf('<', i + 1)) {
    if (escaped(text, i)) continue;
    const k = OPENERS.findIndex((opener) => text.startsWith(opener, i));
    if (k < 0 || i > unclosed[k]!) continue;
    const close = text.indexOf(CLOSERS[k]!, i + OPENERS[k]!.length);
    if (close < 0) {
      unclosed[k] = i;
      continue;
    }
    const end = close + CLOSERS[k]!.length;
    spans.push(i, end);
    i = end - 1;
  }
  return spans;
}

/** Whether `offset` stands strictly inside one of `spans` (from {@link hiddenMarkup}), in order. */
export function insideMarkup(spans: readonly number[], offset: number): boolean {
  let low = 0;
  let high = spans.length / 2;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (spans[2 * middle + 1]! <= offset) low = middle + 1;
    else high = middle;
  }
  return 2 * low < spans.length && spans[2 * low]! < offset;
}

/** Whether the character at `at` is escaped by a backslash (an odd run of them before it). */
function escaped(text: string, at: number): boolean {
  let i = at;
  while (i > 0 && text[i - 1] === '\\') i--;
  return (at - i) % 2 === 1;
}
