import type { Citation, Passage, RejectionCode } from '../types.js';
import { openingFence } from '../verify/code-fence.js';
import { parseMarkers } from '../verify/parse-markers.js';
import { verifyAnswer, type VerifyOptions } from '../verify/verify-answer.js';

/** One claim whose provider citations all resolved, with the spans they cite. */
export interface ClaimToCheck {
  text: string;
  citations: readonly Citation[];
}

/** The claim-level checks of `verifyAnswer` that apply to a provider's claims. */
export type ClaimCheckOptions = Pick<VerifyOptions, 'identifiers' | 'support' | 'quotes'>;

const LINE_BREAKS = /[\n\r\u2028\u2029]/g;

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
  for (const claim of claims) {
    const numbers: number[] = [];
    for (const citation of claim.citations) {
      const key = `${citation.source}:${citation.start}:${citation.end}`;
      let n = numberOf.get(key);
      if (n === undefined) {
        const document = documents[citation.source - 1]!;
        passages.push({
          documentId: citation.documentId,
          chunkId: citation.chunkId,
          start: citation.start,
          end: citation.end,
          text: citation.text,
          ...(document.title === undefined ? {} : { title: document.title }),
          ...(document.uri === undefined ? {} : { uri: document.uri }),
        });
        sources.push(citation.source);
        n = passages.length;
        numberOf.set(key, n);
      }
      numbers.push(n);
    }
    lines.push(`${neutralize(claim.text)} ${numbers.map((n) => `[${n}]`).join('')}`);
  }
  const answer = lines.join('\n');
  const starts: number[] = [];
  let at = 0;
  for (const line of lines) {
    starts.push(at);
    at += line.length + 1;
  }
  const lineOf = (offset: number): number => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low;
  };
  const verification = verifyAnswer(answer, passages, {
    ...options,
    unit: 'line',
    requireCitations: true,
    ranges: false,
  });
  const outcomes: Array<{ code: RejectionCode; message: string } | null> = claims.map(() => null);
  // The synthetic passage numbers in a message become the documents' source numbers.
  const renumber = (message: string): string =>
    message.replace(/\[(\d+)\]/g, (whole, digits: string) => {
      const source = sources[Number(digits) - 1];
      return source === undefined ? whole : `[${source}]`;
    });
  for (const rejected of verification.rejected) {
    const outcome = { code: rejected.code, message: renumber(rejected.message) };
    for (const span of [rejected.span, ...(rejected.duplicates ?? [])])
      outcomes[lineOf(span.start)] = outcome;
  }
  return outcomes;
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
