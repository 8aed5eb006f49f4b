import type { Citation, Passage, RejectionCode } from '../types.js';
import { openingFence } from '../verify/code-fence.js';
import { parseMarkers } from '../verify/parse-markers.js';
import { ANY_MARK, MARKS, referenceMark } from '../verify/quotation-marks.js';
import { verifyAnswer, type VerifyOptions } from '../verify/verify-answer.js';
import { lastAtMost } from './last-at-most.js';

/** One claim whose provider citations all resolved, with the spans they cite. */
export interface ClaimToCheck {
  text: string;
  citations: readonly Citation[];
  /**
   * Quotations that hold some of the claim's text but reach past it (their marks in the uncited text beside it), each
   * with every claim it holds text of (one array per quotation, shared): checked whole against the claim's spans and,
   * in each document the claim cites, the stretch from the first to the last span those claims cite there (a quoted
   * passage cited sentence by sentence); null when there were too many to check (the claim is refused).
   */
  quotations?: ReadonlyArray<{ text: string; claims: readonly number[] }> | null;
}

/** The claim-level checks of `verifyAnswer` that apply to a provider's claims. */
export type ClaimCheckOptions = Pick<VerifyOptions, 'identifiers' | 'support' | 'quotes'>;

const LINE_BREAKS = /[\n\r\u2028\u2029]/g;
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
): Array<{ code: RejectionCode; message: string } | null> {
  if (claims.length === 0) return [];
  const passages: Passage[] = [];
  const sources: number[] = []; // the document source number behind each synthetic passage
  const numberOf = new Map<string, number>();
  const lines: string[] = [];
  const cited: string[] = []; // each claim's markers for its spans
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
  for (const claim of claims) {
    const numbers = claim.citations.map((c) => numberFor(c.source, c.start, c.end, () => c.text));
    cited.push(numbers.map((n) => `[${n}]`).join(''));
    lines.push(`${neutralize(claim.text)} ${cited.at(-1)}`);
  }
  const outcomes: Array<{ code: RejectionCode; message: string } | null> = claims.map(() => null);
  // The synthetic passage numbers in a message become the documents' source numbers.
  const renumber = (message: string): string =>
    message.replace(/\[(\d+)\]/g, (whole, digits: string) => {
      const source = sources[Number(digits) - 1];
      return source === undefined ? whole : `[${source}]`;
    });
  // One verifyAnswer call over synthetic lines; a rejection's line names its claim (`owners`).
  const check = (lines: string[], owners: number[], lineOptions: VerifyOptions): void => {
    if (lines.length === 0) return;
    const starts: number[] = [];
    let at = 0;
    for (const line of lines) {
      starts.push(at);
      at += line.length + 1;
    }
    const verification = verifyAnswer(lines.join('\n'), passages, {
      ...lineOptions,
      unit: 'line',
      requireCitations: true,
      ranges: false,
    });
    for (const rejected of verification.rejected) {
      for (const span of [rejected.span, ...(rejected.duplicates ?? [])])
        outcomes[owners[lastAtMost(starts, span.start)]!] ??= {
          code: rejected.code,
          message: renumber(rejected.message),
        };
    }
  };
  check(
    lines,
    claims.map((_, c) => c),
    options,
  );
  // Quotations that reach past their claims, each on a line of its own in marks of a family it does not use, with
  // its claim's markers; only the quotation check runs on them.
  const quoted: string[] = [];
  const owners: number[] = [];
  // Per quotation, per document: the stretch its claims cite there, when their spans tile it with nothing but
  // whitespace between them (a quoted passage cited sentence by sentence); null when they leave text uncited, which
  // no citation's offsets would hold. Stretches read at most 8 times the documents' text (then null: a claim's own
  // spans only, which refuses rather than accepts).
  const stretches = new Map<readonly number[], Map<number, [number, number] | null>>();
  let budget = 8 * documents.reduce((sum, document) => sum + document.text.length, 0) + 65_536;
  const stretchesOf = (holders: readonly number[]): Map<number, [number, number] | null> => {
    let found = stretches.get(holders);
    if (found === undefined) {
      const spans = new Map<number, Array<[number, number]>>();
      for (const k of holders)
        for (const { source, start, end } of claims[k]!.citations) {
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
      stretches.set(holders, found);
    }
    return found;
  };
  claims.forEach(({ quotations, citations }, c) => {
    if (quotations === null) {
      outcomes[c] ??= {
        code: 'quote_not_found',
        message:
          'Quotations that reach past the claims they hold cover the answer more than 8 times over; not checked.',
      };
    }
    for (const { text, claims: holders } of quotations ?? []) {
      const line = neutralize(text);
      let markers = cited[c]!;
      for (const source of new Set(citations.map((citation) => citation.source))) {
        const stretch = stretchesOf(holders).get(source);
        if (!stretch) continue;
        const [start, end] = stretch;
        const document = documents[source - 1]!;
        const text = () => document.text.slice(start - document.start, end - document.start);
        markers += `[${numberFor(source, start, end, text)}]`;
      }
      const marks = WRAPPERS.find((pair) => !familiesIn(line).has(MARKS.get(pair.codePointAt(0)!)! >> 3));
      if (marks === undefined)
        outcomes[c] ??= {
          code: 'quote_not_found',
          message: `The quotation "${text.slice(0, 80)}" reaches past its claim and mixes too many kinds of quotation marks to be checked.`,
        };
      else {
        quoted.push(`${marks[0]}${line}${marks[1]} ${markers}`);
        owners.push(c);
      }
    }
  });
  if (options.quotes !== false) check(quoted, owners, { quotes: options.quotes, identifiers: [] });
  return outcomes;
}

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
 * section or a processing instruction would hide the lines after it), and the brackets of anything `parseMarkers` reads as a marker become parentheses, each one
 * character for one.
 */
function neutralize(text: string): string {
  // `<!--`, `<!x…`, `<![CDATA[` and `<?` open markup that hides everything to its closer (or the end): `(` for `<`.
  let line = text.replace(LINE_BREAKS, ' ').replace(/<(?=[!?])/g, '(');
  const fence = openingFence(line);
  if (fence !== null)
    line = line.slice(0, fence.start) + ' '.repeat(fence.end - fence.start) + line.slice(fence.end);
  const markers = parseMarkers(line);
  if (markers.length === 0) return line;
  const chars = line.split('');
  for (const { start, end } of markers) {
    for (let i = start; i < end; i++) {
      if (chars[i] === '[') chars[i] = '(';
      else if (chars[i] === ']') chars[i] = ')';
    }
  }
  return chars.join('');
}
