/** Default minimum length (UTF-16 code units, trimmed) of a quotation that must be found verbatim. */
export const DEFAULT_MIN_QUOTE_LENGTH = 12;

// Opening mark → the marks that close it. Symmetric marks close themselves; the look-alikes (full-width
// quotation mark, double prime) count too, since the normaliser and NFKC would fold them into '"'.
const CLOSERS: ReadonlyMap<string, string> = new Map([
  ['"', '"'],
  ['\uff02', '\uff02'],
  ['\u2033', '\u2033'],
  ['\u201c', '\u201d'],
  ['\u201e', '\u201c\u201d'],
  ['\u00ab', '\u00bb'],
  ['\u00bb', '\u00ab'],
  ['\u300c', '\u300d'],
  ['\u300e', '\u300f'],
]);

/**
 * Direct quotations in a claim, in order: text between a pair of double quotation marks (straight, curly,
 * German „…“, guillemets «…» or »…«, full-width, double primes, CJK corner brackets), trimmed, at least
 * `minLength` long. Shorter ones (scare quotes, titles) are ignored. One pass, linear.
 */
export function findQuotations(text: string, minLength: number = DEFAULT_MIN_QUOTE_LENGTH): string[] {
  const quotations: string[] = [];
  let open = -1;
  let closers = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (open !== -1 && closers.includes(char)) {
      const quotation = text.slice(open + 1, i).trim();
      if (quotation.length >= minLength) quotations.push(quotation);
      open = -1;
    } else if (open === -1) {
      const closing = CLOSERS.get(char);
      if (closing !== undefined) {
        open = i;
        closers = closing;
      }
    }
  }
  return quotations;
}
