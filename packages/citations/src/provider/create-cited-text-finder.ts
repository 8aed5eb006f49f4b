import { StringMap } from '@gk/internal';
import { type NormalizedText, normalizeWithMap } from '../text/normalize-text.js';
import { signsBeside } from '../text/signs-beside.js';
import { tagEdges } from '../text/tag-edges.js';
import {
  indexOfItems,
  SEPARATOR,
  trimSeparators,
  type WordSequence,
  wordSequence,
} from '../text/word-sequence.js';
import { locateWithSigns, searchItems } from '../verify/passage-index.js';
import type { Span } from '../types.js';
import { firstAtLeast } from './first-at-least.js';

/** How many times its own length a document may be scanned for messages alone (see `occurs`). */
const SCANS = 8;
/** Follows the lower-cased form of a word in a key that compares its written form too; normalised text never holds it. */
const CASE = '\u0003';

/** Where a cited text's words lie in one document. */
export interface CitedTextPlace {
  /** The first place within the range asked for, or null. */
  span: Span | null;
  /** The first place in the whole document, or null. */
  first: Span | null;
}

/** A cited text read as words (see readCited), to share between the finders of several documents. */
export interface CitedText {
  pattern: string[];
  lead: string;
  trail: string;
  signs: [lead: string[], trail: string[]];
}

/** The cited-text search of one document (see {@link createCitedTextFinder}). */
export interface CitedTextFinder {
  /** Where `cited` (which holds a letter or digit) occurs within `from..to` of the document, and where it first occurs in it. */
  find(cited: string, from: number, to: number): CitedTextPlace;
  /**
   * Whether the document's text right before `span`, past the spaces there, ends with `before`, and the text right
   * after it, past the spaces there, starts with `after`, both as normalised for matching (case kept); an empty
   * run asks nothing. Reads the two runs' length.
   */
  adjoins(span: Span, before: string, after: string): boolean;
  /**
   * Whether `cited` occurs in the document at all once normalised, inside words too (for messages only); undefined
   * once the document's scanning budget is spent.
   */
  occurs(cited: string): boolean | undefined;
}

/**
 * Finds cited texts in one document as `verifyAnswer` finds a quotation and quoted rows a quote: the cited text and
 * the document read as words ({@link wordSequence}), each word tagged with its edges ({@link tagEdges}: the signs
 * beside it, and whether it is glued to the next or previous word or number) and keyed with its case; the cited
 * text's words, the separators between them and the edges of its first and last word must all match. A cited text
 * cut out of a word (at a character normalisation drops too), out of a glued word or number (`toxic` from
 * `non-toxic`, `500` from `1,500`) or without a sign it stands beside (`40` of `-40`, `20` of `20%`) is not found.
 * The span found takes in those signs, and is widened over the punctuation the cited text has before its first word
 * or after its last one where the document has the same right there.
 *
 * The document is read once; a look-up searches its words (budgeted scans, then a suffix automaton) in time
 * proportional to the cited text, so many citations cost time linear in the document and their texts. Within a
 * range, the first occurrence in the document is used when it lies there; only when it lies before the range is the
 * range's own words scanned (time proportional to the range). No answer depends on what was looked up before.
 */
export function createCitedTextFinder(
  text: string,
  read: StringMap<CitedText> = new StringMap(),
): CitedTextFinder {
  let words: WordSequence | undefined;
  let items: string[] = [];
  let search: (items: readonly string[]) => number;
  let folded: NormalizedText | undefined;
  let budget = SCANS * text.length + 1024;
  const signBudget = { left: budget };
  // Keyed by cited text in StringMaps: strings past 16,383 units of one length all collide in a Map.
  const found = new StringMap<CitedTextPlace>();
  const fold = (): NormalizedText => (folded ??= normalizeWithMap(text));
  const find = (cited: string, from: number, to: number): CitedTextPlace => {
    const key = `${from}:${to}:${cited}`;
    let place = found.get(key);
    if (place !== undefined) return place;
    if (words === undefined) {
      const plain = wordSequence(text);
      words = tagEdges(text, plain);
      items = keyed(text, plain, words.items);
      search = searchItems(items);
    }
    const { start, end } = words;
    // A cited text is read once, however many documents (an id's chunks) it is looked for in.
    if (!read.has(cited)) read.set(cited, readCited(cited));
    const { pattern, lead, trail, signs } = read.get(cited)!;
    const last = (at: number): number => end[at + pattern.length - 1]!;
    let at = search(pattern);
    const first = at < 0 ? null : { start: start[at]!, end: last(at) };
    if (first !== null && first.start < from) {
      // It first occurs before the range: scan the range's own words.
      const low = firstAtLeast(start, from);
      at = indexOfItems(items.slice(low, firstAtLeast(end, to + 1)), pattern);
      at = at < 0 ? at : low + at;
    }
    // The signs the cited text writes beside its first and last word must stand there in the document too.
    let span =
      at < 0 ? null : locateWithSigns(text, words, pattern, at, signs[0], signs[1], signBudget, items);
    if (span !== null && (span.start < from || span.end > to)) span = null;
    if (span !== null) {
      // Widened over the cited text's punctuation at its ends where the document has the same, within the range.
      const { text: normal, originalStart, originalEnd } = fold();
      const i = firstAtLeast(originalStart, span.start) - lead.length;
      if (lead !== '' && i >= 0 && normal.startsWith(lead, i) && originalStart[i]! >= from)
        span.start = originalStart[i]!;
      const j = firstAtLeast(originalStart, span.end);
      const k = j + trail.length - 1;
      if (trail !== '' && normal.startsWith(trail, j) && originalEnd[k]! <= to) span.end = originalEnd[k]!;
    }
    place = { span, first };
    found.set(key, place);
    return place;
  };
  const occurs = (cited: string): boolean | undefined => {
    const needle = normalizeWithMap(cited).text.trim();
    if (budget < text.length) return undefined;
    budget -= text.length + needle.length;
    return fold().text.includes(needle);
  };
  const adjoins = (span: Span, before: string, after: string): boolean => {
    if (before === '' && after === '') return true;
    const { text: normal, originalStart } = fold();
    if (before !== '') {
      const run = normalizeWithMap(before).text;
      const i = firstAtLeast(originalStart, span.start) - 1; // the space before the span, normalised
      if (normal[i] !== ' ' || i < run.length || !normal.startsWith(run, i - run.length)) return false;
    }
    if (after !== '') {
      const run = normalizeWithMap(after).text;
      const j = firstAtLeast(originalStart, span.end); // the space after it
      if (normal[j] !== ' ' || !normal.startsWith(run, j + 1)) return false;
    }
    return true;
  };
  return { find, occurs, adjoins };
}

/**
 * A cited text read as words: from its first word to its last one, tagged and keyed as the document is, the signs
 * beside them ({@link signsBeside}), and the punctuation before and after those, normalised. It holds a word: a cited text without one is refused before.
 */
function readCited(cited: string): CitedText {
  const plain = wordSequence(cited);
  const words = tagEdges(cited, plain);
  const items = keyed(cited, plain, words.items);
  const pattern = trimSeparators(items);
  const first = items.findIndex((item) => !item.startsWith(SEPARATOR));
  const before = signsBeside(cited, words.start[first]!, -1);
  const after = signsBeside(cited, words.end[first + pattern.length - 1]!, 1);
  return {
    pattern,
    lead: normalizeWithMap(cited.slice(0, before.at).trimStart()).text,
    trail: normalizeWithMap(cited.slice(after.at).trimEnd()).text,
    signs: [before.signs, after.signs],
  };
}

/**
 * `items` (the items of `words`, read from `text`, or those items tagged) with every word whose written form (read as
 * `wordSequence` reads it with `keepCase`: `Exam\u00ad\nple` is `Example`, `10\u200b²` is `10²`) is not its lower-cased
 * form followed by {@link CASE} and that written form: two keys are equal where the words, their edges and their case
 * are. A word a soft hyphen joins across a block or page boundary is read whole here; checkProviderCitation refuses a
 * place that holds one.
 */
function keyed(text: string, words: WordSequence, items: string[]): string[] {
  return items.map((item, i) => {
    const word = words.items[i]!;
    const written = text.slice(words.start[i], words.end[i]);
    if (word.startsWith(SEPARATOR) || written === word) return item;
    // Its written form read as a word on its own: a soft hyphen at a line break joins it, an exponent stays itself.
    const alone = wordSequence(written, { keepCase: true }).items;
    const form = alone.length === 1 ? alone[0]! : normalizeWithMap(written).text;
    return form === word ? item : `${item}${CASE}${form}`;
  });
}
