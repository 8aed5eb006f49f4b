/**
 * `text` with each run of white space one plain space, as `text.replace(/\s+/gu, ' ')` writes it. Two passes of one
 * character each, with no quantifier: V8 keeps a backtrack entry per character a repeated class reads in a string
 * beyond Latin-1, so `\s+` overflows its stack on a run of millions of spaces.
 */
export function oneSpace(text: string): string {
  return text.replace(/(?<=\s)\s/gu, '').replace(/\s/gu, ' ');
}
