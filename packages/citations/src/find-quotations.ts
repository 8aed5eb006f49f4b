/** Default minimum length (UTF-16 code units, trimmed) of a quotation that must be found verbatim. */
export const DEFAULT_MIN_QUOTE_LENGTH = 12;

/**
 * Direct quotations in a claim: text between straight double quotes (paired in order) or between curly
 * “ and ”, trimmed, at least `minLength` long. Shorter ones (scare quotes, titles) are ignored.
 */
export function findQuotations(text: string, minLength: number = DEFAULT_MIN_QUOTE_LENGTH): string[] {
  const quotations: string[] = [];
  let straightOpen = -1;
  let curlyOpen = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      if (straightOpen === -1) {
        straightOpen = i;
      } else {
        push(quotations, text.slice(straightOpen + 1, i), minLength);
        straightOpen = -1;
      }
    } else if (code === 0x201c) {
      curlyOpen = i;
    } else if (code === 0x201d && curlyOpen !== -1) {
      push(quotations, text.slice(curlyOpen + 1, i), minLength);
      curlyOpen = -1;
    }
  }
  return quotations;
}

function push(quotations: string[], raw: string, minLength: number): void {
  const quotation = raw.trim();
  if (quotation.length >= minLength) quotations.push(quotation);
}
