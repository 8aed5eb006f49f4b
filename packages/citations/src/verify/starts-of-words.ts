// One atom of a word written as a pattern: an escape, a character class or one character.
const ATOM = /\\.|\[[^\]]*\]|./gsu;
const SPECIAL = /^[\\^$.*+?()[\]{}|/]$/;

/**
 * A pattern (source text, no anchors) matching any start of one of `words`, the empty text and each whole word
 * included. Each word is written as a pattern of atoms: a character, an escape (`\[`) or a character class
 * (`r[ée]f`), so the start of the text a pattern matches is matched with the same flags: `Ré` is a start of
 * `r[ée]f[ée]rences` under `iu` as `ré` is. Linear: each atom is tried once per word.
 */
export function startsOfWords(words: readonly string[]): string {
  return `(?:${words
    .map((word) =>
      [...word.matchAll(ATOM)]
        .map(([atom]) => (SPECIAL.test(atom) ? `\\${atom}` : atom))
        .reduceRight((rest, atom) => `(?:${atom}${rest})?`, ''),
    )
    .join('|')})`;
}
