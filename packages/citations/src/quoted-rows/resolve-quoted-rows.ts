import { checkArgument, InvalidArgumentError, isOptional } from '@gk/internal';
import { parseHandle } from './create-handles.js';
import { firstAtLeast } from '../provider/first-at-least.js';
import type { RejectedRow } from '../decode/decode-rows.js';
import { readOptions } from '../decode/read-options.js';
import { locateWithSigns, PassageIndex, searchItems } from '../verify/passage-index.js';
import { unmatchedBidiControl } from '../verify/unmatched-bidi-control.js';
import { createQuoteLocator } from '../text/locate-quote.js';
import { normalizeWithMap } from '../text/normalize-text.js';
import { FILLER } from '../verify/quotation-marks.js';
import { signsBeside } from '../text/signs-beside.js';
import { tagEdges } from '../text/tag-edges.js';
import { SEPARATOR, type WordSequence, wordSequence } from '../text/word-sequence.js';
import type { Citation, Passage, Span } from '../types.js';
import { assertPassages } from '../verify/invalid-passage-error.js';
import { refuseUnreadable } from '../verify/refuse-unreadable.js';

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** The two fields a quoted row must carry: the passage handle and the quoted text. */
export interface QuotedRowFields {
  handle: string;
  quote: string;
}

/** An accepted quoted row: its index, the row as decoded, and the citation built from the located quote. */
export interface ResolvedQuotedRow<T> {
  index: number;
  row: T;
  citation: Citation;
}

/** Options for {@link resolveQuotedRows}. */
export interface ResolveQuotedRowsOptions {
  /** Compare a quote's letters case-insensitively, as `verifyAnswer` compares a quotation's; off by default. */
  ignoreCase?: boolean;
}

/** Rows whose quote was found in the passage their handle names, and the rest with reasons. */
export interface ResolveQuotedRowsResult<T> {
  accepted: Array<ResolvedQuotedRow<T>>;
  rejected: RejectedRow[];
}

/**
 * Turns decoded `{ handle, quote }` rows into citations: a handle that was not handed out for `passages` is
 * `unknown_handle`; a quote not found in that passage as `verifyAnswer` finds a quotation is `quote_not_found`:
 * its words, the separators between them and the edges of its first and last word must all match (a quote may
 * neither drop nor add a sign beside a word or number, `-40`, `20%`, `$20`, nor be cut out of a word or number the
 * passage glues, `non-toxic`, `1,500`, `0.5`); a quote without a letter or digit is never found. Unlike
 * `verifyAnswer`, case counts unless `ignoreCase` is set. A survivor's citation spans the located words with the
 * signs beside them (`verifyAnswer`'s span), and the punctuation the quote holds before its first word or after its
 * last where the passage has the same there, in document coordinates (`passage.start` + local offset); its `source`
 * is the handle's number. Rows keep their index in `rows`.
 */
export function resolveQuotedRows<T extends QuotedRowFields>(
  rows: readonly T[],
  passages: readonly Passage[],
  options: ResolveQuotedRowsOptions = {},
): ResolveQuotedRowsResult<T> {
  const length = readLength(rows);
  const list = assertPassages(passages);
  const ignoreCase = readIgnoreCase(options); // every option checked before any work
  const { indexed, holes } = readRows(rows, length);
  const result = resolveIndexedQuotedRows(indexed, list, { ignoreCase });
  if (holes.length > 0) result.rejected = [...result.rejected, ...holes].sort((a, b) => a.index - b.index);
  return result;
}

/** The length of `rows`; an InvalidArgumentError for no array, or one that throws when read (a Proxy's). */
function readLength(rows: readonly unknown[]): number {
  let length: number;
  try {
    length = Array.isArray(rows) ? rows.length : -1;
  } catch (cause) {
    refuseUnreadable(cause, 'rows', 'an array of decoded rows');
  }
  if (length < 0) {
    throw new InvalidArgumentError({
      parameter: 'rows',
      expected: 'an array of decoded rows',
      received: rows,
    });
  }
  return length;
}

/**
 * Each of the `length` rows with its index, and a rejection for each run of holes in a sparse array (read as
 * `undefined` is, but once per run: a sparse array declares a length, up to 2^32 - 1, that nothing fills, and walking
 * it would cost that much time). An item that throws when read is refused later.
 */
function readRows<T>(
  rows: readonly T[],
  length: number,
): {
  indexed: Array<{ index: number; row: T }>;
  holes: RejectedRow[];
} {
  const indexed: Array<{ index: number; row: T }> = [];
  const holes: RejectedRow[] = [];
  let held: number[] | undefined; // the indexes a sparse array holds, once a hole is met
  for (let index = 0; index < length; index++) {
    let row: T | undefined;
    try {
      row = rows[index];
      if (row !== undefined || index in rows) {
        indexed.push({ index, row: row as T });
        continue;
      }
    } catch {
      indexed.push({ index, row: unreadable as T });
      continue;
    }
    if (held === undefined) {
      held = []; // kept if listing the keys throws (a Proxy): the rest is then one run
      try {
        held = Object.keys(rows)
          .map(Number)
          .filter((key) => Number.isSafeInteger(key) && key > index && key < length)
          .sort((a, b) => a - b);
      } catch {}
    }
    const next = held[firstAtLeast(held, index + 1)] ?? length;
    holes.push({
      index,
      code: 'unknown_handle',
      message:
        next === index + 1
          ? `Row ${index} is a hole in a sparse array; expected a row there.`
          : `Rows ${index} to ${next - 1} are holes in a sparse array; expected a row at each index.`,
    });
    index = next - 1;
  }
  return { indexed, holes };
}

/** `options.ignoreCase`, read once and checked (see readOptions). */
function readIgnoreCase(options: ResolveQuotedRowsOptions): boolean | undefined {
  const { ignoreCase } = readOptions(options, ['ignoreCase']);
  checkArgument(isOptional(ignoreCase, 'boolean'), 'options.ignoreCase', 'a boolean', ignoreCase);
  return ignoreCase as boolean | undefined;
}

/** Stands for a row that threw when read: rejected as unreadable, never read again. */
const unreadable = Symbol('unreadable');

/** {@link resolveQuotedRows} for rows that already carry their index in the model's array. */
export function resolveIndexedQuotedRows<T extends QuotedRowFields>(
  rows: ReadonlyArray<{ index: number; row: T }>,
  passages: readonly Passage[],
  options: ResolveQuotedRowsOptions,
): ResolveQuotedRowsResult<T> {
  const ignoreCase = readIgnoreCase(options);
  const accepted: Array<ResolvedQuotedRow<T>> = [];
  const rejected: RejectedRow[] = [];
  // One search per passage, built when a row first quotes it and shared by every row that does.
  const searches = new Map<number, QuoteSearch>();
  for (const { index, row } of rows) {
    // Each field read once (a getter cannot show the check one quote and the citation another); a row that throws
    // while read (a getter, a Proxy of the caller's) is refused with a code, as one that names no handle.
    let fields: Partial<QuotedRowFields> | undefined;
    try {
      if (row !== (unreadable as unknown)) {
        const { handle, quote } = (row ?? {}) as Partial<QuotedRowFields>;
        fields = { handle, quote };
      }
    } catch {}
    if (fields === undefined) {
      rejected.push({
        index,
        code: 'unknown_handle',
        message: `Row ${index} could not be read (reading one of its fields threw).`,
      });
      continue;
    }
    // A row comes from a model: anything that is not an object names no handle and is rejected as such.
    const source = parseHandle(fields.handle, passages.length);
    const passage = source === undefined ? undefined : passages[source - 1];
    if (source === undefined || passage === undefined) {
      rejected.push({
        index,
        code: 'unknown_handle',
        message:
          passages.length === 0
            ? `Row ${index} names a handle that was not handed out; no passages were handed out.`
            : `Row ${index} names a handle that was not handed out; expected one of S1…S${passages.length}.`,
      });
      continue;
    }
    const { quote } = fields;
    const length = typeof quote === 'string' ? quote.length : 0;
    // A letter the reading takes for no word (`ʼ`, read as an apostrophe; a Hangul filler, invisible) leaves none.
    const words =
      typeof quote === 'string' && LETTER_OR_DIGIT.test(quote) ? readQuote(quote, ignoreCase === true) : null;
    if (typeof quote !== 'string' || words === null) {
      rejected.push({
        index,
        code: 'quote_not_found',
        message:
          typeof quote === 'string'
            ? `Row ${index} quotes no letter or digit (${length} characters); expected words of passage S${source}.`
            : `Row ${index} quotes text (0 characters) that is not in passage S${source}.`,
      });
      continue;
    }
    let search = searches.get(source);
    if (search === undefined) {
      search = quoteSearch(passage, ignoreCase === true);
      searches.set(source, search);
    }
    // Located, a quote is compared without invisible characters, yet `row` carries them as written: a bidi control
    // that reorders what the quote shows (as `verifyAnswer` refuses it in a quotation) and tag characters (text no
    // reader sees, yet a model reading the row does) are refused unless the passage writes them there too.
    const hidden = unmatchedBidiControl(quote, search.holds) ?? unmatchedTags(quote, search.holds);
    if (hidden !== null) {
      rejected.push({
        index,
        code: 'quote_not_found',
        message: `Row ${index} quotes text (${length} characters) holding U+${hidden.codePointAt(0)!.toString(16).toUpperCase()}, an invisible character that changes what it shows or carries text no reader sees, where passage S${source} does not; expected such characters only as the passage writes them, with the text around them.`,
      });
      continue;
    }
    const located = search.find(words.tagged, words.lead, words.trail);
    if (located === null) {
      const what = `Row ${index} quotes text (${length} characters) that`;
      rejected.push({
        index,
        code: 'quote_not_found',
        message: search.hasWords(words.plain)
          ? `${what} occurs in passage S${source} only with other signs beside it or cut out of a longer word or number; expected its words with the signs the passage writes beside them (-40, 20%, $20), not part of a word or number it glues (non-toxic, 1,500, 0.5).`
          : search.inWords(quote)
            ? `${what} occurs in passage S${source} only as part of a word; expected whole words of the passage.`
            : `${what} is not in passage S${source}.`,
      });
      continue;
    }
    const span = withPunctuation(passage.text, located, quote, words);
    const citation: Citation = {
      source,
      documentId: passage.documentId,
      chunkId: passage.chunkId,
      start: passage.start + span.start,
      end: passage.start + span.end,
      text: passage.text.slice(span.start, span.end),
    };
    accepted.push({ index, row, citation });
  }
  return { accepted, rejected };
}

/**
 * The first run of tag characters (U+E0000–U+E007F) in `quote` the passage does not hold with the code point on either
 * side, or null. Read by a loop, not by a regex `[\u{e0000}-\u{e007f}]+`, which keeps a backtrack entry per character
 * in V8 and overflows its stack on a run of millions.
 */
function unmatchedTags(quote: string, holds: (part: string) => boolean): string | null {
  for (let i = 0; i < quote.length; i++) {
    if (!isTagAt(quote, i)) continue;
    let end = i + 2;
    while (isTagAt(quote, end)) end += 2;
    const run = quote.slice(i, end);
    if (!holds(codePointBefore(quote, i) + run + codePointAt(quote, end))) return run;
    i = end - 1;
  }
  return null;
}

/** Whether a tag character (a pair of U+DB40 and U+DC00–U+DC7F) starts at `i`. */
const isTagAt = (text: string, i: number): boolean =>
  text.charCodeAt(i) === 0xdb40 && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdc7f;

/** The code point that ends at `i` ('' at the start): a surrogate pair whole, a lone surrogate alone. */
function codePointBefore(text: string, i: number): string {
  const low = text.charCodeAt(i - 1);
  const high = text.charCodeAt(i - 2);
  const pair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return text.slice(Math.max(0, i - (pair ? 2 : 1)), i);
}

/** The code point that starts at `i` ('' at the end): a surrogate pair whole, a lone surrogate alone. */
const codePointAt = (text: string, i: number): string =>
  i < text.length ? String.fromCodePoint(text.codePointAt(i)!) : '';

/** A row's quote read as `verifyAnswer` reads a quotation, from its first word to its last. */
interface QuoteWords {
  /** Its words and the separators between them, each word tagged with its edges: what is located. */
  tagged: string[];
  /** The same without the edges (to say why a quote was not found). */
  plain: string[];
  /** Where its first word starts and its last one ends in the quote, the signs beside and before them included. */
  start: number;
  end: number;
  /** The signs it writes before its first word and after its last ({@link signsBeside}). */
  lead: string[];
  trail: string[];
}

/** `quote` read as words, with case kept unless `ignoreCase`; null when it holds none. */
function readQuote(written: string, ignoreCase: boolean): QuoteWords | null {
  // A Hangul filler shows as a space, as verifyAnswer reads it in a quotation: `the\u3164rapist` is no `therapist`.
  const quote = written.replace(FILLER, ' ');
  const words = wordSequence(quote);
  const { items } = words;
  let first = 0;
  let last = items.length - 1;
  while (first < items.length && items[first]!.startsWith(SEPARATOR)) first++;
  if (first === items.length) return null;
  while (items[last]!.startsWith(SEPARATOR)) last--;
  const tagged = tagEdges(quote, words);
  const cased = ignoreCase ? [] : wordSequence(quote, { keepCase: true }).items;
  const keyed = (list: string[]): string[] =>
    (ignoreCase ? list : withCase(cased, words, list)).slice(first, last + 1);
  const lead = signsBeside(quote, tagged.start[first]!, -1);
  const trail = signsBeside(quote, tagged.end[last]!, 1);
  return {
    tagged: keyed(tagged.items),
    plain: keyed(items),
    start: lead.at,
    end: trail.at,
    lead: lead.signs,
    trail: trail.signs,
  };
}

/** What the rows quoting one passage look it up with. */
interface QuoteSearch {
  /**
   * Where a quote's tagged words occur in the passage with the same edges and the signs `lead` and `trail` beside
   * them (the span takes in the signs), or null.
   */
  find(items: readonly string[], lead: readonly string[], trail: readonly string[]): Span | null;
  /** Whether a quote's words occur in the passage, edges aside. */
  hasWords(items: readonly string[]): boolean;
  /** Whether a quote occurs in the passage at all, inside words too. */
  inWords(quote: string): boolean;
  /** Whether `part` occurs in the passage exactly as written, invisible characters included. */
  holds(part: string): boolean;
}

/**
 * The search of `passage` for quotes: case-insensitively the passage's own {@link PassageIndex}, as `verifyAnswer`
 * builds it; with case, the same words and edges, each word that is not written in lower case keyed with its written
 * form too. Each part is built on first use, in time linear in the passage, and a look-up then costs time linear in
 * the quote (the index's budgeted scans, then a suffix automaton).
 */
function quoteSearch(passage: Passage, ignoreCase: boolean): QuoteSearch {
  const { text } = passage;
  const index = new PassageIndex(passage);
  let locator: ((quote: string) => Span | null) | undefined;
  const inWords = (quote: string): boolean => {
    locator ??= createQuoteLocator(text, { ignoreCase });
    return locator(quote) !== null;
  };
  const holds = (part: string): boolean => index.holds(part);
  if (ignoreCase) {
    return {
      find: (items, lead, trail) => index.locateQuotation(items, lead, trail),
      hasWords: (items) => index.locate(items) !== null,
      inWords,
      holds,
    };
  }
  let cased: string[] | undefined; // the passage's words with their case
  const casedWords = (): string[] => {
    cased ??= wordSequence(text, { keepCase: true }).items;
    return cased;
  };
  let plain: ((items: readonly string[]) => number) | undefined;
  const plainSearch = (): ((items: readonly string[]) => number) => {
    plain ??= searchItems(withCase(casedWords(), index.words, index.words.items));
    return plain;
  };
  let edges: WordSequence | undefined;
  let keys: string[] | undefined;
  let edgeSearch: ((items: readonly string[]) => number) | undefined;
  const budget = { left: 8 * text.length + 1024 };
  return {
    find: (items, lead, trail) => {
      const { words } = index;
      edges ??= tagEdges(text, words);
      // A passage without glued or signed words is searched through its plain words.
      keys ??= withCase(casedWords(), words, edges.items);
      edgeSearch ??= edges === words ? plainSearch() : searchItems(keys);
      return locateWithSigns(text, edges, items, edgeSearch(items), lead, trail, budget, keys);
    },
    hasWords: (items) => plainSearch()(items) !== -1,
    inWords,
    holds,
  };
}

/** Follows the lower-cased form of a word in a key that compares its written form too; normalised text never holds it. */
const CASE = '\u0003';

/**
 * `items` (the items of `words`, or those items tagged) with every word whose written form (`cased`: the same text
 * read by `wordSequence` with `keepCase`, item for item) is not its lower-cased form followed by {@link CASE} and that
 * written form: two keys are equal where the words, their edges and their case are. The written form is read as the
 * words are, so a word a soft hyphen splits at a line break (`in\u00ad\neffective`) is one word with its case too.
 */
function withCase(cased: readonly string[], words: WordSequence, items: string[]): string[] {
  let keyed: string[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const word = words.items[i]!;
    const form = cased[i]!;
    if (form === word || word.startsWith(SEPARATOR)) continue;
    keyed ??= items.slice();
    keyed[i] = `${items[i]}${CASE}${form}`;
  }
  return keyed ?? items;
}

/** A surrogate code unit: punctuation never holds one, paired or lone. */
const SURROGATE = /[\ud800-\udfff]/;

/**
 * `span` (a quote's words located in `text`) widened over the punctuation the quote holds before its first word and
 * after its last one (`cite [7]`, `children.`) where the passage has the same right there, compared as
 * `locateQuote` compares; otherwise `span` itself. Whether a row is accepted never depends on it. The widening stops
 * at a surrogate, as `verifyAnswer`'s citation leaves a lone one at a quotation's edge out: a span never ends on
 * half of a pair, nor takes in the other half of one the quote writes half of.
 */
function withPunctuation(text: string, span: Span, quote: string, words: QuoteWords): Span {
  let { start, end } = span;
  const before = quote.slice(0, words.start);
  const lead = normalizeWithMap(before.slice(lastSurrogate(before) + 1).trimStart()).text;
  if (lead !== '') {
    // A few characters more than the quote's, for what normalisation drops or joins.
    const from = Math.max(0, start - 2 * lead.length - 8);
    const passed = normalizeWithMap(text.slice(from, start));
    const at = passed.text.length - lead.length;
    if (at >= 0 && passed.text.endsWith(lead)) start = from + passed.originalStart[at]!;
  }
  const after = quote.slice(words.end);
  const cut = after.search(SURROGATE);
  const trail = normalizeWithMap((cut === -1 ? after : after.slice(0, cut)).trimEnd()).text;
  if (trail !== '') {
    const next = normalizeWithMap(text.slice(end, Math.min(text.length, end + 2 * trail.length + 8)));
    if (next.text.startsWith(trail)) end += next.originalEnd[trail.length - 1]!;
  }
  return { start, end };
}

/** Where the last surrogate code unit of `part` is, or -1. */
function lastSurrogate(part: string): number {
  for (let i = part.length - 1; i >= 0; i--) if (SURROGATE.test(part[i]!)) return i;
  return -1;
}
