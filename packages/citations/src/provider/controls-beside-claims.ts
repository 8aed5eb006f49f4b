import type { Span } from '../types.js';
import { firstAtLeast } from './first-at-least.js';

// What reorders the text shown (as verifyAnswer reads it, ADR 0042): embeddings and overrides, isolates, their
// terminators, and the marks LRM, RLM and ALM.
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const LETTERS = /\p{L}+/gu;

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
  const found = [...answer.matchAll(BIDI)];
  if (found.length === 0) return out;
  // Where runs of letters start and end: the letter before or after a position is a binary search away.
  const starts: number[] = [];
  const ends: number[] = [];
  for (const run of answer.matchAll(LETTERS)) {
    starts.push(run.index);
    ends.push(run.index + run[0].length);
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
  found.forEach(({ index }, k) => {
    const code = answer.charCodeAt(index);
    const mark = code === 0x200e || code === 0x200f || code === 0x61c;
    const closes = code === 0x202c || code === 0x2069;
    from.push(closes ? index : code >= 0x2066 ? index : before(index));
    to.push(closes ? index : mark ? after(index + 1) : answer.length);
    // A PDF closes the innermost embedding (not an isolate), a PDI the innermost isolate and every embedding in it.
    if (code === 0x202c && open.at(-1)?.[0] === 1) to[open.pop()![1]] = after(index + 1);
    else if (code === 0x2069)
      while (isolates > 0) {
        const [kind, control] = open.pop()!;
        to[control] = kind === 2 ? index + 1 : after(index + 1);
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
    const late = backmost[firstAtLeast(positions, end)];
    const k =
      early !== undefined && to[early]! > start ? early : late !== undefined && from[late]! < end ? late : -1;
    if (k !== -1) out[c] = answer[positions[k]!]!;
  });
  return out;
}
