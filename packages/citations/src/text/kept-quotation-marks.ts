import { normalizeCodePoint } from './normalize-text.js';

// What may be a single or double quotation mark once normalised (`'` or `"`): ASCII, curly, low and reversed marks,
// the primes `′` and `″`, the full-width marks, the apostrophe's look-alikes `´` and `ʼ`; and the line breaks, which
// end a quotation left open.
const CANDIDATE = /['"\u2018-\u201f\u2032\u2033\uff02\uff07\u00b4\u02bc]|[\n\r\u0085\u2028\u2029]/g;
const PRIME = /[\u2032\u2033]/;
const NUMBER = /\p{N}/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;
const OPENS = /[\p{L}\p{N}]/u;
// What a mark after a letter stands right before when it is a prime of a function (`f'(x)`, `f'[x]`): an opening
// bracket. Before a letter it may be an apostrophe written as any mark (`there”s` is `there's`), and before a space or
// punctuation a closing mark or a plural possessive (`the kids' lunches`): both read as `"`.
const GLUES = /^[([\uff08\uff3b]$/;

/**
 * The offsets in `text` of the single and double marks (`'`, `"` and every form normalisation reads as them) that are
 * no quotation mark and keep their family when quoted words are matched (`5'` is not `5"`); every other quotation mark
 * reads as `"`, since a quotation nested in another swaps their family. A mark keeps its family when it is
 *
 * - a prime as written (`′`, `″`), whatever stands before it (`f′(x)` is not `f″(x)`);
 * - after a number sign (`5'`, `Ⅻ"`, `①'`), unless it closes a quotation of its family opened earlier on its line
 *   (`‘Version 2.0’`, `'Model 5'`): a foot or inch mark, not a closing mark;
 * - after a letter and right before an opening bracket: a prime (`f'(x)` is not `f"(x)`).
 *
 * A mark opens a quotation of its family when neither a letter nor a number stands before it and one stands after
 * it; a closing mark (one after a letter or number and before no letter or number), or a line break, ends it. The characters normalisation drops are passed over. One pass: each
 * mark reads back and ahead only over dropped characters, which no other mark reads.
 */
export function keptQuotationMarks(text: string): Set<number> {
  const kept = new Set<number>();
  const open = { "'": false, '"': false };
  CANDIDATE.lastIndex = 0;
  for (let match = CANDIDATE.exec(text); match !== null; match = CANDIDATE.exec(text)) {
    const at = match.index;
    const char = match[0];
    const family = normalizeCodePoint(char.charCodeAt(0), char, false);
    if (family !== "'" && family !== '"') {
      open["'"] = false;
      open['"'] = false;
      continue;
    }
    if (PRIME.test(char)) {
      kept.add(at);
      continue;
    }
    const before = neighbour(text, at, -1);
    const after = neighbour(text, at + 1, 1);
    if (NUMBER.test(before)) {
      if (!open[family]) kept.add(at);
      open[family] = false;
    } else if (WORD.test(before)) {
      if (GLUES.test(after)) kept.add(at);
      else if (!WORD.test(after)) open[family] = false; // a closing mark; an apostrophe (`don’t`) closes nothing
    } else {
      open[family] = OPENS.test(after);
    }
  }
  return kept;
}

/**
 * The nearest character normalisation keeps, as written, going forwards from `from` (`step` 1) or backwards from
 * before `from` (`step` -1); '' at the text's end and for whitespace.
 */
function neighbour(text: string, from: number, step: 1 | -1): string {
  for (let i = from; step === 1 ? i < text.length : i > 0; ) {
    // Backwards, a low surrogate is read with the high one before it.
    const pair = step === -1 && i >= 2 && text.codePointAt(i - 2)! > 0xffff;
    const char = String.fromCodePoint(text.codePointAt(step === 1 ? i : i - (pair ? 2 : 1))!);
    i += step * char.length;
    const form = normalizeCodePoint(char.codePointAt(0)!, char, false);
    if (form === ' ') return '';
    if (form !== '') return char;
  }
  return '';
}
