// A line that starts a list item or a numbered clause keeps its line break: it is a unit of its own.
const LIST_ITEM = /^[ \t]*(?:[-*•]|\(?[0-9]{1,3}[.)]|\(?[a-zA-Z][.)]|\([ivxIVX]{1,4}\))[ \t]/;

/**
 * Replaces each hard line wrap inside a paragraph with one space, one character for one, so every offset is
 * the same as in the input. Blank lines (paragraph breaks) and line breaks before list items are kept.
 */
export function unwrapLines(text: string): string {
  let result = '';
  let from = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
    const previous = text.charCodeAt(index - 1);
    const next = text.charCodeAt(index + 1);
    if (index === 0 || previous === 10 || previous === 13 || Number.isNaN(next) || next === 10 || next === 13)
      continue;
    const lineEnd = text.indexOf('\n', index + 1);
    const nextLine = text.slice(index + 1, lineEnd === -1 ? text.length : lineEnd);
    if (nextLine.trim() === '' || LIST_ITEM.test(nextLine)) continue;
    result += `${text.slice(from, index)} `;
    from = index + 1;
  }
  return result + text.slice(from);
}
