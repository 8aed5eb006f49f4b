import type { NormalizedText } from './normalize-text.js';
import { NOT_NUMERAL, type NumeralKind, numeralKind, numeralsApart } from './numeral-kind.js';
import { SOFT_BREAK } from './word-sequence.js';

/** Options for {@link alignWithWords}. */
export interface AlignWithWordsOptions {
  /** Mark where two numerals side by side are two numbers ({@link NUMERAL_BREAK}). */
  numerals: boolean;
}

/** Stands between two numerals `wordSequence` reads as two numbers; normalised text never holds it. */
export const NUMERAL_BREAK = '\u0004';

// What a word is made of, as `wordSequence` reads it: a soft hyphen at a line break after one joins a word.
const WORD = /(?!\u02bc)[\p{L}\p{N}\p{M}]/u;

/**
 * `normalized` (`text` normalised by `normalizeWithMap`) read as `wordSequence` reads words: the white space of a soft
 * hyphen at a line break after a word is dropped (`in\u00ad\neffective` reads `ineffective`), and with `numerals` a
 * {@link NUMERAL_BREAK} (mapped to no text, where the second numeral starts) stands between two numerals of different
 * forms (`①500` reads `1\u0004500`, `⑩²` `10\u00042`; see `numeralsApart`). `normalized` itself when neither occurs.
 * Linear.
 */
export function alignWithWords(
  normalized: NormalizedText,
  text: string,
  options: AlignWithWordsOptions,
): NormalizedText {
  const { originalStart, originalEnd } = normalized;
  const units = normalized.text;
  const size = units.length;
  const keep: number[] = []; // the units kept, with -1 for a break before the next one
  let changed = false;
  let previous: NumeralKind = NOT_NUMERAL;
  for (let u = 0; u < size; u++) {
    const at = originalStart[u]!;
    if (units[u] === ' ' && u > 0 && text.charCodeAt(at - 1) === 0xad && isSoftBreak(text, u, normalized)) {
      changed = true;
      continue;
    }
    if (options.numerals && at !== originalStart[u - 1]) {
      const kind = numeralKind(text.codePointAt(at)!, String.fromCodePoint(text.codePointAt(at)!));
      if (numeralsApart(previous, kind)) {
        keep.push(-1);
        changed = true;
      }
      previous = kind;
    }
    keep.push(u);
  }
  if (!changed) return normalized;
  const start = new Uint32Array(keep.length);
  const end = new Uint32Array(keep.length);
  let out = '';
  for (let k = 0; k < keep.length; k++) {
    const u = keep[k]!;
    if (u === -1) {
      out += NUMERAL_BREAK;
      start[k] = originalStart[keep[k + 1]!]!;
      end[k] = start[k]!;
    } else {
      out += units[u];
      start[k] = originalStart[u]!;
      end[k] = originalEnd[u]!;
    }
  }
  return { text: out, originalStart: start, originalEnd: end };
}

/**
 * Whether space unit `u` of `normalized` is the white space of a soft hyphen at a line break (written right after the
 * hyphen, to the next word), after a word: as `wordSequence` joins the halves.
 */
function isSoftBreak(text: string, u: number, normalized: NormalizedText): boolean {
  const { originalStart, originalEnd } = normalized;
  SOFT_BREAK.lastIndex = originalStart[u]! - 1;
  return (
    SOFT_BREAK.test(text) &&
    SOFT_BREAK.lastIndex === originalEnd[u] &&
    WORD.test(String.fromCodePoint(text.codePointAt(originalStart[u - 1]!)!))
  );
}
