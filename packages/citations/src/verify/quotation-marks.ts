// The quotation marks the verifier reads, family by family, and what a mark can do where it stands. A module of its
// own without imports, so that the bundler writes the role flags as numbers where they are read.

/** What a mark can do: open a quotation, close one, or either (its neighbours decide). */
export const OPEN = 1;
export const CLOSE = 2;
export const EITHER = OPEN | CLOSE;
/** A closing mark that, with nothing open, quotes back to the previous mark of its family or its claim's start. */
export const STRAY = 4;
/**
 * A single mark that would open but for the digit or elided word after it (`'90s`, `'tis`): a closing mark later on
 * its line may still close what it opens.
 */
export const ELIDED = 8;

/**
 * The quotation marks of each family (what NFKC and the verifier's normaliser read as one mark), by what a mark can
 * do on its own: open or close (its neighbours decide: `“` opens in English and closes in German, `«` opens in
 * French and closes in German), only open, only close.
 */
export const FAMILIES: ReadonlyArray<readonly [either: string, opens: string, closes: string]> = [
  // " ＂ “ ” ‟ ″ ‶ ״ ʺ ˮ | „ 〝 ❝ ⹂ 🙶 🙸 | 〞 〟 ❞ 🙷: double marks, double primes, Hebrew gershayim,
  // modifier-letter quotes, ornaments
  [
    '"\uff02\u201c\u201d\u201f\u2033\u2036\u05f4\u02ba\u02ee',
    '\u201e\u301d\u275d\u2e42\u{1f676}\u{1f678}',
    '\u301e\u301f\u275e\u{1f677}',
  ],
  // ' ＇ ‘ ’ ‛ ′ ‵ | ‚ ❛ | ❜: single marks and primes (apostrophes make these special)
  ["'\uff07\u2018\u2019\u201b\u2032\u2035", '\u201a\u275b', '\u275c'],
  ['\u00ab\u00bb', '', ''], // « »
  ['\u2039\u203a', '', ''], // ‹ ›
  ['', '\u300c\uff62\ufe41', '\u300d\uff63\ufe42'], // 「 ｢ ﹁ | 」 ｣ ﹂
  ['', '\u300e\ufe43', '\u300f\ufe44'], // 『 ﹃ | 』 ﹄
  ['', '\u300a\u3008\ufe3d\ufe3f', '\u300b\u3009\ufe3e\ufe40'], // 《 〈 ︽ ︿ | 》 〉 ︾ ﹀
];
/** The family of double marks. */
export const DOUBLE = 0;
/** The family of single marks (apostrophes make these special). */
export const SINGLE = 1;

/** Quotation mark → family * 4 + direction (OPEN, CLOSE or EITHER). */
export const MARKS = new Map<number, number>();
FAMILIES.forEach((marks, family) => {
  marks.forEach((chars, role) => {
    for (const char of chars) MARKS.set(char.codePointAt(0)!, family * 4 + [EITHER, OPEN, CLOSE][role]!);
  });
});

/** Any quotation mark, or a backtick (two open typewriter quotes): a text without one has no quotation. */
export const QUOTATION_MARK = new RegExp(`[${FAMILIES.flat().join('')}\`]`, 'u');

// Words a single quotation mark elides at their start ('tis, 'n', 'em): an apostrophe, not an opening mark.
const ELISIONS = new Set('tis twas twere em n cause til bout round neath gainst'.split(' '));
const WORD = /[\p{L}\p{N}\p{M}]/u;
const WORD_BEFORE = /[\p{L}\p{N}\p{M}]$/u;
const WORD_AFTER = /^[\p{L}\p{N}\p{M}]/u;

/**
 * What the mark at `i` can do, from its direction and its neighbours: OPEN, CLOSE, and STRAY for a closing mark
 * that quotes back when nothing is open. The neighbours are read as whole characters, astral ones included.
 */
export function markRoles(
  answer: string,
  i: number,
  width: number,
  family: number,
  direction: number,
): number {
  const before = answer.slice(Math.max(0, i - 2), i);
  const after = answer.slice(i + width, i + width + 2);
  const spaceBefore = /(?:^|\s)$/u.test(before);
  const spaceAfter = /^(?:\s|$)/u.test(after);
  const afterDigit = /\p{Nd}$/u.test(before);
  if (family === SINGLE) {
    const wordBefore = WORD_BEFORE.test(before);
    const wordAfter = WORD_AFTER.test(after);
    if (wordBefore && wordAfter) return 0; // don't, l'homme
    // The second mark of `'n'` (rock 'n' roll) ends the elision, not a quotation.
    if (/^\s?['\u2018\u2019]n$/i.test(answer.slice(Math.max(0, i - 3), i)) && !wordAfter) return 0;
    const opens = !wordBefore && !spaceAfter && !afterDigit;
    const elided = opens && elides(answer, i + width);
    const closes = !spaceBefore && !wordAfter;
    return (direction & ((opens && !elided ? OPEN : 0) | (closes ? CLOSE : 0))) | (elided ? ELIDED : 0);
  }
  if (direction !== EITHER) return direction === OPEN ? OPEN : CLOSE | STRAY;
  if (afterDigit) return CLOSE; // 12", 5′ 3″: a unit, or a close
  // Text on one side only tells the direction; a mark both sides could claim opens or closes by turn.
  // Closing punctuation after a mark reads like a space there (`…all times”) [1]`, `said “no”.`).
  const endAfter = spaceAfter || /^[)\]}.,;:!?\u2026]/u.test(after);
  if (spaceBefore === endAfter) return EITHER;
  return spaceBefore ? OPEN : CLOSE | STRAY;
}

/** Whether the single mark at `i` may be a plural possessive (`the kids' lunches`): after `s`, before a word. */
export function mayBePossessive(answer: string, i: number, width: number): boolean {
  return /[sS]/.test(answer[i - 1] ?? '') && /^\s\p{L}/u.test(answer.slice(i + width, i + width + 2));
}

/** Whether the text at `at` is a digit or an elided word ('90s, 'tis, 'n'): the mark before it is an apostrophe. */
function elides(answer: string, at: number): boolean {
  if (/\p{Nd}/u.test(answer[at] ?? '')) return true;
  let end = at;
  while (end < answer.length && end - at <= 6 && /[a-z]/i.test(answer[end]!)) end++;
  return ELISIONS.has(answer.slice(at, end).toLowerCase()) && !WORD.test(answer[end] ?? '');
}
