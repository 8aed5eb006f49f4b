const SQUASHED = /^[0-9a-z]*$/;
const ASCII = /^[\u0000-\u007f]*$/;
/** What NFKD parts from a letter: diacritics (combining marks) and the rest of the non-ASCII. */
const NOT_ASCII_ALNUM = /[^0-9a-z]+/g;

/** The text NFKC-normalised, lowercased and reduced to ASCII letters and digits, in one linear pass each. */
export function squash(text: string): string {
  // Keys such as `text` or `delta` are squashed already: skip the three passes.
  if (SQUASHED.test(text)) return text;
  return text.normalize('NFKC').toLowerCase().replace(NOT_ASCII_ALNUM, '');
}

/**
 * The text as `squash` reads it but NFKD-normalised, so a letter with a diacritic reads as the bare letter (`á` and
 * `a` + U+0301 as `a`, as `0` + U+0301 reads as `0` in both) where `squash` drops it; null for ASCII text, which
 * reads the same both ways. Searched beside `squash`, never instead: there an accented letter between two pieces of
 * a marker is dropped, here it is a letter between them.
 */
export function squashAccents(text: string): string | null {
  if (ASCII.test(text)) return null;
  return text.normalize('NFKD').toLowerCase().replace(NOT_ASCII_ALNUM, '');
}
