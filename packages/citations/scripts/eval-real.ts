// Measures the validators on real third-party data that lives beside the checkout (../shared/data, never
// copied into the repository): ExpertQA answers with expert support labels, QuoteSum quotes with offsets.
// Run with `npm run eval:real` (root or package). Skips with a message when the data folder is absent.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateQuote, type Passage, parseMarkers, verifyAnswer } from '../src/index.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dataDir = resolve(repoRoot, '..', 'shared', 'data');
const expertFile = resolve(dataDir, 'expertqa-dev.jsonl');
const quoteFile = resolve(dataDir, 'quotesum-dev.jsonl');

interface ExpertClaim {
  claim: string;
  support: string | null;
  evidence: Array<{ n: number; url: string; text?: string }>;
}
interface ExpertRow {
  question: string;
  system: string;
  answer: string;
  attribution: Array<{ n: number; url: string }>;
  claims: ExpertClaim[];
}
interface QuoteRow {
  id: string;
  question: string;
  sources: Array<{ n: number; title: string; text: string }>;
  quotes: Array<{
    n: number;
    quote: string;
    found_in: 'text' | 'title' | null;
    start: number | null;
    end: number | null;
  }>;
}

const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);

const percent = (part: number, whole: number): string =>
  whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(1)}%`;

if (!existsSync(expertFile) || !existsSync(quoteFile)) {
  console.log(
    `eval:real skipped: real data not found in ${dataDir} (expects expertqa-dev.jsonl and quotesum-dev.jsonl).`,
  );
} else {
  evaluateExpertQa(readJsonl<ExpertRow>(expertFile));
  evaluateQuoteSum(readJsonl<QuoteRow>(quoteFile));
}

/** One passage per attribution number: the evidence text where the dataset has it, else a placeholder. */
function passagesOf(row: ExpertRow): { passages: Passage[]; withText: Set<number> } {
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
      uri: url,
    };
  });
  return { passages, withText: new Set(evidence.keys()) };
}

/** The dataset claim that overlaps a span of the answer the most (claims are located in the answer by text). */
function labelFor(
  row: ExpertRow,
  located: Array<{ start: number; end: number; claim: ExpertClaim }>,
  span: { start: number; end: number },
): ExpertClaim | undefined {
  let best: ExpertClaim | undefined;
  let bestOverlap = 0;
  for (const l of located) {
    const overlap = Math.min(l.end, span.end) - Math.max(l.start, span.start);
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      best = l.claim;
    }
  }
  return best ?? row.claims.find((c) => c.claim.includes(row.answer.slice(span.start, span.end)));
}

function evaluateExpertQa(rows: ExpertRow[]): void {
  let noMarker = 0;
  let noMarkerMissing = 0;
  let noMarkerUnmatched = 0;
  let outOfRangeClaims = 0;
  const outOfRangeNumbers: number[] = [];
  let letterBrackets = 0;
  let letterBracketsTaken = 0;
  let markers = 0;
  const statuses = { answered: 0, rejected: 0, abstained: 0 };
  const byCode = new Map<string, number>();
  let written = 0;
  let accepted = 0;
  for (const row of rows) {
    // Brackets with a letter inside ([EMIM], [TfO], [Online], [sic]) are never markers.
    const taken = parseMarkers(row.answer);
    markers += taken.length;
    for (const match of row.answer.matchAll(/\[[^\]\n]{1,60}\]/g)) {
      if (!/\p{L}/u.test(match[0])) continue;
      letterBrackets++;
      const start = match.index;
      const end = start + match[0].length;
      if (taken.some((m) => m.start < end && m.end > start)) letterBracketsTaken++;
    }
    const { passages } = passagesOf(row);
    const v = verifyAnswer(row.answer, passages);
    statuses[v.status]++;
    written += v.claims.length + v.rejected.length;
    accepted += v.claims.length;
    let cursor = 0;
    const located = row.claims.flatMap((claim) => {
      const at = row.answer.indexOf(claim.claim.trim(), cursor);
      if (at === -1) return [];
      cursor = at;
      return [{ start: at, end: at + claim.claim.trim().length, claim }];
    });
    for (const rejected of v.rejected) {
      byCode.set(rejected.code, (byCode.get(rejected.code) ?? 0) + 1);
      if (rejected.code === 'no_marker') {
        noMarker++;
        const label = labelFor(row, located, rejected.span);
        if (label === undefined) noMarkerUnmatched++;
        else if (label.support === 'Missing') noMarkerMissing++;
      } else if (rejected.code === 'marker_out_of_range') {
        outOfRangeClaims++;
        outOfRangeNumbers.push(...rejected.markers.filter((n) => n < 1 || n > passages.length));
      }
    }
  }
  console.log(
    `ExpertQA: ${rows.length} answers, ${rows.reduce((s, r) => s + r.claims.length, 0)} labelled claims, ${markers} markers parsed`,
  );
  console.log(
    `  statuses: answered ${statuses.answered}, rejected ${statuses.rejected}, abstained ${statuses.abstained}; claims accepted ${accepted}/${written} (${percent(accepted, written)})`,
  );
  console.log(`  rejections by code: ${[...byCode].map(([code, count]) => `${code} ${count}`).join(', ')}`);
  console.log(
    `  no_marker rejections: ${noMarker}; labelled Missing by the experts: ${noMarkerMissing} (${percent(noMarkerMissing, noMarker - noMarkerUnmatched)} of those matched to a labelled claim; ${noMarkerUnmatched} unmatched)`,
  );
  console.log(
    `  marker_out_of_range: ${outOfRangeClaims} claims, numbers ${JSON.stringify([...new Set(outOfRangeNumbers)].sort((a, b) => a - b))}`,
  );
  console.log(
    `  non-citation brackets (with a letter inside): ${letterBrackets} found, ${letterBracketsTaken} mistaken for markers`,
  );
  evaluateSupport(rows);
}

/** The lexical support check against the experts' support labels, for claims whose cited passages have text. */
function evaluateSupport(rows: ExpertRow[]): void {
  // Complete = supported; Partial, Incomplete and Missing = not supported; N/A and unlabelled are left out.
  const positive = new Set(['Complete']);
  const negative = new Set(['Partial', 'Incomplete', 'Missing']);
  const thresholds = [0.5, 0.66, 0.8];
  const matrices = thresholds.map(() => ({ tp: 0, fp: 0, fn: 0, tn: 0 }));
  let considered = 0;
  let skipped = 0;
  for (const row of rows) {
    const { passages, withText } = passagesOf(row);
    for (const claim of row.claims) {
      const label = claim.support ?? 'N/A';
      const cited = parseMarkers(claim.claim).flatMap((m) => m.numbers);
      if (
        !(positive.has(label) || negative.has(label)) ||
        cited.length === 0 ||
        !cited.every((n) => withText.has(n))
      ) {
        skipped++;
        continue;
      }
      considered++;
      thresholds.forEach((minCoverage, i) => {
        const v = verifyAnswer(claim.claim, passages, {
          support: { minCoverage },
          unit: 'line',
          quotes: false,
          identifiers: [],
        });
        const predicted = v.rejected.length === 0 && v.claims.length > 0;
        const actual = positive.has(label);
        const m = matrices[i]!;
        if (predicted && actual) m.tp++;
        else if (predicted) m.fp++;
        else if (actual) m.fn++;
        else m.tn++;
      });
    }
  }
  console.log(
    `  support check vs expert labels: ${considered} claims whose cited passages carry text (${skipped} skipped: N/A, unlabelled, uncited or no passage text)`,
  );
  console.log('  mapping: Complete = supported; Partial, Incomplete, Missing = not supported');
  console.table(
    thresholds.map((minCoverage, i) => {
      const { tp, fp, fn, tn } = matrices[i]!;
      return {
        minCoverage,
        'precision (supported)': percent(tp, tp + fp),
        'recall (supported)': percent(tp, tp + fn),
        'refused when not supported': percent(tn, tn + fp),
        tp,
        fp,
        fn,
        tn,
      };
    }),
  );
}

function otherSource(rows: QuoteRow[], index: number, row: QuoteRow): { title: string; text: string } {
  for (let k = 1; k < rows.length; k++) {
    const candidate = rows[(index + k) % rows.length]!;
    if (candidate.question !== row.question) return candidate.sources[0]!;
  }
  return { title: '', text: '' };
}

function evaluateQuoteSum(rows: QuoteRow[]): void {
  let withOffsets = 0;
  let exact = 0;
  let elsewhere = 0;
  let missed = 0;
  let negatives = 0;
  let falseHits = 0;
  let negativesLong = 0;
  let falseHitsLong = 0;
  rows.forEach((row, index) => {
    for (const quote of row.quotes) {
      if (quote.start === null || quote.end === null || quote.found_in === null) continue;
      const source = row.sources.find((s) => s.n === quote.n);
      if (source === undefined) continue;
      withOffsets++;
      const field = quote.found_in === 'title' ? source.title : source.text;
      const span = locateQuote(quote.quote, field);
      if (span === null) missed++;
      else if (span.start === quote.start && span.end === quote.end) exact++;
      else elsewhere++;
      // A real negative: the same quote against a source of an example with another question (examples with
      // the same question share their sources).
      const other = otherSource(rows, index, row);
      const hit = locateQuote(quote.quote, other.text) ?? locateQuote(quote.quote, other.title);
      negatives++;
      if (hit !== null) falseHits++;
      if (quote.quote.trim().length >= 12) {
        negativesLong++;
        if (hit !== null) falseHitsLong++;
      }
    }
  });
  console.log(`QuoteSum: ${rows.length} examples, ${withOffsets} quotes with exact offsets`);
  console.log(
    `  locateQuote recall with exact offsets: ${exact}/${withOffsets} (${percent(exact, withOffsets)}); found at other offsets: ${elsewhere}; not found: ${missed}`,
  );
  console.log(
    `  false hits against a source of another question: ${falseHits}/${negatives} (${percent(falseHits, negatives)}); quotes of 12+ chars: ${falseHitsLong}/${negativesLong} (${percent(falseHitsLong, negativesLong)})`,
  );
}
