import { excerpt } from '@gk/internal';
import type { Citation, Passage, RejectionCode, Span } from '../types.js';
import { openingFence } from '../verify/code-fence.js';
import { parseMarkers } from '../verify/parse-markers.js';
import { PassageIndex } from '../verify/passage-index.js';
import { ANY_MARK, MARKS, referenceMark } from '../verify/quotation-marks.js';
import { checkAnswer, type VerifyOptions } from '../verify/verify-answer.js';
import type { PastIdentifier } from './identifiers-past-claims.js';
import { firstAtLeast } from './first-at-least.js';
import { lastAtMost } from './last-at-most.js';

/** A quotation that reaches past the claims it holds text of, shared by them (see quotationsPastClaims). */
export interface PastQuotation {
  text: string;
  /** Every claim it holds text of (indexes into the claims checked). */
  claims: readonly number[];
}

/** One claim whose provider citations all resolved, with the spans they cite. */
export interface ClaimToCheck {
  text: string;
  citations: readonly Citation[];
  /** Text shown with the claim that it answers for (the link label of an inline citation after it): checked as its own. */
  labels?: readonly string[];
  /**
   * Markers without a URL shown whole after the claim (no readable link: a `【4:0†file.pdf】` tag): checked for what they
   * quote and name, as labels are, but not read for support (a file name is no statement the claim makes).
   */
  markers?: readonly string[];
  /**
   * Quotations that hold some of the claim's text but reach past it (their marks in the uncited text beside it), each
   * one object shared by every claim it holds text of: checked whole against the claim's spans and, in each document
   * the claim cites, the stretch from the first to the last span those claims cite there (a quoted passage cited
   * sentence by sentence); null when there were too many to check (the claim is refused).
   */
  quotations?: readonly PastQuotation[] | null;
  /** Identifiers a reader sees running from the claim into the text beside it (see identifiersPastClaims). */
  identifiers?: readonly PastIdentifier[];
  /** A bidi control outside the claim that reorders some of it (see controlsBesideClaims). */
  control?: string | null;
  /**
   * Where the markers and link labels other citations place stand inside the claim's text (offsets into `text`, in
   * order): a number in brackets there is theirs, any other one the claim shows names no citation.
   */
  placed?: readonly Span[];
}

/** The claim-level checks of `verifyAnswer` that apply to a provider's claims. */
export type ClaimCheckOptions = Pick<VerifyOptions, 'identifiers' | 'support' | 'quotes'>;

type Problem = { code: RejectionCode; message: string };

// A thematic break between the lines: no quotation is read across claims on a layout that does not exist (the answer's
// own are read by quotationsPastClaims), as a blank line alone would let it, and no line's reading costs another's length.
const SEPARATOR = '\n\n---\n\n';
const LINE_BREAKS = /[\n\r\u2028\u2029]/g;
// What a claim or label read on its own answers for: what it quotes, names and reorders.
const PIECE_PROBLEMS = new Set<RejectionCode>(['quote_not_found', 'unknown_identifier', 'unsupported']);
const BLANK = /^\s*$/;

/**
 * Runs the claim checks of `verifyAnswer` (identifiers, direct quotations, optional lexical support, a claim with
 * no statement) on each claim against the spans its citations cite, in one call of `verifyAnswer` itself: each
 * claim becomes one line of a synthetic answer, ending in markers for its cited spans, which become the
 * passages. Null for a claim that passes, else the code and message of the first check it fails.
 */
export function checkProviderClaims(
  claims: readonly ClaimToCheck[],
  documents: readonly Passage[],
  options: ClaimCheckOptions,
): Array<Problem | null> {
  if (claims.length === 0) return [];
  const passages: Passage[] = [];
  const sources: number[] = []; // the document source number behind each synthetic passage
  const numberOf = new Map<string, number>();
  /** The synthetic passage number of a document's span, added on first use. */
  const numberFor = (source: number, start: number, end: number, text: () => string): number => {
    const key = `${source}:${start}:${end}`;
    let n = numberOf.get(key);
    if (n === undefined) {
      const document = documents[source - 1]!;
      passages.push({
        documentId: document.documentId,
        chunkId: document.chunkId,
        start,
        end,
        text: text(),
        ...(document.title === undefined ? {} : { title: document.title }),
        ...(document.uri === undefined ? {} : { uri: document.uri }),
      });
      sources.push(source);
      n = passages.length;
      numberOf.set(key, n);
    }
    return n;
  };
  // Each distinct span is a passage of its own, read whole: the spans' text is held to 8 times the documents' (a few
  // short citations of long overlapping spans would otherwise cost their count times the document); a claim whose new
  // spans would go past it is refused unchecked (`unsupported`), as is any after it that would.
  let spanRoom = 8 * documents.reduce((sum, document) => sum + document.text.length, 0) + 65_536;
  const numbersOf = claims.map(({ citations }): number[] | null => {
    const fresh = new Set<string>();
    let cost = 0;
    for (const { source, start, end, text } of citations) {
      const key = `${source}:${start}:${end}`;
      if (!numberOf.has(key) && !fresh.has(key)) {
        fresh.add(key);
        cost += text.length;
      }
    }
    if (cost > spanRoom) return null;
    spanRoom -= cost;
    return citations.map((c) => numberFor(c.source, c.start, c.end, () => c.text));
  });
  const markers = (numbers: readonly number[]): string => numbers.map((n) => `[${n}]`).join('');
  // The synthetic passage numbers in a message become the documents' source numbers.
  const renumber = (message: string): string =>
    message.replace(/\[(\d+)\]/g, (whole, digits: string) => {
      const source = sources[Number(digits) - 1];
      return source === undefined ? whole : `[${source}]`;
    });
  // One verifyAnswer call over synthetic lines: each line's first rejection, or null. `unnumbered`: a number in brackets
  // a line shows is no synthetic passage's (the claims' own lines, whose numbers the answer shows).
  const check = (lines: string[], lineOptions: VerifyOptions, unnumbered = false): Array<Problem | null> => {
    const found: Array<Problem | null> = lines.map(() => null);
    if (lines.length === 0) return found;
    const starts: number[] = [];
    let at = 0;
    for (const line of lines) {
      starts.push(at);
      at += line.length + SEPARATOR.length;
    }
    const verification = checkAnswer(
      lines.join(SEPARATOR),
      passages,
      { ...lineOptions, unit: 'line', requireCitations: true, ranges: false },
      unnumbered,
    );
    for (const rejected of verification.rejected) {
      // (A claim's own marker was written with fullwidth brackets: shown as written again, not renumbered.)
      const message = renumber(rejected.message)
        .replace(/\uff3b/g, '[')
        .replace(/\uff3d/g, ']');
      for (const span of [rejected.span, ...(rejected.duplicates ?? [])])
        found[lastAtMost(starts, span.start)] ??= { code: rejected.code, message };
    }
    return found;
  };
  // The labels shown with a claim are read with it; a claim past the room is refused on an empty line.
  // A number in brackets the claim shows (a marker the model wrote, `[7]`, or one written as text) names no citation:
  // written as a look-alike, it is forged unless a cited span shows it too. One another citation placed in the claim is
  // that citation's, and the labels' brackets are their links' (`[WHO [2023]](…)`).
  const lines = claims.map(({ text, labels = [], placed = [] }, c) => {
    const numbers = numbersOf[c];
    if (numbers == null) return '';
    const line = [text, ...labels].join(' ');
    const own = labels.length === 0 ? placed : [...placed, { start: text.length, end: line.length }];
    return `${neutralize(line, own)} ${markers(numbers)}`;
  });
  const outcomes = check(lines, options, true);
  numbersOf.forEach((numbers, c) => {
    if (numbers === null)
      outcomes[c] = {
        code: 'unsupported',
        message: `Claim ${quote(claims[c]!.text)} cites spans that, with those of the claims before it, hold more than 8 times the documents' text; not checked.`,
      };
  });
  // And each piece on a line of its own too: joined, a claim and a label can form markup the answer does not have
  // (`<span title=` · `"made up">`, a tag that hides the label's quotation; rt10 #2). Quotations and identifiers
  // only: a label's words are read for support with the claim (a marker's are not), and a piece with no statement
  // (a label `-`) is no problem; the claim's own piece with none is (a label's words stand in for no claim, r14 #2).
  // Each piece's line carries all the claim's markers, so a claim with n markers writes n times n of them (r14 #1):
  // these lines are held to 8 times the lines above, and a claim past that is refused unchecked.
  let pieceRoom = 8 * lines.reduce((sum, line) => sum + line.length, 0) + 65_536;
  const alone: string[] = [];
  const owners: number[] = [];
  const claimLines = new Set<number>(); // the line of each claim's own piece
  claims.forEach(({ text, labels = [], markers: shown = [] }, c) => {
    const numbers = numbersOf[c];
    if (labels.length + shown.length === 0 || numbers == null || outcomes[c] != null) return;
    const pieces = [text, ...labels, ...shown];
    const tail = markers(numbers);
    const cost = pieces.reduce((sum, piece) => sum + piece.length + 1 + tail.length, 0);
    if (cost > pieceRoom) {
      outcomes[c] = {
        code: 'unsupported',
        message: `Claim ${quote(text)} is shown with ${pieces.length - 1} link labels or markers, each read alone with its ${numbers.length} cited spans: with the claims before it, more than 8 times the claims' text; not checked.`,
      };
      return;
    }
    pieceRoom -= cost;
    claimLines.add(alone.length);
    pieces.forEach((piece, k) => {
      const line = neutralize(piece.trim());
      alone.push(`${k > labels.length ? providerMarker(line) : line} ${tail}`);
      owners.push(c);
    });
  });
  check(alone, { identifiers: options.identifiers, quotes: options.quotes }).forEach((problem, k) => {
    if (problem === null) return;
    if (PIECE_PROBLEMS.has(problem.code) || (problem.code === 'empty_claim' && claimLines.has(k)))
      outcomes[owners[k]!] ??= problem;
  });
  // A control beside a claim that reorders it is refused as one in it would be (no passage holds it there).
  // Identifiers that run past a claim into the text beside it: each in one of the spans the claim cites.
  const indexes: PassageIndex[] = [];
  const index = (n: number): PassageIndex => {
    indexes[n - 1] ??= new PassageIndex(passages[n - 1]!);
    return indexes[n - 1]!;
  };
  claims.forEach(({ text, identifiers = [], control }, c) => {
    const numbers = numbersOf[c];
    if (numbers == null) return;
    if (control)
      outcomes[c] ??= {
        code: 'unsupported',
        message: `Claim ${quote(text)} is shown reordered by U+${control.charCodeAt(0).toString(16).toUpperCase()}, a bidi control outside it that no cited span holds; expected bidi controls only inside a claim, as a cited passage writes them.`,
      };
    const past = identifiers.find(
      ({ rule, value }) => !numbers.some((n) => index(n).identifiers(rule).has(value)),
    );
    if (past !== undefined)
      outcomes[c] ??= {
        code: 'unknown_identifier',
        message: `Claim ${quote(text)} is read with ${past.rule.name} ${quote(past.value)}, which stands beside it (an identifier it runs into, or a link whose text it is) and does not occur in its cited sources ${renumber(markers(numbers))}; expected every identifier a reader sees in a claim to come from a cited passage.`,
      };
  });
  if (options.quotes === false) return outcomes;
  // Quotations that reach past their claims, each on a line of its own in marks of a family it does not use, with one
  // passage's marker: each distinct quotation is checked once per passage, whichever of its claims asks, and a claim
  // passes when one of its passages holds it. Per quotation, per document: the stretch its claims cite there, when
  // their spans tile it with nothing but whitespace between them (a quoted passage cited sentence by sentence); null
  // when they leave text uncited, which no citation's offsets would hold (each span is then a passage of its own).
  // Stretches read at most 8 times the documents' text (then null), and quotation lines hold at most 8 times the claims'.
  // Only the holders not already refused build it (a refused claim's spans vouch for nothing, rt10 #3).
  const stretches = new Map<PastQuotation, Map<number, [number, number] | null>>();
  let budget = 8 * documents.reduce((sum, document) => sum + document.text.length, 0) + 65_536;
  const stretchesOf = (quotation: PastQuotation): Map<number, [number, number] | null> => {
    let found = stretches.get(quotation);
    if (found === undefined) {
      const spans = new Map<number, Array<[number, number]>>();
      for (const k of quotation.claims)
        for (const { source, start, end } of outcomes[k] == null ? claims[k]!.citations : []) {
          const list = spans.get(source) ?? [];
          list.push([start, end]);
          spans.set(source, list);
        }
      found = new Map();
      for (const [source, list] of spans) {
        const document = documents[source - 1]!;
        list.sort((a, b) => a[0] - b[0]);
        const start = list[0]![0];
        let end = list[0]![1];
        let tiled = true;
        budget -= list.reduce((most, span) => Math.max(most, span[1]), end) - start;
        for (const [from, to] of list) {
          tiled &&=
            budget >= 0 &&
            (from <= end || BLANK.test(document.text.slice(end - document.start, from - document.start)));
          end = Math.max(end, to);
        }
        found.set(source, tiled ? [start, end] : null);
      }
      stretches.set(quotation, found);
    }
    return found;
  };
  let room = 8 * claims.reduce((sum, claim) => sum + claim.text.length, 0) + 65_536;
  const quoted: string[] = [];
  // Per quotation: its line text (or the problem that keeps it off a line), and its line per passage number.
  const written = new Map<PastQuotation, { line: string | Problem; lines: Map<number, number> }>();
  const asked: Array<[claim: number, lines: number[], quotation: PastQuotation]> = [];
  const notChecked = (text: string): Problem => ({
    code: 'quote_not_found',
    message: `The quotation ${quote(text)} reaches past its claims into more text than can be checked; not checked.`,
  });
  claims.forEach(({ quotations, citations }, c) => {
    if (numbersOf[c] === null) return; // refused above, unread
    if (quotations === null) {
      outcomes[c] ??= {
        code: 'quote_not_found',
        message:
          'Quotations that reach past the claims they hold cover the answer more than 8 times over; not checked.',
      };
    }
    for (const quotation of quotations ?? []) {
      let entry = written.get(quotation);
      if (entry === undefined) {
        const line = neutralize(quotation.text);
        const marks = WRAPPERS.find((pair) => !familiesIn(line).has(MARKS.get(pair.codePointAt(0)!)! >> 3));
        entry = {
          line:
            marks === undefined
              ? {
                  code: 'quote_not_found',
                  message: `The quotation ${quote(quotation.text)} reaches past its claim and mixes too many kinds of quotation marks to be checked.`,
                }
              : `${marks[0]}${line}${marks[1]} `,
          lines: new Map(),
        };
        written.set(quotation, entry);
      }
      const { line, lines } = entry;
      if (typeof line !== 'string') {
        outcomes[c] ??= line;
        continue;
      }
      const stretchOf = stretchesOf(quotation);
      const mine: number[] = [];
      for (const { source, start, end, text } of citations) {
        const stretch = stretchOf.get(source);
        const document = documents[source - 1]!;
        // A span inside a stretch is read in the stretch.
        const n = stretch
          ? numberFor(source, stretch[0], stretch[1], () =>
              document.text.slice(stretch[0] - document.start, stretch[1] - document.start),
            )
          : numberFor(source, start, end, () => text);
        let at = lines.get(n);
        if (at === undefined) {
          room -= quotation.text.length;
          at = room < 0 ? -1 : quoted.push(`${line}[${n}]`) - 1;
          lines.set(n, at);
        }
        mine.push(at);
      }
      asked.push([c, mine, quotation]);
    }
  });
  const results = check(quoted, { quotes: options.quotes, identifiers: [] });
  for (const [c, mine, quotation] of asked) {
    if (mine.some((at) => at >= 0 && results[at] === null)) continue;
    const first = mine.find((at) => at >= 0);
    outcomes[c] ??= first === undefined ? notChecked(quotation.text) : results[first]!;
  }
  return outcomes;
}

const quote = (text: string): string => JSON.stringify(excerpt(text, { length: 80 }));

// Marks of families that only open or only close (no apostrophes, no neighbours deciding), then double marks.
const WRAPPERS = ['\u300c\u300d', '\u300e\u300f', '\u300a\u300b', '""'];

/** The families of the quotation marks `text` writes, as characters or references. */
function familiesIn(text: string): Set<number> {
  const families = new Set<number>();
  for (const found of text.matchAll(ANY_MARK)) {
    const mark = found[2] ? referenceMark(found[2])[0] : MARKS.get(found[0].codePointAt(0)!);
    if (mark !== undefined) families.add(mark >> 3);
  }
  return families;
}

/**
 * The claim as one line that holds no citation marker of its own: line breaks become spaces, the backticks or
 * tildes of a fence it would open become spaces and the `<` of `<!` or `<?` a `(` (a comment, a declaration, a CDATA
 * section or a processing instruction would hide the lines after it), and the brackets of anything `parseMarkers` reads
 * as a marker become parentheses, each one character for one. With `placed` (a claim's own line), a marker's brackets
 * outside those spans become fullwidth ones, so the look-alike rule reads the number it shows; inside them, a marker
 * another citation placed is read as one shown whole ({@link providerMarker}).
 */
function neutralize(text: string, placed?: readonly Span[]): string {
  // `<!--`, `<!x…`, `<![CDATA[` and `<?` open markup that hides everything to its closer (or the end): `(` for `<`.
  let line = text.replace(LINE_BREAKS, ' ').replace(/<(?=[!?])/g, '(');
  const fence = openingFence(line);
  if (fence !== null)
    line = line.slice(0, fence.start) + ' '.repeat(fence.end - fence.start) + line.slice(fence.end);
  const markers = parseMarkers(line);
  if (markers.length === 0 && !placed?.length) return line;
  const chars = line.split('');
  const ends = placed?.map(({ end }) => end) ?? [];
  for (const { start, end } of markers) {
    const k = firstAtLeast(ends, start + 1); // the first placed span ending past the marker's start
    const own = placed === undefined || (k < ends.length && placed[k]!.start < end);
    for (let i = start; i < end; i++) {
      if (chars[i] === '[') chars[i] = own ? '(' : '\uff3b';
      else if (chars[i] === ']') chars[i] = own ? ')' : '\uff3d';
    }
  }
  if (!placed?.length) return chars.join('');
  let shown = '';
  let at = 0;
  for (const { start, end } of placed) {
    shown += chars.slice(at, start).join('') + providerMarker(chars.slice(start, end).join(''));
    at = end;
  }
  return shown + chars.slice(at).join('');
}

// Brackets other than markdown's own, which the look-alike rule reads as `[` and `]`, and a dagger.
const MARKER_BRACKETS = /(?![[\]()])[\p{Ps}\p{Pe}]|[\u2020\u2021]/gu;
// Square brackets that make no link (no `(` after them): `[Source 4]`, `[^4]`, `[#4]` in a marker.
const NO_LINK = /\[([^[\]\n]*)\](?!\()/g;

/**
 * A marker shown whole as the provider numbers its sources (`【4:0†file.pdf】`): its brackets and dagger are written as
 * parentheses and a space, and square brackets that make no link as parentheses, so the look-alike rule does not read
 * it as a citation of a source past the passages and refuse the line before the quotation and identifiers inside it
 * are read. A link's brackets stay (its label and destination are read as a link).
 */
function providerMarker(line: string): string {
  return line
    .replace(MARKER_BRACKETS, (mark) => (/\p{Ps}/u.test(mark) ? '(' : /\p{Pe}/u.test(mark) ? ')' : ' '))
    .replace(NO_LINK, '($1)');
}
