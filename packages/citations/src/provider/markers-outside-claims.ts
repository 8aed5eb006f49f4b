import { excerpt } from '@gk/internal';
import type { RejectedClaim, Span } from '../types.js';
import { verifyAnswer } from '../verify/verify-answer.js';
import { firstAtLeast } from './first-at-least.js';
import { joinSpans } from './join-spans.js';

const quote = (text: string): string => JSON.stringify(excerpt(text, { length: 80 }));

// What verifyAnswer, shown no source, refuses a part for when it shows a numbered marker: one the marker grammar reads
// (`[7]`, `[0, 1]`), one written as text (`&#91;7&#93;`, `［7］`, `[^7]`, `【7†source】`), a marker with no statement
// (`[7]` alone), a source list of its own (`Sources: [1] …`).
const MARKER_CODES = new Set<RejectedClaim['code']>([
  'marker_out_of_range',
  'no_marker',
  'empty_claim',
  'source_list_mismatch',
]);
// What a page breaks lines at, kept where the covered text is blanked: the blocks and lines of the rest stay as shown.
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * The numbered markers the answer shows in text no citation covers (outside every claim, link label and marker in
 * `covered`), refused `marker_out_of_range`: a provider places its citations itself, so a `[7]` the model wrote beside
 * them names no citation, and no source was checked for it, whatever the app shows beside it. Read as `verifyAnswer`
 * reads a part that cites nothing when shown no source (markers, the look-alikes a page shows as one, a source list,
 * code spans and hidden elements as a page shows them), on the answer with the covered text blanked (line breaks
 * kept), so each refusal has the span of the part that shows it. Linear in the answer.
 */
export function markersOutsideClaims(answer: string, covered: readonly Span[]): RejectedClaim[] {
  // The covered text as disjoint stretches in order (spans may overlap many times over), blanked once each.
  const chars = answer.split('');
  const hidden = new Uint8Array(answer.length); // 1: covered text, blanked
  const blank = (start: number, end: number): void => {
    for (let i = start; i < end; i++) if (!LINE_BREAK.test(chars[i]!)) chars[i] = ' ';
  };
  for (const { start, end } of joinSpans(covered)) {
    blank(start, end);
    hidden.fill(1, start, end);
  }
  showBracketsOverEdges(answer, hidden, (at) => {
    chars[at] = answer[at]!;
    hidden[at] = 0;
  });
  // The covered text still blanked, as stretches: what a message leaves out (…).
  const stretches: Span[] = [];
  for (let i = 0; i < answer.length; i++) {
    if (hidden[i] === 0) continue;
    const last = stretches.at(-1);
    if (last?.end === i) last.end = i + 1;
    else stretches.push({ start: i, end: i + 1 });
  }
  blankReferences(chars.join(''), blank);
  const uncited = chars.join('');
  if (!/\S/.test(uncited)) return [];
  const verification = verifyAnswer(uncited, [], { requireCitations: false, identifiers: [], quotes: false });
  const stretchEnds = stretches.map(({ end }) => end);
  const rejected: RejectedClaim[] = [];
  for (const { span: first, duplicates = [], code } of verification.rejected) {
    if (!MARKER_CODES.has(code)) continue;
    for (const span of [first, ...duplicates]) {
      let shown = '';
      let at = span.start;
      for (
        let k = firstAtLeast(stretchEnds, at + 1);
        k < stretches.length && stretches[k]!.start < span.end;
        k++
      ) {
        shown += `${answer.slice(at, Math.max(at, stretches[k]!.start))}…`;
        at = Math.min(span.end, stretches[k]!.end);
      }
      shown += answer.slice(at, span.end);
      rejected.push({
        text: answer.slice(span.start, span.end),
        span,
        code: 'marker_out_of_range',
        markers: [],
        message: `The answer shows a numbered marker in ${quote(shown)}, text no citation covers: it names no citation, and no source was checked for it; expected markers only where the provider's citations place them.`,
      });
    }
  }
  return rejected;
}

// A bracket, as a page shows one: an opening or closing punctuation mark, or a square bracket written as a reference.
const BRACKET = /[[\]\p{Ps}\p{Pe}]|&(?:#0*9[13]|#[xX]0*5[bBdD]|[lLrR]sqb|[lLrR]brack);/gu;
const OPENS = /^(?:[[\p{Ps}]|&(?:#0*91|#[xX]0*5[bB]|[lL]sqb|[lL]brack);)$/u;
// The longest bracket pair read over a claim's edge: a marker is short, and a pair around a claim is not one.
const PAIR_LENGTH = 256;

/**
 * Shows (`show(at)`) the covered characters of each bracket pair that runs over a claim's edge, one bracket in text
 * no citation covers and the other in a claim (`[1, ` · a claim starting `2]`, a claim ending `level [` · `7]`): the
 * page shows one marker there, of which neither part alone reads as one. Brackets pair as they nest (any opening
 * mark with the next closing one), up to PAIR_LENGTH characters apart; what a pair inside holds is its own (a marker
 * a citation places inside a parenthesis stays covered). Linear in the answer.
 */
function showBracketsOverEdges(answer: string, hidden: Uint8Array, show: (at: number) => void): void {
  const open: number[] = []; // where each bracket still open starts
  const pairs: Array<[number, number, number]> = []; // opening start, closing start, closing end, by closing
  for (const match of answer.matchAll(BRACKET)) {
    if (OPENS.test(match[0])) {
      open.push(match.index);
      continue;
    }
    const from = open.pop();
    if (from === undefined || match.index - from > PAIR_LENGTH) continue;
    pairs.push([from, match.index, match.index + match[0].length]);
  }
  // Inner pairs first; a pair over an edge shows its covered characters outside the pairs within it (each read once).
  const closing = new Map<number, number>(); // where a pair's closing bracket ends, by its opening's start
  for (const [from, to, end] of pairs) {
    closing.set(from, end);
    if (hidden[from] === hidden[to]) continue;
    for (let at = from; at < end; at++) {
      const inner = at === from ? undefined : closing.get(at);
      if (inner !== undefined) at = inner - 1;
      else if (hidden[at] === 1) show(at);
    }
  }
}

// A link reference definition (`[1]: https://…`, up to three spaces in, in block quotes), and a label with the link
// text before it (`[text][1]`, `[1][]`) or alone (`[1]`). Labels hold no bracket or backslash, as most do.
const DEFINITION = /^[ \t]{0,3}(?:>[ \t]?)*[ \t]{0,3}\[([^[\]\n\\]{1,999})\]:/gm;
const REFERENCE = /\[([^[\]\n\\]{0,999})\](?:\[([^[\]\n\\]{0,999})\])?/g;
const labelKey = (label: string): string => label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase();

/**
 * Blanks what a page shows no bracket of: each reference definition's line (a page shows nothing of it), and the
 * brackets and label of each reference link a definition there completes (`[text][1]` shows `text`, `[1]` shows `1`, as
 * links). A label no definition completes is shown as written, brackets and all.
 */
function blankReferences(text: string, blank: (start: number, end: number) => void): void {
  const defined = new Set<string>();
  for (const match of text.matchAll(DEFINITION)) {
    defined.add(labelKey(match[1]!));
    const end = text.indexOf('\n', match.index);
    blank(match.index, end === -1 ? text.length : end);
  }
  if (defined.size === 0) return;
  for (const match of text.matchAll(REFERENCE)) {
    const [whole, shown, label] = match;
    const start = match.index;
    const after = text[start + whole.length];
    const names = label === undefined ? (after === '(' || after === ':' ? undefined : shown) : label || shown;
    if (names === undefined || !defined.has(labelKey(names!))) continue;
    blank(start, start + 1);
    blank(start + shown!.length + 1, start + whole.length);
  }
}
