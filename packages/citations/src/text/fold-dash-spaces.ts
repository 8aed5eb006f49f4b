import type { NormalizedText } from './normalize-text.js';
import { SEPARATOR, type WordSequence } from './word-sequence.js';

// Marks a tagged token's text (see tagEdges): what stands before the first is the signs at its left edge.
const TAG = '\u0001';
const DIGIT = /^\p{N}/u;
const LINE_BREAK = /[\n\v\f\r\u0085\u2028\u2029]/;
// What a dash may be glued to on its left and still stand between two parts (`a-b`, `(a)-b`, `5%-6%`, `“no”—then`,
// `dogs'—owners`, `paused…—then`, `ended,—then`): a word, or what closes one or a clause. After anything else (`(`,
// `$`, `=`, an opening quotation mark) a dash may be a sign (`(-5)`, `$-5`, `“-5”`).
const WORD_BEFORE = /^[\p{L}\p{N}\p{M}\p{Pf})\]}%"'’…,.;:!?]/u;
// An em dash, and its two- and three-em, small and vertical forms: never a sign, however spaced.
const EM_DASH = /[\u2014\u2015\u2e3a\u2e3b\ufe31\ufe58]/;

/** Whether `text[from, to)` holds a line break: white space there is never read away. */
export const holdsLineBreak = (text: string, from: number, to: number): boolean =>
  from < to && LINE_BREAK.test(text.slice(from, to));

/** Whether `text[from, to)` holds an em dash ({@link EM_DASH}). */
export const holdsEmDash = (text: string, from: number, to: number): boolean =>
  from < to && EM_DASH.test(text.slice(from, to));

/** What {@link dropped} reads around a dash, beyond the units of the text it folds. */
interface Reading {
  /** Whether a digit follows unit `index` (the text's, or beyond it). */
  digitAfter: (index: number) => boolean;
  /** Whether unit `index` (-1: what stands before the text) is a word or closes one ({@link WORD_BEFORE}). */
  wordAt: (index: number) => boolean;
  /** Whether the space at unit `index` holds a line break. */
  breakAt: (index: number) => boolean;
  /** Whether the dash run at units `[from, to)` was written with an em dash ({@link EM_DASH}). */
  emIn: (from: number, to: number) => boolean;
}

/**
 * Which units of `text` (normalised: every dash, minus and hyphen read as `-`, white space as one space) the dash
 * rule drops. A dash is a run of `-`; one that stands between two parts is read without the white space beside it,
 * and with `runs` as one `-` (`--` writes one; not before a digit: `--5`). It stands between two parts when it is
 * glued on its left to a word ({@link WORD_BEFORE}: `a-b`, `a- b`), or has one space on either side after a word
 * (`a - b`). Any other is kept as written: a sign, glued to what follows and to no word before it (`to -5`, `(-5)`,
 * `$-5`, `=-x`, `to −$5`, a bullet), a space between two dashes (`- -`), and white space that holds a line break
 * (a dash at a line's start is a bullet). An em dash is never a sign: a run holding one stands between two parts
 * whatever its spacing (`a —b`). So no dash read away reads as a sign. Linear.
 */
function dropped(text: string, reading: Reading, runs = true): Uint8Array | null {
  if (!text.includes('-')) return null;
  const { digitAfter, wordAt, breakAt, emIn } = reading;
  const drop = new Uint8Array(text.length);
  let any = false;
  for (let i = 0; i < text.length; ) {
    if (text[i] !== '-') {
      i++;
      continue;
    }
    let end = i + 1;
    while (text[end] === '-') end++;
    // The space on either side, when it may be dropped: no line break in it, no dash beyond it.
    const leftSpace = text[i - 1] === ' ';
    const rightSpace = text[end] === ' ';
    const leftDrops = leftSpace && !breakAt(i - 1) && wordAt(i - 2);
    const rightDrops = rightSpace && !breakAt(end) && text[end + 1] !== '-';
    // An em dash is never a sign: it stands between two parts whatever its spacing (`a —b`, `—a`), white space
    // holding a line break and a space beside another dash aside.
    const between = emIn(i, end)
      ? (!leftSpace || (!breakAt(i - 1) && text[i - 2] !== '-')) && (!rightSpace || rightDrops)
      : leftSpace
        ? leftDrops && rightDrops
        : wordAt(i - 1) && (!rightSpace || rightDrops);
    if (between) {
      const collapse = runs && end - i > 1 && !digitAfter(end - 1);
      if (leftSpace) drop[i - 1] = 1;
      if (rightSpace) drop[end] = 1;
      if (collapse) drop.fill(1, i + 1, end);
      any ||= leftSpace || rightSpace || collapse;
    }
    i = end;
  }
  return any ? drop : null;
}

/** Whether the code point ending at or starting at `text[index]` is a word or closes one ({@link WORD_BEFORE}). */
function wordIn(text: string, index: number): boolean {
  if (index < 0) return false;
  const code = text.charCodeAt(index);
  const from = code >= 0xdc00 && code <= 0xdfff && index > 0 ? index - 1 : index;
  return WORD_BEFORE.test(text.slice(from, from + 2));
}

/**
 * `normalized` (read from `source`) as the dash rule reads it ({@link dropped}): the white space beside a dash
 * between two parts dropped and, with `runs`, `--` read as one dash; each unit kept still mapped to the original
 * characters behind it.
 */
export function foldDashSpaces(normalized: NormalizedText, source: string, runs = true): NormalizedText {
  const { text, originalStart, originalEnd } = normalized;
  const drop = dropped(
    text,
    {
      digitAfter: (i) => DIGIT.test(text.slice(i + 1, i + 3)),
      wordAt: (i) => wordIn(text, i),
      breakAt: (i) => holdsLineBreak(source, originalStart[i]!, originalEnd[i]!),
      emIn: (from, to) => holdsEmDash(source, originalStart[from]!, originalEnd[to - 1]!),
    },
    runs,
  );
  if (drop === null) return normalized;
  const start = new Uint32Array(text.length);
  const end = new Uint32Array(text.length);
  let out = '';
  let size = 0;
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (drop[i] === 1) {
      out += text.slice(from, i);
      from = i + 1;
      continue;
    }
    start[size] = originalStart[i]!;
    end[size] = originalEnd[i]!;
    size++;
  }
  out += text.slice(from);
  return { text: out, originalStart: start.subarray(0, size), originalEnd: end.subarray(0, size) };
}

/**
 * `words` (read from `text`, tagged by tagEdges) with each separator read by the dash rule ({@link foldDashItems}):
 * `result — a` and `result—a` read alike. Offsets stay as they are; `words` itself when no separator changes.
 */
export function foldDashSeparators(words: WordSequence, text: string): WordSequence {
  const items = foldDashItems(
    words.items,
    (k) => holdsLineBreak(text, words.start[k]!, words.end[k]!),
    (k) => holdsEmDash(text, words.start[k]!, words.end[k]!),
  );
  return items === words.items ? words : { items, start: words.start, end: words.end };
}

/**
 * Items (tokens and separators, tagged by tagEdges or not) with each separator read by the dash rule ({@link dropped});
 * a separator that `holdsBreak` (its white space holds a line break) stays as written. A separator that `holdsEm`
 * (it was written with an em dash) and holds one run of dashes has an em dash in that run: never a sign. Tokens and
 * their tags stay as they are, so the signs and glue tagEdges read from the text as written still count. `items`
 * itself when no separator changes.
 */
export function foldDashItems<T extends readonly string[]>(
  items: T,
  holdsBreak: (index: number) => boolean = () => false,
  holdsEm: (index: number) => boolean = () => false,
): T | string[] {
  let folded: string[] | null = null;
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!;
    if (!item.startsWith(SEPARATOR) || !item.includes('-') || holdsBreak(k)) continue;
    const next = items[k + 1] ?? '';
    const token = next.includes(TAG) ? next.slice(next.indexOf(TAG) + 1) : next;
    const drop = dropped(item, {
      digitAfter: (i) => (i + 1 < item.length ? DIGIT.test(item.slice(i + 1, i + 3)) : DIGIT.test(token)),
      // Unit 0 is the separator's mark: the token before it, a word (none before the first item).
      wordAt: (i) => (i === 0 ? k > 0 : wordIn(item, i)),
      breakAt: () => false,
      // Which dash the separator's em dash became is known only when it holds one run of them.
      emIn: () => holdsOneRun(item) && holdsEm(k),
    });
    if (drop === null) continue;
    let out = '';
    for (let i = 0; i < item.length; i++) if (drop[i] !== 1) out += item[i];
    folded ??= items.slice();
    folded[k] = out;
  }
  return folded ?? items;
}

/**
 * Whether `item` holds exactly one run of hyphens (what `/^[^-]*-+[^-]*$/` tests), by searches: the pattern kept a
 * backtrack entry per character once V8 compiles patterns without optimizations.
 */
function holdsOneRun(item: string): boolean {
  let end = item.indexOf('-');
  if (end === -1) return false;
  while (item.charCodeAt(end) === 0x2d) end++;
  return item.indexOf('-', end) === -1;
}
