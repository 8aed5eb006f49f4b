// Whitespace plus the invisible format characters a model or a user can produce: ZWSP..ZWJ, word joiner, BOM.
const blankPattern = /^[\s\u200b-\u200d\u2060\ufeff]*$/u;

/** True when `text` has nothing visible: empty, whitespace or zero-width characters only. */
export function isBlank(text: string): boolean {
  return blankPattern.test(text);
}
