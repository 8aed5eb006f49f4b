// Measures where verifyAnswer draws claim boundaries on real answers (ExpertQA, beside the checkout, never copied
// into the repository): how many sentences the experts labelled "Missing" (no support) end up inside a claim the
// verifier accepted, and how many no_marker rejections fall on a lead-in that introduces a list of cited items.
// Run with `npx tsx packages/citations/scripts/claim-boundaries.ts` (`--list` prints every case found). The data
// folder is found as `npm run eval:real` finds it (GK_REAL_DATA_DIR, else ../shared/data beside the checkout);
// without it the script says so and stops.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Passage, parseMarkers, type Span, verifyAnswer } from '../src/index.js';
import { type ExpertRow, findRealDataDir, readRealData } from './real-data.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const dataDir = findRealDataDir(repoRoot);
const list = process.argv.includes('--list');

/** One passage per attribution number: the evidence text where the dataset has it, else a placeholder. */
function passagesOf(row: ExpertRow): Passage[] {
  const evidence = new Map<number, string>();
  for (const claim of row.claims) for (const e of claim.evidence) if (e.text) evidence.set(e.n, e.text);
  const count = Math.max(0, ...row.attribution.map((a) => a.n));
  return Array.from({ length: count }, (_, i): Passage => {
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
}

/** The text with every whitespace run as one space, and where each of its characters sits in the original. */
function flatten(text: string): { text: string; offsets: number[] } {
  let out = '';
  const offsets: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const space = /\s/.test(text[i]!);
    if (space && out.endsWith(' ')) continue;
    out += space ? ' ' : text[i];
    offsets.push(i);
  }
  return { text: out, offsets };
}

const overlap = (a: Span, b: Span): number =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
const LIST_ITEM = /^[ \t]*(?:[-*+\u2022]|\d{1,3}[.)])[ \t]+/;

/** Whether the text at `span` ends its line with ':' and the next non-blank line is a list item with a marker. */
function isLeadIn(answer: string, span: Span): boolean {
  const text = answer.slice(span.start, span.end).replace(/[*_\s]+$/, '');
  if (!text.endsWith(':')) return false;
  const lineEnd = answer.indexOf('\n', span.end);
  if (lineEnd === -1 || answer.slice(span.end, lineEnd).trim() !== '') return false;
  const next = answer
    .slice(lineEnd + 1)
    .split('\n')
    .find((line) => line.trim() !== '');
  return next !== undefined && LIST_ITEM.test(next) && parseMarkers(next).length > 0;
}

function measure(rows: ExpertRow[]): void {
  let missingUnmarked = 0;
  let located = 0;
  let insideAccepted = 0;
  let unmarkedInsideAccepted = 0;
  let noMarker = 0;
  let leadIns = 0;
  let accepted = 0;
  let rejected = 0;
  const cases: string[] = [];
  for (const row of rows) {
    const verification = verifyAnswer(row.answer, passagesOf(row));
    accepted += verification.claims.length;
    rejected += verification.rejected.length;
    const acceptedSpans = verification.claims.flatMap((claim) => [claim.span, ...(claim.duplicates ?? [])]);
    const flat = flatten(row.answer);
    let cursor = 0;
    for (const claim of row.claims) {
      const needle = flatten(claim.claim).text.trim();
      const at = needle === '' ? -1 : flat.text.indexOf(needle, cursor);
      if (at === -1) continue;
      cursor = at + needle.length;
      const span = { start: flat.offsets[at]!, end: flat.offsets[at + needle.length - 1]! + 1 };
      if (claim.support !== 'Missing') continue;
      located++;
      const unmarked = parseMarkers(claim.claim).length === 0;
      if (unmarked) missingUnmarked++;
      // Inside an accepted claim: at least half of the sentence lies in one.
      const inside = acceptedSpans.some((accepted) => overlap(accepted, span) > 3);
      if (!inside) continue;
      insideAccepted++;
      if (unmarked) {
        unmarkedInsideAccepted++;
        const host = verification.claims.find((c) => overlap(c.span, span) > 3);
        cases.push(
          `Missing, unmarked, inside an accepted claim: ${JSON.stringify(host?.text.slice(0, 300))}`,
        );
      }
    }
    for (const r of verification.rejected) {
      if (r.code !== 'no_marker') continue;
      noMarker++;
      if (isLeadIn(row.answer, r.span)) {
        leadIns++;
        cases.push(`no_marker on a lead-in: ${JSON.stringify(r.text.slice(-160))}`);
      }
    }
  }
  console.log(`ExpertQA: ${rows.length} answers; claims accepted ${accepted}, rejected ${rejected}`);
  console.log(
    `expert "Missing" sentences found in the answers: ${located} (${missingUnmarked} without a marker of their own)`,
  );
  console.log(
    `  inside an accepted claim: ${insideAccepted} (without a marker of their own: ${unmarkedInsideAccepted})`,
  );
  console.log(`no_marker rejections: ${noMarker}; on a lead-in of a list with markers: ${leadIns}`);
  if (list) for (const line of cases) console.log(`- ${line}`);
}

if (dataDir === null) {
  console.log(
    'claim-boundaries skipped: no real data beside the checkout (GK_REAL_DATA_DIR names another folder).',
  );
} else {
  measure(readRealData(dataDir).expertqa);
}
