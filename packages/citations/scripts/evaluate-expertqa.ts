// verifyAnswer with its default options on the ExpertQA answers: outcomes, rejection codes, and the units it
// rejects as `no_marker` against the experts' labels of the same sentences.
import { type Passage, parseMarkers, type RejectionCode, verifyAnswer } from '../src/index.js';
import type { ExpertClaim, ExpertRow } from './real-data.js';

/** The experts' labels, in report order; `unmatched` is a unit no labelled claim overlaps. */
export const LABELS = ['Complete', 'Partial', 'Incomplete', 'Missing', 'N/A', 'unmatched'] as const;
export type Label = (typeof LABELS)[number];

/** What verifyAnswer did with a unit: accepted it, or rejected it with a code. */
export type UnitOutcome = 'accepted' | RejectionCode;

/** The measurements on ExpertQA. */
export interface ExpertQaResult {
  answers: number;
  labelledClaims: number;
  markers: number;
  statuses: { answered: number; abstained: number; rejected: number };
  units: number;
  accepted: number;
  rejectionsByCode: Array<[RejectionCode, number]>;
  /** Units by outcome and by the label of the claim they overlap most. */
  outcomeByLabel: Map<UnitOutcome, Record<Label, number>>;
  /** Labelled claims matched to a unit, by label: the denominators of the `no_marker` recall. */
  claimsMatched: Record<Label, number>;
  /** Labelled claims labelled Missing whose best-overlapping unit was rejected as `no_marker`. */
  missingFoundAsNoMarker: number;
  outOfRangeNumbers: number[];
}

/**
 * One passage per source number: the evidence text where the dataset has it, else the source's URL as a
 * placeholder (systems `gpt4` and `bing_chat` come with URLs only). `withText` lists the numbers with text.
 */
export function passagesOf(row: ExpertRow): { passages: Passage[]; withText: Set<number> } {
  const evidence = new Map<number, string>();
  for (const claim of row.claims) for (const e of claim.evidence) if (e.text) evidence.set(e.n, e.text);
  const count = Math.max(0, ...row.attribution.map((a) => a.n));
  const passages = Array.from({ length: count }, (_, i): Passage => {
    const url = row.attribution.find((a) => a.n === i + 1)?.url ?? '';
    const text = evidence.get(i + 1) ?? `Source ${i + 1}: ${url}`;
    return {
      documentId: url || `source-${i + 1}`,
      chunkId: `source-${i + 1}`,
      text,
      start: 0,
      end: text.length,
    };
  });
  return { passages, withText: new Set(evidence.keys()) };
}

const emptyLabels = (): Record<Label, number> =>
  Object.fromEntries(LABELS.map((label) => [label, 0])) as Record<Label, number>;

const labelOf = (claim: ExpertClaim): Label => {
  const support = claim.support ?? 'N/A';
  return (LABELS as readonly string[]).includes(support) ? (support as Label) : 'N/A';
};

/** Runs verifyAnswer (default options) over every answer and matches its units to the labelled claims. */
export function evaluateExpertQa(rows: readonly ExpertRow[]): ExpertQaResult {
  const result: ExpertQaResult = {
    answers: rows.length,
    labelledClaims: rows.reduce((sum, row) => sum + row.claims.length, 0),
    markers: 0,
    statuses: { answered: 0, abstained: 0, rejected: 0 },
    units: 0,
    accepted: 0,
    rejectionsByCode: [],
    outcomeByLabel: new Map(),
    claimsMatched: emptyLabels(),
    missingFoundAsNoMarker: 0,
    outOfRangeNumbers: [],
  };
  const byCode = new Map<RejectionCode, number>();
  const outOfRange = new Set<number>();
  for (const row of rows) {
    const { passages } = passagesOf(row);
    const verification = verifyAnswer(row.answer, passages);
    result.statuses[verification.status]++;
    const units: Array<{ span: { start: number; end: number }; outcome: UnitOutcome }> = [
      ...verification.claims.map((c) => ({ span: c.span, outcome: 'accepted' as const })),
      ...verification.rejected.map((r) => ({ span: r.span, outcome: r.code })),
    ];
    result.units += units.length;
    result.accepted += verification.claims.length;
    for (const rejected of verification.rejected) {
      byCode.set(rejected.code, (byCode.get(rejected.code) ?? 0) + 1);
      if (rejected.code === 'marker_out_of_range') {
        for (const n of rejected.markers) if (n < 1 || n > passages.length) outOfRange.add(n);
      }
    }
    const located = locateClaims(row);
    // Each unit takes the label of the claim it overlaps most; each claim is matched to the unit it overlaps most.
    for (const unit of units) {
      const best = mostOverlapping(located, unit.span);
      const label: Label = best === undefined ? 'unmatched' : labelOf(best.claim);
      const tally = result.outcomeByLabel.get(unit.outcome) ?? emptyLabels();
      tally[label]++;
      result.outcomeByLabel.set(unit.outcome, tally);
    }
    for (const claim of located) {
      const unit = mostOverlapping(units, claim.span);
      if (unit === undefined) continue;
      const label = labelOf(claim.claim);
      result.claimsMatched[label]++;
      if (label === 'Missing' && unit.outcome === 'no_marker') result.missingFoundAsNoMarker++;
    }
  }
  result.markers = rows.reduce((sum, row) => sum + countMarkers(row.answer), 0);
  result.rejectionsByCode = [...byCode].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  result.outOfRangeNumbers = [...outOfRange].sort((a, b) => a - b);
  return result;
}

const countMarkers = (text: string): number => parseMarkers(text).length;

function mostOverlapping<T extends { span: { start: number; end: number } }>(
  items: readonly T[],
  span: { start: number; end: number },
): T | undefined {
  let best: T | undefined;
  let bestOverlap = 0;
  for (const item of items) {
    const overlap = Math.min(item.span.end, span.end) - Math.max(item.span.start, span.start);
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      best = item;
    }
  }
  return best;
}

/**
 * Where each labelled claim sits in the answer. The dataset's claims are the answer's sentences with runs of
 * whitespace (line breaks included) rewritten, so both sides are compared with whitespace runs collapsed.
 */
function locateClaims(row: ExpertRow): Array<{ span: { start: number; end: number }; claim: ExpertClaim }> {
  const answer = collapseSpaces(row.answer);
  const located: Array<{ span: { start: number; end: number }; claim: ExpertClaim }> = [];
  let cursor = 0;
  for (const claim of row.claims) {
    const needle = collapseSpaces(claim.claim).text.trim();
    if (needle === '') continue;
    const at = answer.text.indexOf(needle, cursor);
    if (at === -1) continue;
    cursor = at + needle.length;
    located.push({ span: { start: answer.offsets[at]!, end: answer.offsets[cursor - 1]! + 1 }, claim });
  }
  return located;
}

/** The text with every whitespace run replaced by one space, and the original offset of each character kept. */
function collapseSpaces(text: string): { text: string; offsets: number[] } {
  let out = '';
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i]!)) {
      if (out.endsWith(' ')) continue;
      out += ' ';
    } else {
      out += text[i];
    }
    offsets.push(i);
  }
  return { text: out, offsets };
}
