// A citation in a vendor's own form, read only where its shape is one no text writes otherwise: a number after a word
// a vendor names its sources with (`[Source 4]`, `[Source-4]`, `[ref: #4]`, `[Source: doc 4]`, `[citation:4]`), every
// number of a list or range after one, the word again or not (`[Sources 1, 4, and 5]`, `[Source 1-4]`, `[Source 4/5]`,
// `[Source 1; Source 4]`), a number after `#` or `^` and every one of a list of them (`[#4]`, `[^4^]`, `[^ 4 ^]`,
// `[^4, ^5]`), and a number followed by a `†` part (`【4:0†source.pdf】`, `[4†L1-L5]`; `【】` reads as `[]`). A bare
// number with a letter, `.`, `,`, `;` or a `:n` after it (`[2019a]`, `[4.]`, `[10:30]`, `[4:2]`) and a one-letter
// prefix (`[S4]`) are read as text: a year, a time, a verse or a figure writes them too; so are a vendor's word and
// years alone, 1000 to 2999, with no `#`, `:` or `doc` (`[Ref 2019]`, `[Results 2019-2021]`: see vendorNumbers). No
// two runs of white space stand side by side and no part holds a bracket: a try from one `[` reads at most to the
// next, in linear time.
const GAP = '[ \\t]*';
const VENDOR_WORD =
  '(?:sources?|src|ref(?:erence)?s?|doc(?:ument)?s?|cit(?:ation|e)?s?|passages?|chunks?|context|evidence|results?)';
// A vendor's word and what may follow it before a number: `:`, `#` or a hyphen, and `doc`.
const VENDOR_PREFIX = `${VENDOR_WORD}\\.?(?:${GAP}[-\\u2010-\\u2015:#])?(?:${GAP}doc(?:ument)?s?\\.?)?${GAP}`;
const LIST_GAP = `${GAP}(?:[-\\u2010-\\u2015,;&/]|(?:[,;]${GAP})?(?:and|or|to))${GAP}`;
const sticky = (source: string): RegExp => new RegExp(source, 'iuy');

/**
 * A form of list: how it starts, up to and with its first number; each further number, with what stands before it;
 * how the bracket closes. A list is read number by number, not as a regex repeating them (`(?:, \d+)*`), which keeps
 * a backtrack entry per number and overflows V8's regexp stack on a list of millions (`[Source 1,1,1,…]`). Each part
 * ends with a number's last digit and no part after it starts with a digit, so the one way to read a list is greedy.
 */
interface ListForm {
  head: RegExp;
  item: RegExp;
  end: RegExp;
  /** After a vendor's word: years alone are read as text, without a cue ({@link VENDOR_CUE}). */
  word: boolean;
}

const FORMS: readonly ListForm[] = [
  {
    head: sticky(`\\[${GAP}${VENDOR_PREFIX}#?\\d+`),
    item: sticky(`${LIST_GAP}(?:${VENDOR_PREFIX})?#?\\d+`),
    end: sticky(`(?:${GAP}[.,;:])?${GAP}\\]`),
    word: true,
  },
  { head: sticky(`\\[${GAP}#\\d+`), item: sticky(`${LIST_GAP}#\\d+`), end: sticky(`${GAP}\\]`), word: false },
  {
    head: sticky(`\\[${GAP}\\^${GAP}\\d+(?:${GAP}\\^)?`),
    item: sticky(`${GAP}[,;](?:${GAP}\\^)?${GAP}\\d+(?:${GAP}\\^)?`),
    end: sticky(`${GAP}\\]`),
    word: false,
  },
];
// A number, a `:n` part maybe, and a `†` part up to the bracket's end.
const DAGGER = sticky(`\\[${GAP}(\\d+)(?:${GAP}:${GAP}\\d+)?${GAP}\\u2020[^\\[\\]\\n]*\\]`);
const DIGITS = /\d+/g;
// A year, as a text writes one after `Ref` or `Results`.
const YEAR = /^[12]\d{3}$/;
// What marks a vendor's word and its numbers as a citation, years or not.
const VENDOR_CUE = /[#:]|doc/i;

/**
 * The numbers of the citations in a vendor's own form in `text`, read as `readBrackets` (check-claim-unit) writes it:
 * from each `[`, the first form that reads a whole marker there, and on from its end. A vendor's word before years
 * alone (1000 to 2999) and no `#`, `:` or `doc` is read as text: `[Ref 2019]` is the reference of 2019 (so a
 * `[Source 2019]` written beside a real marker is not read as a citation either).
 */
export function vendorNumbers(text: string): number[] {
  const numbers: number[] = [];
  for (let at = text.indexOf('['); at !== -1; ) {
    const end = readMarker(text, at, numbers);
    at = text.indexOf('[', end === -1 ? at + 1 : end);
  }
  return numbers;
}

/** Reads the marker at `at` (a `[`) into `numbers`: where it ends, or -1 when no form reads one there. */
function readMarker(text: string, at: number, numbers: number[]): number {
  for (const form of FORMS) {
    const end = listEnd(text, at, form);
    if (end === -1) continue;
    const whole = text.slice(at, end);
    // Only the list holds digits: the word, the gaps and the bracket hold none.
    const found = whole.match(DIGITS) ?? [];
    const years = form.word && found.every((digits) => YEAR.test(digits));
    // The word itself may be `doc`: a cue is one past the word's first letters.
    if (!years || VENDOR_CUE.test(whole.slice(whole.search(/[a-z]/i) + 3)))
      for (const digits of found) numbers.push(Number(digits));
    return end;
  }
  DAGGER.lastIndex = at;
  const dagger = DAGGER.exec(text);
  if (dagger === null) return -1;
  numbers.push(Number(dagger[1]));
  return DAGGER.lastIndex;
}

/** Where a list of `form` that starts at `at` ends, its closing bracket read; -1: none starts there. */
function listEnd(text: string, at: number, { head, item, end }: ListForm): number {
  head.lastIndex = at;
  if (!head.test(text)) return -1;
  let from = head.lastIndex;
  for (item.lastIndex = from; item.test(text); item.lastIndex = from) from = item.lastIndex;
  end.lastIndex = from;
  return end.test(text) ? end.lastIndex : -1;
}
