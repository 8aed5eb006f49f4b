import type { Span } from '../types.js';
import { BIDI_OR_REFERENCE, bidiControl } from '../verify/unmatched-bidi-control.js';
import { firstAtLeast } from './first-at-least.js';

// What reorders the text shown (as verifyAnswer reads it, ADR 0042): embeddings and overrides, isolates, their
// terminators, and the marks LRM, RLM and ALM, as written or as character references a renderer decodes (rt10 #4).
// Runs of letters, read in pieces of at most 65,536 that join: a `u` class repeated without a bound keeps a backtrack
// entry per letter in V8 and overflows its stack on a run of millions.
const LETTERS = /\p{L}{1,65536}/gu;

/**
 * For each claim (`spans`), the first bidi control outside it that reorders some of its text, or null: a provider's
 * claim is its span alone, but a control in the uncited text beside it (or in another claim) reorders what the reader
 * sees of it (`by ` · RLO · `12` · PDF · `% a year` shows `21%`). A control reaches, as verifyAnswer reads one, from
 * after the letter before it to the letter after its terminator (an embedding or override), to its terminator (an
 * isolate: its content) or to the letter after it (a mark); one left open reaches to the end of the answer. Controls
 * inside a claim are its own check's. Linear in the answer and the claims.
 */
export function controlsBesideClaims(answer: string, spans: readonly Span[]): Array<string | null> {
  const out: Array<string | null> = spans.map(() => null);
  const found = [...answer.matchAll(BIDI_OR_REFERENCE)].map((match) => ({
    index: match.index,
    length: match[0].length,
    control: bidiControl(match[0], match[1], match[2], match[3]),
  }));
  if (found.length === 0) return out;
  // Where runs of letters start and end: the letter before or after a position is a binary search away.
  const starts: number[] = [];
  const ends: number[] = [];
  for (const run of answer.matchAll(LETTERS)) {
    if (ends.at(-1) === run.index) ends[ends.length - 1] = run.index + run[0].length;
    else {
      starts.push(run.index);
      ends.push(run.index + run[0].length);
    }
  }
  const after = (at: number): number => {
    const i = firstAtLeast(ends, at + 1);
    return i < starts.length ? Math.max(starts[i]!, at) : answer.length;
  };
  const before = (at: number): number => ends[firstAtLeast(starts, at) - 1] ?? 0;
  // Each control's reach [from, to), in answer order (a terminator's own is empty: its opener's holds it); the
  // embeddings (1) and isolates (2) still open, innermost last.
  const from: number[] = [];
  const to: number[] = [];
  const open: Array<[kind: number, control: number]> = [];
  let isolates = 0;
  found.forEach(({ index, length, control: written }, k) => {
    const code = written.charCodeAt(0);
    const next = index + length;
    const mark = code === 0x200e || code === 0x200f || code === 0x61c;
    const closes = code === 0x202c || code === 0x2069;
    from.push(closes ? index : code >= 0x2066 ? index : before(index));
    to.push(closes ? index : mark ? after(next) : answer.length);
    // A PDF closes the innermost embedding (not an isolate), a PDI the innermost isolate and every embedding in it.
    if (code === 0x202c && open.at(-1)?.[0] === 1) to[open.pop()![1]] = after(next);
    else if (code === 0x2069)
      while (isolates > 0) {
        const [kind, control] = open.pop()!;
        to[control] = kind === 2 ? next : after(next);
        if (kind === 2) {
          isolates--;
          break;
        }
      }
    else if (!mark && !closes) {
      open.push([code >= 0x2066 ? 2 : 1, k]);
      if (code >= 0x2066) isolates++;
    }
  });
  // The control before a claim that reaches furthest, and the one after it that reaches back furthest.
  const positions = found.map(({ index }) => index);
  // Where each ends: a reference a claim's edge cuts is outside the claim (its own check reads no control in a piece).
  const stops = found.map(({ index, length }) => index + length);
  const furthest: number[] = [];
  positions.forEach((_, k) => {
    const best = furthest[k - 1];
    furthest.push(best === undefined || to[k]! > to[best]! ? k : best);
  });
  const backmost: number[] = [];
  for (let k = positions.length - 1; k >= 0; k--) {
    const best = backmost[k + 1];
    backmost[k] = best === undefined || from[k]! < from[best]! ? k : best;
  }
  spans.forEach(({ start, end }, c) => {
    const early = furthest[firstAtLeast(positions, start) - 1];
    const late = backmost[firstAtLeast(stops, end + 1)];
    const k =
      early !== undefined && to[early]! > start ? early : late !== undefined && from[late]! < end ? late : -1;
    if (k !== -1) out[c] = found[k]!.control;
  });
  return out;
}
