// Where a span of a text may start or end: never inside a run of code points shown as one character (a UAX #29
// extended grapheme cluster), read by the rules of UAX #29 that join code points, each looking one code point to either
// side, and the flag pairs counted once over the text. `Intl.Segmenter` is not used: V8's grapheme iterator costs time
// proportional to the rest of the input per step, so asking it at many places in a long text is quadratic.

/**
 * Joins to what is before it (GB9, GB9a): a combining, spacing or enclosing mark, the Thai and Lao vowel signs AM
 * (spacing marks written as letters), an emoji modifier, ZWNJ, ZWJ, a tag.
 */
const EXTEND = /[\p{M}\p{Emoji_Modifier}\u0e33\u0eb3\u200c\u200d\u{e0020}-\u{e007f}]/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
/** Joins to what is after it (GB9b): the prepended concatenation marks (Grapheme_Cluster_Break=Prepend). */
const PREPEND =
  /[\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u{110bd}\u{110cd}\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}]/u;
/** A virama that joins two consonants into one conjunct (GB9c, Indic_Conjunct_Break=Linker). */
const LINKER = /[\u094d\u09cd\u0acd\u0b4d\u0c4d\u0d4d]/;
const LETTER = /\p{L}/u;

const isRegionalIndicator = (code: number): boolean => code >= 0x1f1e6 && code <= 0x1f1ff;

/** The Hangul syllable type of a code point (GB6–GB8): 0 none, 1 L, 2 V, 3 T, 4 LV, 5 LVT. */
function hangul(code: number): number {
  if ((code >= 0x1100 && code <= 0x115f) || (code >= 0xa960 && code <= 0xa97c)) return 1;
  if ((code >= 0x1160 && code <= 0x11a7) || (code >= 0xd7b0 && code <= 0xd7c6)) return 2;
  if ((code >= 0x11a8 && code <= 0x11ff) || (code >= 0xd7cb && code <= 0xd7fb)) return 3;
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28 === 0 ? 4 : 5;
  return 0;
}

/** Whether Hangul jamo `before` and `after` belong to one syllable. */
function joinsHangul(before: number, after: number): boolean {
  if (before === 1) return after === 1 || after === 2 || after === 4 || after === 5;
  if (before === 2 || before === 4) return after === 2 || after === 3;
  return (before === 3 || before === 5) && after === 3;
}

/**
 * A test of the offsets of `text` where a span may start or end: the text's ends, and every place between two
 * characters as they are shown. Not one inside a surrogate pair, before a mark, modifier or joiner, after a prepended
 * mark, inside a ZWJ emoji sequence, a Hangul syllable written in jamo, a flag (a pair of regional indicators), a
 * CR LF or a conjunct joined by a virama. Each call looks at the code point on either side; the first between two
 * regional indicators finds the runs of them over the whole text once (see flagRuns, shared with the tests built
 * over the same text since), so any number of calls, on one test or on many, costs time linear in the text.
 */
export function clusterEdges(text: string): (index: number) => boolean {
  let runs: Int32Array | undefined; // where each run of two regional indicators or more starts
  return (index) => {
    if (index <= 0 || index >= text.length) return true;
    const before = text.charCodeAt(index - 1);
    const after = text.charCodeAt(index);
    if (before < 0x300 && after < 0x300) return before !== 13 || after !== 10;
    if (after >= 0xdc00 && after <= 0xdfff && before >= 0xd800 && before <= 0xdbff) return false;
    const next = text.codePointAt(index)!;
    if (EXTEND.test(String.fromCodePoint(next))) return false;
    const last = before >= 0xdc00 && before <= 0xdfff && index >= 2 ? text.codePointAt(index - 2)! : before;
    const previous = last > 0xffff ? last : before;
    if (previous === 0x200d && PICTOGRAPH.test(String.fromCodePoint(next))) return false;
    const previousCharacter = String.fromCodePoint(previous);
    if (PREPEND.test(previousCharacter)) return false;
    if (LINKER.test(previousCharacter) && LETTER.test(String.fromCodePoint(next))) return false;
    if (joinsHangul(hangul(previous), hangul(next))) return false;
    if (isRegionalIndicator(previous) && isRegionalIndicator(next)) {
      // A run pairs from its start: the offset is inside a flag after an odd number of regional indicators.
      runs ??= flagRuns(text);
      return (index - runs[lastAtMost(runs, index - 2)]!) % 4 === 0;
    }
    return true;
  };
}

/** How many texts' runs {@link flagRuns} keeps: a few documents cited in turn by one answer. */
const KEPT_TEXTS = 8;
/** The runs of regional indicators of the texts last asked about, the latest last. */
const keptRuns = new Map<string, Int32Array>();

/**
 * The starts of the runs of two regional indicators or more of `text`, found once per text and kept for the
 * {@link KEPT_TEXTS} texts last asked about: `resolveCitation` builds a test per citation, and many citations
 * starting inside one long run of flags would each count it again (time quadratic in the document). The look-up
 * costs constant time for the same string and no more than a count for another one (a string compares in time
 * linear in its length at most, as a count reads it).
 */
function flagRuns(text: string): Int32Array {
  let runs = keptRuns.get(text);
  if (runs === undefined) {
    runs = findFlagRuns(text);
    if (keptRuns.size >= KEPT_TEXTS) keptRuns.delete(keptRuns.keys().next().value!);
  } else {
    keptRuns.delete(text); // moved to the end: the latest
  }
  keptRuns.set(text, runs);
  return runs;
}

/** The UTF-16 offsets where each run of two regional indicators or more starts, in order. */
function findFlagRuns(text: string): Int32Array {
  const starts: number[] = [];
  let run = 0;
  let start = 0;
  for (let index = 0; index < text.length; ) {
    const code = text.codePointAt(index)!;
    const size = code > 0xffff ? 2 : 1;
    if (isRegionalIndicator(code)) {
      if (run === 0) start = index;
      run++;
      if (run === 2) starts.push(start);
    } else {
      run = 0;
    }
    index += size;
  }
  return Int32Array.from(starts);
}

/** The position in ascending `starts` of the last one at most `offset` (one is: the run holding it). */
function lastAtMost(starts: Int32Array, offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}
