const SQUASHED = /^[0-9a-z]*$/;

/** The text NFKC-normalised, lowercased and reduced to ASCII letters and digits, in one linear pass each. */
export function squash(text: string): string {
  // Keys such as `text` or `delta` are squashed already: skip the three passes.
  if (SQUASHED.test(text)) return text;
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^0-9a-z]+/g, '');
}
