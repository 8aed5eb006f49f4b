import type { NormalizedText } from './normalize-text.js';
import { SEPARATOR, type WordSequence } from './word-sequence.js';

// Marks a tagged token's text (see tagEdges): what stands before the first is the signs at its left edge.
const TAG = '\u0001';
const DIGIT = /^\p{N}/u;

/**
 * Which units of `text` (normalised: every dash, minus and hyphen read as `-`, white space as one space) the dash
 * rule drops: the white space beside a dash, and all but the first of two or more dashes in a row (`--` writes one).
 * A dash is a run of `-`. Kept: a space between two dashes (`- -` stays two), a run before a digit (`--5`), and the
 * space before a sign: one `-` after a space and before a digit (`fell to -5` is not `fell to - 5`). `digitAfter(i)`
 * tells whether a digit follows unit `i` (the text's, or beyond it: the token a separator stands before). Without
 * `runs`, runs stay as written. Linear.
 */
function dropped(text: string, digitAfter: (index: number) => boolean, runs = true): Uint8Array | null {
  if (!text.includes('-')) return null;
  const drop = new Uint8Array(text.length);
  let any = false;
  for (let i = 0; i < text.length; ) {
    if (text[i] !== '-') {
      i++;
      continue;
    }
    let end = i + 1;
    while (text[end] === '-') end++;
    const digit = digitAfter(end - 1);
    if (runs && end - i > 1 && !digit) {
      drop.fill(1, i + 1, end);
      any = true;
    }
    const sign = end - i === 1 && digit && (i === 0 || text[i - 1] === ' ');
    if (!sign && text[i - 1] === ' ' && text[i - 2] !== '-') {
      drop[i - 1] = 1;
      any = true;
    }
    if (text[end] === ' ' && text[end + 1] !== '-') {
      drop[end] = 1;
      any = true;
    }
    i = end;
  }
  return any ? drop : null;
}

/**
 * `normalized` as the dash rule reads it ({@link dropped}): the white space beside a dash dropped and, with `runs`,
 * `--` read as one dash; each unit kept still mapped to the original characters behind it.
 */
export function foldDashSpaces(normalized: NormalizedText, runs = true): NormalizedText {
  const { text, originalStart, originalEnd } = normalized;
  const drop = dropped(text, (i) => DIGIT.test(text.slice(i + 1, i + 3)), runs);
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
 * `words` (tagged by tagEdges) with each separator read by the dash rule ({@link foldDashItems}): `result — a` and
 * `result—a` read alike. Offsets stay as they are; `words` itself when no separator changes.
 */
export function foldDashSeparators(words: WordSequence): WordSequence {
  const items = foldDashItems(words.items);
  return items === words.items ? words : { items, start: words.start, end: words.end };
}

/**
 * Items (tokens and separators, tagged by tagEdges or not) with each separator read by the dash rule ({@link dropped}).
 * Tokens and their tags stay as they are, so the signs and glue tagEdges read from the text as written still count.
 * `items` itself when no separator changes; reading items so read again changes nothing.
 */
export function foldDashItems<T extends readonly string[]>(items: T): T | string[] {
  let folded: string[] | null = null;
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!;
    if (!item.startsWith(SEPARATOR) || !item.includes('-')) continue;
    const next = items[k + 1] ?? '';
    const token = next.includes(TAG) ? next.slice(next.indexOf(TAG) + 1) : next;
    const drop = dropped(item, (i) =>
      i + 1 < item.length ? DIGIT.test(item.slice(i + 1, i + 3)) : DIGIT.test(token),
    );
    if (drop === null) continue;
    let out = '';
    for (let i = 0; i < item.length; i++) if (drop[i] !== 1) out += item[i];
    folded ??= items.slice();
    folded[k] = out;
  }
  return folded ?? items;
}
