import { normalizeCodePoint } from './normalize-text.js';
import { shownInPlace } from './shown-in-place.js';
import { SEPARATOR, type WordSequence, wordSequence } from './word-sequence.js';

/** Between a token's left edge, its text and its right edge in a tagged item; normalised text never holds it. */
const TAG = '\u0001';
/** The edge of a token the text glues to the next or previous one (`non-toxic`, `1,500`): it cannot be cut there. */
const GLUED = '\u0002';
/** Both edges of a token typed inside markup a page shows otherwise (`shy` of `&shy;`, `b` of `<b>`). */
const MARKUP = '\u0004';

// A separator that glues two tokens into one word or number: a hyphen or en dash between any two (also a hyphen
// that ends a line, as text broken across lines writes one); a slash, dot, `@`, backslash, underscore, `&` or middle
// dot with no space around it (`mg/kg`, `node.js`, `a@b.org`, `snake_case`, `R&D`, `col·legi`), but a full stop that
// ends a sentence which lost its space (see {@link lostSpace}: `to date.Stats`); and between two digits any punctuation
// or sign without a space (`0.5`, `1,500`, `10^6`, `10**6`, `1_500`, `1…5`, `10⁻⁶`, `1،500`) or one space other than
// U+0020 (`1 500` with a thin, narrow, ideographic or any other space), read as normalised (a fraction slash too), or
// nothing (numerals of different forms, `①500`, `Ⅱ50`, which wordSequence reads as two numbers).
// Any dash (`\p{Pd}`: `non–toxic`, `non⸺toxic`, where a two-em dash stands for letters left out) or hyphen look-alike
// (a minus, `‧`, `⁃`, `➖`, `˗`, `¯`) and a tilde of any form with no space around it glue as a hyphen does
// (`non~toxic`), but an em dash or horizontal bar does not: `word—word` is a dash between clauses, and a quotation
// may end or start there. The apostrophe of a negative contraction (`can't`, `won’t`) glues too: cut there, the
// word left (`can`, `won`) says the opposite. Other apostrophes (`company's`, `L'homme`) do not glue.
const HYPHENS = '\u2010\u2011\u058a\u05be\u1806\u2027\u2043\u2e17\u2e1a\u2e40\u30a0\ufe63\uff0d';
const HYPHEN = /^(?![\u2014\u2015\ufe31\ufe58])[\p{Pd}\u2027\u2043\u2212\u2796\u02d7\u00af]$/u;
const HYPHEN_AT_LINE_END = new RegExp(`^[-${HYPHENS}][^\\S\\n\\r\\u2028\\u2029]*[\\n\\r\\u2028\\u2029]\\s*$`);
const JOINER = /^\0[./@\\_&\u00b7~]$/;
// Its look-alikes too: an acute or grave accent, a left quote, a prime, a fullwidth apostrophe (`can´t`, `can‘t`).
const APOSTROPHE = /^['`\u2019\u02bc\u00b4\u2018\u2032\uff07\uff40]$/;
// What parts two numbers however close: a space, a bracket (a footnote's `40%[12]`, `1999.[3]`), a quotation mark
// (`"10","20"`), a table cell's `|`, a code span's backtick, a percent or degree that closes the first (`40%,60%`), an
// ideographic comma or a sentence's end but a full stop (`15%。1,500`, CJK writes no space after them).
const APART = /[\s"`|%\u2030\u2031\u00b0\u3001\p{Ps}\p{Pe}\p{Pi}\p{Pf}]|(?!\.)\p{Sentence_Terminal}/u;
const GROUPING_SPACE = /^(?! )\p{Zs}$/u;
// A digit of any script, and a superscript, subscript or other digit that is no decimal one (`⁶`, `₂`, `①`).
const DIGIT = /[\p{Nd}\p{No}]/u;
// A Roman numeral, which wordSequence reads apart from a digit glued to it (`Ⅱ50`): glued to it all the same.
const ROMAN = /[\u2160-\u217f]/;
/** Whether `char` is a digit (ASCII ones without a regex). */
const isDigit = (char: string): boolean =>
  (char >= '0' && char <= '9') || (char > '\x7f' && DIGIT.test(char));
// A separator that can glue or sign a token holds one of these once normalised (dashes read as `-`, look-alike
// signs as the sign), or, beside a digit, a decimal or grouping mark or a space.
const MAY_TAG = /[-:/#%\u00b0\u2030\u2031\p{Sc}\p{Sm}]/u;
const DECIMAL = /[.,' \u00b7\u066b\u066c]/;
const CURRENCY = /\p{Sc}/u;
// What a separator's characters next to a token add to it, compared after normalisation. Next to a number: a
// currency, percent, degree or math sign after it, also after one space (`20%`, `20 €`, `40°`, `3+`); a currency or
// number sign, a math sign (`-40`, `+3`, `<5`, `≈5`, `±2`) or a decimal point before it, a currency also before one
// space (`$20`, `€ 20`, `.5`). Any math sign counts (`√40`, `40→50`) but a table's `|`. Next to a word: `#` or `+`
// after it (`C#`, `C++`), a currency or `#` before it.
const AFTER_NUMBER = /(?!\|)[\p{Sc}\p{Sm}%\u2030\u2031\u00b0]/u;
const AFTER_WORD = /[#+]/;
const BEFORE_NUMBER = /(?!\|)[\p{Sc}\p{Sm}#\-.,]/u;
const BEFORE_WORD = /[\p{Sc}#]/u;
// The signs that may stand one space apart from their number; before it also a comparison or approximation (`≥ 18`,
// `< 18`, `± 2`, `~ 40`, `≈ 5`, `≠ 0`, and the ASCII `<= 18`, `>= 18`, `+/- 2`), which a span may not drop either. Not `=`
// or `-` alone (`x = 18`, a list's `- 18 years`).
const SPACED = /[\p{Sc}%\u2030\u2031\u00b0]/u;
// A negated one (`≠`, `≮`) normalises to its sign and a combining long solidus.
const COMPARISON =
  /^(?:[<>\u00b1~\u2213\u223c\u2243\u2245\u2248\u2264\u2265\u2266\u2267\u226a\u226b\u2272\u2273\u2a7d\u2a7e]|[=<>\u223c\u2243\u2245\u2248\u2264\u2265]\u0338)$/u;

/**
 * `words` (read from `text` by `wordSequence`) tagged as {@link tagWrittenEdges} tags them, each edge read as a page
 * shows the text beside it (see shownInPlace): a character reference, a comment, a tag or emphasis beside a word reads
 * as what it shows, so `effective` is glued in `in&shy;effective` and `in<!-- -->effective`, `40` has its sign in
 * `&minus;40` and `-*40*`, and `300` is glued in `7&nbsp;300`. The tokens typed inside such markup (`shy`, `minus`,
 * `b`) are tagged as markup on both edges: a quotation or cited text may hold the markup whole, as typed, but not start
 * or end inside it. Linear in the text.
 */
export function tagEdges(text: string, words: WordSequence): WordSequence {
  const written = tagWrittenEdges(text, words);
  const shown = shownInPlace(text);
  if (shown === text) return written;
  const plain = wordSequence(shown);
  const tagged = tagWrittenEdges(shown, plain);
  // The tokens read from what the page shows, and where each starts, for a binary search by offset.
  const tokens: number[] = [];
  for (let m = 0; m < plain.items.length; m++) if (!plain.items[m]!.startsWith(SEPARATOR)) tokens.push(m);
  const holding = (offset: number): number => {
    let low = 0;
    let high = tokens.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (plain.start[tokens[middle]!]! <= offset) low = middle + 1;
      else high = middle;
    }
    const m = tokens[low - 1];
    return m !== undefined && offset < plain.end[m]! ? m : -1;
  };
  const changed = (from: number, to: number): boolean => {
    for (let i = from; i < to; i++) if (text.charCodeAt(i) !== shown.charCodeAt(i)) return true;
    return false;
  };
  const { items } = words;
  const out = written.items.slice();
  const start = written.start.slice();
  const end = written.end.slice();
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!;
    if (item.startsWith(SEPARATOR)) continue;
    const from = words.start[k]!;
    const to = words.end[k]!;
    if (changed(from, to)) {
      out[k] = `${MARKUP}${TAG}${item}${TAG}${MARKUP}`;
      start[k] = from;
      end[k] = to;
      continue;
    }
    // An edge beside a separator that shows otherwise is read from what the page shows; any other stays as written.
    const leftChanged = k > 0 && changed(words.start[k - 1]!, words.end[k - 1]!);
    const rightChanged = k < items.length - 1 && changed(words.start[k + 1]!, words.end[k + 1]!);
    if (!leftChanged && !rightChanged) continue;
    let [left, right] = edgesOf(written.items[k]!);
    if (leftChanged) {
      const m = holding(from);
      if (m >= 0 && plain.start[m]! < from) left = GLUED;
      else if (m >= 0) {
        left = edgesOf(tagged.items[m]!)[0];
        start[k] = tagged.start[m]!;
      } else left = '';
    }
    if (rightChanged) {
      const m = holding(to - 1);
      if (m >= 0 && plain.end[m]! > to) right = GLUED;
      else if (m >= 0) {
        right = edgesOf(tagged.items[m]!)[1];
        end[k] = tagged.end[m]!;
      } else right = '';
    }
    out[k] = left === '' && right === '' ? item : `${left}${TAG}${item}${TAG}${right}`;
  }
  return { items: out, start, end };
}

/** The left and right edges of a tagged token ('' for an edge untagged). */
function edgesOf(item: string): [string, string] {
  const first = item.indexOf(TAG);
  return first < 0 ? ['', ''] : [item.slice(0, first), item.slice(item.lastIndexOf(TAG) + 1)];
}

/**
 * `words` (read from `text` by `wordSequence`) with every token that is glued to the token beside it, or has signs
 * next to it, tagged with that: its left edge, {@link TAG}, the token, {@link TAG}, its right edge. Separators and
 * the other tokens stay as they are (and when nothing is tagged, `words` itself is returned), so two tagged
 * sequences match where the words, the separators between them and the edges of the first and last word all
 * match: a quotation cannot drop a sign, add one, or be cut out of a longer word or number. The offsets of a
 * tagged token take in its signs.
 */
export function tagWrittenEdges(text: string, words: WordSequence): WordSequence {
  const { items } = words;
  const last = items.length - 1;
  const left: string[] = [];
  const right: string[] = [];
  const brokenHyphens: number[] = [];
  let start = words.start;
  let end = words.end;
  for (let i = 0; i <= last; i++) {
    const item = items[i]!;
    if (!item.startsWith(SEPARATOR)) continue;
    const from = words.start[i]!;
    const to = words.end[i]!;
    if (to - from === 1 && text.charCodeAt(from) === 0x20) continue; // one plain space, by far the most common
    const previous = i > 0;
    const next = i < last;
    // The characters the separator stands between, whole when a surrogate pair (`𝟒`); normalisation may drop
    // invisible ones around it.
    const before = previous
      ? [...text.slice(Math.max(0, words.end[i - 1]! - 2), words.end[i - 1])].pop()!
      : '';
    const after = next ? String.fromCodePoint(text.codePointAt(words.start[i + 1]!)!) : '';
    const numberBefore = isDigit(before);
    const numberAfter = isDigit(after);
    // One visible character between two tokens may glue them, and so may a hyphen that ends a line, or what
    // stands between two digits.
    if (
      previous &&
      next &&
      !(item === `${SEPARATOR}.` && isFootnote(text, words.start[i + 1]!, words.end[i + 1]!, numberBefore))
    ) {
      const visible = to - from === 1 ? text[from]! : visibleOf(text.slice(from, to));
      if (
        HYPHEN.test(visible) ||
        HYPHEN_AT_LINE_END.test(visible) ||
        (APOSTROPHE.test(visible) &&
          (before === 'n' || before === 'N') &&
          isT(text, words.start[i + 1]!, words.end[i + 1]!)) ||
        (JOINER.test(item) && !(item === `${SEPARATOR}.` && lostSpace(text, words, i, before))) ||
        (numberBefore && numberAfter && (GROUPING_SPACE.test(visible) || !APART.test(item))) ||
        (item === SEPARATOR && (numberBefore || ROMAN.test(before)) && (numberAfter || ROMAN.test(after)))
      ) {
        right[i - 1] = GLUED;
        left[i + 1] = GLUED;
        // A hyphen broken across lines is the hyphen it was (`non-\ntoxic` is quoted as `non-toxic`).
        if (HYPHEN_AT_LINE_END.test(visible)) brokenHyphens.push(i);
        continue;
      }
    }
    if (!MAY_TAG.test(item) && !(DECIMAL.test(item) && (numberBefore || numberAfter))) continue;
    if (previous) {
      const number = numberBefore;
      const run = edgeRun(text, from, to, 1, number ? AFTER_NUMBER : AFTER_WORD, number);
      // A currency sign before a number belongs to that number (`in 2021 $4.5 billion`), not to the one before it.
      if (run.signs !== '' && !(CURRENCY.test(run.signs) && isDigit(after))) {
        right[i - 1] = run.signs;
        if (end === words.end) end = end.slice();
        end[i - 1] = run.at;
      }
    }
    if (next) {
      const number = numberAfter;
      const run = edgeRun(text, to - 1, from - 1, -1, number ? BEFORE_NUMBER : BEFORE_WORD, number);
      if (run.signs !== '') {
        left[i + 1] = run.signs;
        if (start === words.start) start = start.slice();
        start[i + 1] = run.at + 1;
      }
    }
  }
  if (left.length === 0 && right.length === 0) return words;
  const tagged = items.slice();
  const tag = (i: number): void => {
    tagged[i] = `${left[i] ?? ''}${TAG}${items[i]}${TAG}${right[i] ?? ''}`;
  };
  left.forEach((_, i) => {
    tag(i);
  });
  right.forEach((_, i) => {
    tag(i);
  });
  for (const i of brokenHyphens) tagged[i] = `${SEPARATOR}-`;
  return { items: tagged, start, end };
}

const LOWER = /\p{Ll}/u;
const CAPITALISED = /^\p{Lu}\p{Ll}/u;
const DOT_AFTER = /^\.[\p{L}\p{N}]/u;

/**
 * Whether the full stop separator `i` (after the character `before`) ends a sentence that lost its space, as scraped
 * pages write it (`to date.Stats`), rather than joining a dotted name: a word that starts and ends in a lower-case
 * letter before it, a capital and a lower-case letter after it, and no other dot in the word on either side. So
 * `System.Net`, `2.Final`, `IO.File`, `System.Net.Http` and `a.b.Com`, and also `Paris.Then`, `U.S.Army` and
 * `e.g.The`, stay one word: a quotation cut there is refused, which costs only a quotation starting or ending at a
 * lost space after a name, a number or an abbreviation.
 */
function lostSpace(text: string, words: WordSequence, i: number, before: string): boolean {
  const to = words.end[i]!;
  return (
    LOWER.test(before) &&
    LOWER.test(text[words.start[i - 1]!]!) &&
    CAPITALISED.test(text.slice(to, to + 4)) &&
    text[words.start[i - 1]! - 1] !== '.' &&
    !DOT_AFTER.test(text.slice(words.end[i + 1], words.end[i + 1]! + 3))
  );
}

/** Whether `text[from, to)` is the `t` of a negative contraction. */
const isT = (text: string, from: number, to: number): boolean =>
  to - from === 1 && (text[from] === 't' || text[from] === 'T');

/** A separator as written, without the characters normalisation drops (invisible ones, controls). */
function visibleOf(written: string): string {
  let visible = '';
  for (const char of written)
    if (normalizeCodePoint(char.codePointAt(0)!, char, true) !== '') visible += char;
  return visible;
}

/**
 * The signs `pattern` finds in `text` from `from` towards `stop` (exclusive) in direction `step`, normalised (with
 * `spaced`, also after one space when the first is a sign that may stand apart; skipping what normalisation
 * drops), and where the run stops: going forwards the offset after its last sign, going backwards the offset
 * before it; `from` when there is none.
 */
function edgeRun(
  text: string,
  from: number,
  stop: number,
  step: 1 | -1,
  pattern: RegExp,
  spaced: boolean,
): { signs: string; at: number } {
  let signs = '';
  let at = from;
  for (let i = from; i !== stop; i += step) {
    const sign = normalizeCodePoint(text.charCodeAt(i), text[i]!, true);
    if (sign === '') continue; // invisible: neither a sign nor an end of the run
    if (sign === ' ' && signs === '' && spaced) {
      if (!SPACED.test(nextVisible(text, i + step, stop, step)) && !(step === -1 && compares(text, i, stop)))
        break;
      spaced = false;
      continue;
    }
    // A decimal point is one point: dots of an ellipsis (`...40`, `…40`) mark an elision, not a number.
    if (
      !pattern.test(sign) ||
      sign === '...' ||
      (sign === '.' && nextVisible(text, i + step, stop, step) === '.')
    )
      break;
    signs = step === 1 ? signs + sign : sign + signs;
    at = i + step;
  }
  return { signs, at };
}

/**
 * Whether a comparison or approximation sign stands before the space at `at` (reading back towards `stop`): one of
 * {@link COMPARISON}, or `<=`, `>=`, `+/-` (also with look-alikes normalised to them).
 */
function compares(text: string, at: number, stop: number): boolean {
  let i = at - 1;
  const back = (): string => {
    for (; i !== stop; i--) {
      const char = normalizeCodePoint(text.charCodeAt(i), text[i]!, true);
      if (char !== '') {
        i--;
        return char;
      }
    }
    return '';
  };
  const sign = back();
  if (COMPARISON.test(sign)) return true;
  if (sign === '=') {
    const before = back();
    return before === '<' || before === '>';
  }
  return sign === '-' && back() === '/' && back() === '+';
}

/** The next character from `from` towards `stop` that normalisation keeps, normalised ('' when none). */
function nextVisible(text: string, from: number, stop: number, step: 1 | -1): string {
  for (let i = from; i !== stop; i += step) {
    const char = normalizeCodePoint(text.charCodeAt(i), text[i]!, true);
    if (char !== '') return char;
  }
  return '';
}

// A superscript number or letter (`³`, `ᵃ`), or after a word, a plain number a sentence follows (`Ohio.1 It`). A token
// is superscript when nothing in it is not: one negated class, as a `u` class repeated over a run of millions
// overflows V8's stack (No and Lm hold no decimal digit).
const NOT_SUPERSCRIPT = /[^\p{No}\p{Lm}]/u;
const SENTENCE_AFTER = /^\s*(?:$|\p{Lu})/u;

/**
 * Whether the token from `start` to `end` after a full stop is a footnote's number (`in Ohio.³ It`, `in 1999.³`,
 * `in Ohio.1 It`), which glues nothing to the sentence it follows; a number after a number is one only in
 * superscript (`1.5 Million` stays one number).
 */
function isFootnote(text: string, start: number, end: number, numberBefore: boolean): boolean {
  const token = text.slice(start, end);
  if (token !== '' && !NOT_SUPERSCRIPT.test(token)) return true;
  return !numberBefore && /^[0-9]{1,3}$/.test(token) && SENTENCE_AFTER.test(text.slice(end, end + 4));
}
