/** A combining mark that follows a number (`2\u0301` shows a 2 with an accent); matched one at a time. */
const MARK_AFTER_NUMBER = /(?<=\p{N})\p{Mn}/gu;
const MARK = /^\p{Mn}$/u;

/**
 * `text` without the combining marks on its numbers (`2\u03019` shows 29, its 2 accented), which leave each number the
 * number it was. Each run of marks is found by its first mark and followed in code: V8 keeps a backtrack entry per
 * repetition of `\p{Mn}+` in a text that is not Latin-1, and a run of millions of marks overflowed its stack
 * (RangeError). Linear in the length of the text.
 */
export function removeMarksOnNumbers(text: string): string {
  let out = '';
  let kept = 0;
  for (const match of text.matchAll(MARK_AFTER_NUMBER)) {
    if (match.index < kept) continue;
    let end = match.index + match[0].length;
    while (end < text.length) {
      const mark = String.fromCodePoint(text.codePointAt(end)!);
      if (!MARK.test(mark)) break;
      end += mark.length;
    }
    out += text.slice(kept, match.index);
    kept = end;
  }
  return kept === 0 ? text : out + text.slice(kept);
}
