// Intl.Segmenter decides sentence boundaries, but V8's segment iterator costs time proportional to the input
// length per step, so one long line with many sentences is quadratic. The segmenter therefore only ever sees
// short pieces. A linear pre-pass decides the unambiguous cases of UAX #29 itself (a full stop, closing quotes and
// spaces, then an uppercase letter: boundary; then a lowercase letter or a digit: none; `!`/`?` then spaces:
// boundary; an ideographic full stop: boundary) and hands only pieces with an undecided terminator to the
// segmenter, in bounded windows.

const WINDOW = 512;
const MARGIN = 32; // boundaries this close to a window's end may depend on text past it: decided next window
/** Characters that may end a sentence (UAX #29 STerm, which holds the full stops of ATerm too). */
export const TERMINATOR = /\p{Sentence_Terminal}/u;
/** The characters the scan below looks at: ASCII terminators and anything outside ASCII. */
const NEXT_CANDIDATE = /[!.?\u0080-\uffff]/g;
const UPPER = /\p{Lu}/u;
/** A letter or a sentence terminator: where the look-ahead of UAX #29 SB8 stops. */
const RESOLVES = /\p{L}|\p{Sentence_Terminal}/u;
const LETTER = /[\p{L}\p{N}]/u;

// A closing bracket or quotation mark of any script (`}`, `】`, `⟩`, `›`), a straight quote, and `>>` / `≫`,
// look-alikes of `»` that close a quotation.
const CLOSE = /[\p{Pe}\p{Pf}\p{Pi}\u226b]/u;
/** A closing bracket or quotation mark (or a look-alike of `»`) right after a sentence terminator. */
export const isClose = (code: number): boolean =>
  code === 0x22 ||
  code === 0x27 ||
  code === 0x3e ||
  (code < 0x80 ? code === 0x29 || code === 0x5d || code === 0x7d : CLOSE.test(String.fromCharCode(code)));
// Any space separator (thin, narrow no-break, em, figure...) and a tab.
const SPACE_SEPARATOR = /\p{Zs}/u;
const isBlank = (code: number): boolean =>
  code === 0x20 || code === 0x09 || (code >= 0xa0 && SPACE_SEPARATOR.test(String.fromCharCode(code)));
// What a reader never sees (a soft hyphen, a zero-width space or joiner, a word joiner, a BOM, a character
// reference's padding, see maskLine): skipped wherever spaces and closing marks are read. BMP only.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/u;
export const isIgnorable = (code: number): boolean =>
  code >= 0xad && IGNORABLE.test(String.fromCharCode(code));
const isAsciiTerminator = (code: number): boolean => code === 0x2e || code === 0x21 || code === 0x3f;
/** SContinue and STerm after a full stop: a comma, semicolon, colon, `!` or `?` there is no boundary (SB8a). */
const isContinue = (code: number): boolean =>
  code === 0x2c || code === 0x3b || code === 0x3a || code === 0x21 || code === 0x3f;
/**
 * Punctuation after a sentence's end and a space, before a capitalised word: a reader sees a new sentence start at it.
 * UAX #29 (SB8a) joins a dash, comma, colon or semicolon (SContinue) to the sentence before (`cancer. — Water`,
 * `cancer! ; Water`), so the fast path cuts there itself; before other punctuation (`cancer. * Water`) the segmenter
 * cuts at the same place. A terminator is none: its run decides.
 */
const CONTINUING = /(?!\p{Sentence_Terminal})[\p{Pd}\p{Po}]/u;
const DASH = /\p{Pd}/u;
const isLowerAscii = (code: number): boolean => code >= 0x61 && code <= 0x7a;
const isLetterAscii = (code: number): boolean => isLowerAscii(code | 0x20);
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;
const isIdeographicTerminator = (code: number): boolean =>
  code === 0x3002 || code === 0xff01 || code === 0xff1f;
/** The full stops of UAX #29 ATerm besides `.`: a one dot leader, a small and a full-width full stop. */
const isOtherFullStop = (code: number): boolean => code === 0x2024 || code === 0xfe52 || code === 0xff0e;

/**
 * Where the closing marks after a sentence terminator and the spaces after them end (`k`; what a reader never sees
 * is skipped too), and whether a real space is among them.
 */
function closeAndBlanks(text: string, from: number): { k: number; spaced: boolean } {
  const length = text.length;
  let j = from;
  while (j < length && (isClose(text.charCodeAt(j)) || isIgnorable(text.charCodeAt(j)))) j++;
  let k = j;
  let spaced = false;
  for (; k < length; k++) {
    const code = text.charCodeAt(k);
    if (isBlank(code)) spaced = true;
    else if (!isIgnorable(code)) break;
  }
  return { k, spaced };
}

// charCodeAt past the end is NaN, which none of the predicates above accepts; the scans still stop at the end,
// and never read before the start, because reading out of bounds makes V8 throw away the optimised code of the
// whole scan (once per loop, on every run).

/** Start offsets (relative to `text`, first always 0) of the sentences of one line of text. */
export function sentenceStarts(text: string, segmenter: Intl.Segmenter): number[] {
  const starts: number[] = [0];
  const length = text.length;
  let pieceStart = 0;
  let uncertain = false; // the current piece holds a terminator this scan cannot decide: ask the segmenter
  let i = 0;
  while (i < length) {
    const code = text.charCodeAt(i);
    const ideographic = isIdeographicTerminator(code);
    let cut = -1;
    if (ideographic || isAsciiTerminator(code)) {
      const inRun = ideographic ? isIdeographicTerminator : isAsciiTerminator;
      let j = i;
      let strong = ideographic; // `!`, `?` or an ideographic stop: a letter or a digit after it starts a sentence
      while (j < length && inRun(text.charCodeAt(j))) {
        if (text.charCodeAt(j) !== 0x2e) strong = true;
        j++;
      }
      const afterRun = j;
      const { k, spaced } = closeAndBlanks(text, afterRun);
      const bare = afterRun === i + 1 && k === afterRun; // one full stop, nothing after it before `next`
      if (k < length) {
        const next = text.charCodeAt(k);
        const continuing = continuingStart(text, k, strong, ideographic || spaced);
        if (continuing !== -1) {
          cut = continuing; // `cancer. — Water`: the dash opens the next sentence
        } else if (strong) {
          // After an ideographic stop no space is needed.
          if ((ideographic || spaced) && LETTER.test(text[k]!)) cut = k;
          else uncertain = true;
        } else if (spaced && UPPER.test(text[k]!)) {
          cut = k; // full stop, spaces, uppercase: UAX #29 SB11
        } else if (isLowerAscii(next) || isContinue(next) || (bare && isDigit(next))) {
          // lowercase next (SB8), a comma, semicolon or colon next (SB8a) or a decimal point (SB6): no boundary
        } else if (!(bare && isLetterAscii(next) && i > 0 && isLetterAscii(text.charCodeAt(i - 1)))) {
          uncertain = true; // "U.S" / "x.Y" (SB7) is no boundary; anything else is for the segmenter
        }
      }
      i = k;
    } else {
      // NEL ends a sentence (UAX #29 SB4; formatSources shows it as a line break); another terminator (ASCII and
      // ideographic ones were handled above) is for the segmenter. Then jump over plain ASCII to the next ASCII
      // terminator or non-ASCII character.
      if (code === 0x85) {
        if (i + 1 < length) cut = i + 1;
      } else if (TERMINATOR.test(text[i]!)) {
        // `‼`, `؟`, `।`, `．`: the segmenter decides, but never cuts before a dash (SB8a), so the dash rule is
        // read here as after the terminators above.
        const { k, spaced } = closeAndBlanks(text, i + 1);
        cut = k < length ? continuingStart(text, k, !isOtherFullStop(code), spaced) : -1;
        if (cut === -1) uncertain = true;
      }
      NEXT_CANDIDATE.lastIndex = i + 1;
      i = NEXT_CANDIDATE.test(text) ? NEXT_CANDIDATE.lastIndex - 1 : length;
    }
    if (cut !== -1) {
      if (uncertain) addPiece(starts, text, pieceStart, cut, segmenter);
      starts.push(cut);
      pieceStart = cut;
      uncertain = false;
    }
  }
  if (uncertain) addPiece(starts, text, pieceStart, length, segmenter);
  return starts;
}

/**
 * Where a run of {@link CONTINUING} punctuation at `at`, after a sentence's end, opens a new sentence, or -1: when a
 * capitalised word (after `!`, `?` or an ideographic stop any letter) follows it after spaces, or right after a
 * dash. With no space before the run (`spaced` false), only dashes followed by a space count (`cancer.— Water`, not
 * `U.S.—Mexico` nor `e.g., The`). What a reader never sees (soft hyphens, a character reference's padding, see
 * maskLine; zero-width spaces and joiners) is skipped, and the run starts after that before it. Reads the run and
 * the spaces after it, once per sentence end.
 */
function continuingStart(text: string, at: number, strong: boolean, spaced: boolean): number {
  const length = text.length;
  let start = at;
  while (start < length && isIgnorable(text.charCodeAt(start))) start++;
  let end = start;
  let last = '';
  for (; end < length; end++) {
    const char = text[end]!;
    if (CONTINUING.test(char) && (spaced || DASH.test(char))) last = char;
    else if (!isIgnorable(text.charCodeAt(end))) break;
  }
  let word = end;
  let blank = false;
  for (; word < length; word++) {
    const code = text.charCodeAt(word);
    if (isBlank(code)) blank = true;
    else if (!isIgnorable(code)) break;
  }
  return last !== '' &&
    word < length &&
    (blank || (spaced && DASH.test(last))) &&
    (strong ? LETTER : UPPER).test(text[word]!)
    ? start
    : -1;
}

/** Adds the inner sentence starts of `text[from, to)` found by the segmenter, in bounded windows. */
function addPiece(starts: number[], text: string, from: number, to: number, segmenter: Intl.Segmenter): void {
  let position = from;
  let window = WINDOW;
  for (;;) {
    const end = Math.min(to, position + window);
    const last = end === to;
    let kept = -1;
    for (const { index } of segmenter.segment(text.slice(position, end))) {
      if (index === 0) continue;
      if (!last && index > end - position - MARGIN) break;
      // SB8 looks past spaces, digits and punctuation for a lowercase letter, without limit: a boundary with no
      // letter or terminator after it inside the window may be undone by text past it, so widen the window.
      if (!last && !RESOLVES.test(text.slice(position + index, end))) break;
      starts.push(position + index);
      kept = position + index;
      if (window > WINDOW) break; // a widened window: take one boundary, then go back to small windows
    }
    if (kept === -1) {
      if (last) return;
      window *= 2;
    } else {
      if (last && window === WINDOW) return;
      position = kept;
      window = WINDOW;
    }
  }
}

/**
 * Whether {@link sentenceStarts} starts a sentence at `at` of `text` on its own, without the segmenter, and no
 * text after `at + 1` can change that: a run of full stops (or one with `!` or `?`, or of ideographic stops),
 * closing marks, at least one space, then an uppercase letter (any letter or digit after `!`, `?` or an
 * ideographic stop). Everything before such a start is split as it would be with the rest of the line there.
 */
export function isFastCut(text: string, at: number): boolean {
  if (at >= text.length) return false;
  let j = at;
  while (j > 0 && isBlank(text.charCodeAt(j - 1))) j--;
  if (j === at) return false;
  let afterRun = j;
  while (afterRun > 0 && isClose(text.charCodeAt(afterRun - 1))) afterRun--;
  if (afterRun === 0) return false;
  const last = text.charCodeAt(afterRun - 1);
  if (isIdeographicTerminator(last)) return LETTER.test(text[at]!);
  if (!isAsciiTerminator(last)) return false;
  let strong = false;
  for (let i = afterRun; i > 0 && isAsciiTerminator(text.charCodeAt(i - 1)); i--)
    if (text.charCodeAt(i - 1) !== 0x2e) strong = true;
  return strong ? LETTER.test(text[at]!) : UPPER.test(text[at]!);
}
