import { shownInPlace } from '../text/shown-in-place.js';
import { tagWrittenEdges } from '../text/tag-edges.js';
import { SEPARATOR, type WordSequence, wordSequence } from '../text/word-sequence.js';
import type { Span } from '../types.js';
import { firstAtLeast } from './first-at-least.js';

/** Ends a tagged token the text glues to the next one (see tagEdges); normalised text never holds it. */
const GLUED = '\u0002';

/**
 * A test of the offsets of `text` where a span cuts a word: inside a word or number (`in|effective`, `73|00`), between
 * two the text glues into one (`1,|300`, `non-|toxic`, `can|'t`), or between a number or word and a sign that stands
 * beside it (`-|40`, `20|%`), as {@link tagEdges} reads them for a cited text's words. Returns the words cut (with
 * their signs), or null at a whole word's edge. A script written without spaces is read a character at a time, so
 * every offset between two of its characters is an edge there. The text is read as a page shows it (see
 * shownInPlace): `in&shy;effective`, `in<!-- -->effective` and `in*effective*` are one word, `&minus;40` and `-*40*` a
 * number with its sign, `7&nbsp;300` one number; an offset inside a reference or a tag cuts what it stands in. The text
 * is read once, on the first call; each call after costs a binary search.
 */
export function createWordCuts(text: string): (at: number) => Span | null {
  let raw: WordSequence | undefined;
  let tagged: WordSequence | undefined;
  return (at) => {
    if (at <= 0 || at >= text.length) return null;
    if (raw === undefined) {
      const shown = shownInPlace(text);
      raw = wordSequence(shown);
      tagged = tagWrittenEdges(shown, raw);
    }
    const { items } = raw;
    const words = tagged!;
    const token = (k: number): boolean => k >= 0 && k < items.length && !items[k]!.startsWith(SEPARATOR);
    const here = firstAtLeast(raw.start, at + 1) - 1; // the last item that starts at or before `at`
    for (let k = here - 2; k <= here + 2; k++) {
      if (!token(k)) continue;
      // Inside the word with its signs (tagged offsets take them in): in it, or between it and a sign.
      const whole = { start: words.start[k]!, end: words.end[k]! };
      if (whole.start < at && at < whole.end) return whole;
      // Between it and the next word, glued to it.
      if (words.items[k]!.endsWith(GLUED) && token(k + 2) && raw.end[k]! <= at && at <= raw.start[k + 2]!)
        return { start: whole.start, end: words.end[k + 2]! };
    }
    return null;
  };
}
