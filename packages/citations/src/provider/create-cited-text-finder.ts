import { type NormalizedText, normalizeWithMap } from '../text/normalize-text.js';
import { createSubstringIndex } from '../text/substring-index.js';
import type { Span } from '../types.js';
import { firstAtLeast } from './first-at-least.js';

/** How many times its own length a document may be searched before it is indexed (as PassageIndex does). */
const SCANS = 8;
const MARK = /\p{M}/u;
const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;
// Scripts written without spaces between words: any two of their characters may be a word boundary.
const SPACELESS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** A whole word of the normalised text (letters, digits and marks of a spaced script), or any other character. */
const ITEM = new RegExp(`(?:(?!${SPACELESS.source})[\\p{L}\\p{N}\\p{M}])+|[^]`, 'gu');

/**
 * Finds cited texts in one document: the first occurrence, after normalising both as `locateQuote` does, that
 * begins and ends on whole characters, lies within `from..to` and, with `whole`, cuts no word; `'part'` when the
 * text occurs there only inside words. The document is normalised once; look-ups search it from an offset. They
 * scan until the scans add up to a few times the document, then read it as whole words from an index (a suffix
 * automaton) in time proportional to the cited text: many citations cost time linear in the document and their
 * texts. From then on only whole-word occurrences are found.
 */
export function createCitedTextFinder(
  text: string,
): (cited: string, from: number, to: number, whole: boolean) => Span | 'part' | null {
  let folded: NormalizedText | undefined;
  let budget = SCANS * text.length + 1024;
  let index: [(items: readonly string[]) => number, number[]] | undefined;
  const found = new Map<string, Span | 'part' | null>();
  return (cited, from, to, whole) => {
    const needle = normalizeWithMap(cited).text.trim();
    const key = `${from}:${to}:${whole}:${needle}`;
    if (needle === '') return null;
    if (found.has(key)) return found.get(key)!;
    folded ??= normalizeWithMap(text);
    const { text: haystack, originalStart, originalEnd } = folded;
    const last = needle.length - 1;
    const span = (at: number): Span => ({ start: originalStart[at]!, end: originalEnd[at + last]! });
    // Begins and ends on whole characters (not inside one character's expansion, not before a combining mark).
    const fits = (at: number): boolean =>
      originalStart[at]! >= from &&
      originalEnd[at + last]! <= to &&
      (at === 0 || originalStart[at - 1] !== originalStart[at]) &&
      (at + last + 1 >= haystack.length ||
        (originalStart[at + last + 1] !== originalStart[at + last] && !MARK.test(haystack[at + last + 1]!)));
    let result: Span | 'part' | null = null;
    let done = false;
    for (let at = firstAtLeast(originalStart, from); !done && budget > 0; at++) {
      const next = haystack.indexOf(needle, at);
      budget -= (next === -1 ? haystack.length : next + needle.length) - at;
      at = next;
      done = at === -1 || originalEnd[at + last]! > to;
      if (!done && fits(at)) {
        done = !whole || !cutsWord(text, span(at));
        result = done ? span(at) : 'part';
      }
    }
    if (!done) {
      // The budget ran out before an answer: the first whole-word occurrence, if the document holds one here.
      if (index === undefined) {
        const items: string[] = [];
        const starts: number[] = [];
        for (const match of haystack.matchAll(ITEM)) {
          items.push(match[0]);
          starts.push(match.index);
        }
        index = [createSubstringIndex(items), starts];
      }
      const item = index[0](needle.match(ITEM)!);
      const at = item === -1 ? -1 : index[1][item]!;
      result = at !== -1 && fits(at) && !cutsWord(text, span(at)) ? span(at) : whole ? 'part' : null;
    }
    found.set(key, result);
    return result;
  };
}

/**
 * Whether a span of `text` starts or ends inside a word (`e` of `Tenants`): it cites part of a word, not text. In a
 * script written without spaces every character boundary may end a word.
 */
function cutsWord(text: string, span: Span): boolean {
  const joined = (char: string): boolean => WORD_CHARACTER.test(char) && !SPACELESS.test(char);
  const inside = (a: number, b: number): boolean => joined(text.charAt(a)) && joined(text.charAt(b));
  return (
    (span.start > 0 && inside(span.start - 1, span.start)) ||
    (span.end < text.length && inside(span.end - 1, span.end))
  );
}
