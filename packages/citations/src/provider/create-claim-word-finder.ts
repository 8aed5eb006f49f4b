import type { Span } from '../types.js';
import { firstAtLeast } from './first-at-least.js';

/** The longest word (letters and digits, folded) looked for: a longer one is taken as stated. */
export const MAX_WORD = 64;

// What ends a run of words written together: an ASCII space or a line break. Any other space (a thin or no-break one)
// joins, as it does between the digits of a number (`7 300` with U+2009, see tagEdges).
const BREAK = /[\t\n\v\f\r \x85\u2028\u2029]/;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Read as nothing: an invisible character or a mark (`7\u200b300`, `7\u0301300`, `e\u0301` as `e`).
const NOTHING = /[\p{Cf}\p{M}]/u;

/** The letters and digits of `text`, compatibility-decomposed, without marks, in lower case (`Ｆées` → `fees`). */
export function foldWord(text: string): string {
  let folded = '';
  for (const char of text.normalize('NFKD')) {
    if (LETTER_OR_DIGIT.test(char)) folded += char.toLowerCase();
  }
  return folded;
}

/**
 * A test of whether a span of `answer` states a word (folded by {@link foldWord}): whether its letters and digits,
 * read past invisible characters, marks and the punctuation between them (`7,300`, `2.5`, `-40`, `in\u200beffective`)
 * but not past an ASCII space or line break, hold the word from the start of a run of letters and digits to the end
 * of one (`7300` in `7,300-tonne`, not in `17300`; `monthsfees` in `monthsFees`, not in `months, fees`). The answer is
 * folded once, on the first call; each call reads its span's folded text once, within a budget of 8 times the answer
 * (plus 64 Ki characters) over all calls, and the same question is answered once: undefined once the budget is spent.
 * A word longer than {@link MAX_WORD} is taken as stated.
 */
export function createClaimWordFinder(answer: string): (word: string, span: Span) => boolean | undefined {
  let folded: string | undefined;
  // For each folded character: where its character starts in the answer, whether a run starts or ends with it, and
  // the run of words written together it belongs to.
  const at: number[] = [];
  const starts: boolean[] = [];
  const ends: boolean[] = [];
  const group: number[] = [];
  let budget = 8 * answer.length + 65_536;
  const answered = new Map<string, boolean>();
  const fold = (): string => {
    let text = '';
    let joined = 0;
    let inRun = false;
    let offset = 0;
    for (const char of answer) {
      if (BREAK.test(char)) {
        joined++;
        inRun = false;
      } else if (!NOTHING.test(char)) {
        const part = LETTER_OR_DIGIT.test(char) ? foldWord(char) : '';
        if (part === '') inRun = false;
        for (const piece of part) {
          at.push(offset);
          starts.push(!inRun);
          ends.push(false);
          group.push(joined);
          text += piece;
          inRun = true;
        }
      }
      // A run ends before a separator or break, and at the end of the answer.
      if (!inRun && text.length > 0) ends[text.length - 1] = true;
      offset += char.length;
    }
    if (text.length > 0) ends[text.length - 1] = true;
    return text;
  };
  return (word, span) => {
    if (word === '' || word.length > MAX_WORD) return true;
    const key = `${span.start}:${span.end}:${word}`;
    const known = answered.get(key);
    if (known !== undefined) return known;
    folded ??= fold();
    const from = firstAtLeast(at, span.start);
    const to = firstAtLeast(at, span.end);
    budget -= to - from;
    if (budget < 0) return undefined;
    let found = false;
    for (
      let i = folded.indexOf(word, from);
      i >= 0 && i + word.length <= to;
      i = folded.indexOf(word, i + 1)
    ) {
      const last = i + word.length - 1;
      if (starts[i] && ends[last] && group[i] === group[last]) {
        found = true;
        break;
      }
    }
    answered.set(key, found);
    return found;
  };
}
