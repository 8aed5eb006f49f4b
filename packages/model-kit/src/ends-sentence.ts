const SENTENCE_END = /[\p{Sentence_Terminal}\u2026]/u;
const CLOSING = /[\s"'\u2019\u201D\u00BB)*_~`]/;

/**
 * Whether `text` ends with a sentence terminator, read before its trailing citation markers (`[1]`), closing
 * quotes, brackets, emphasis and spaces: "returned [1]." and "returned. [1]" end a sentence, "returned [1]" does not.
 * Linear in the end of `text` (a marker is looked for at most 48 characters back).
 */
export function endsSentence(text: string): boolean {
  let end = text.length;
  for (;;) {
    while (end > 0 && CLOSING.test(text[end - 1]!)) end--;
    if (end === 0 || text[end - 1] !== ']') break;
    let open = end - 2;
    while (open >= 0 && end - open <= 48 && text[open] !== '[' && text[open] !== ']') open--;
    if (open < 0 || text[open] !== '[') break;
    end = open;
  }
  return end > 0 && SENTENCE_END.test(text[end - 1]!);
}
