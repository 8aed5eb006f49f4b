import { coverRevealedMatches, type TokenSpan } from './cover-revealed-matches.js';
import type { ReadingView } from './reading-view.js';
import type { CompiledPattern } from './redactor.js';

/** Where the positions of a text stand among the units of its reading view (a unit: one code unit of the view). */
export interface ReadingUnits {
  view: ReadingView;
  /** By position p of the original (0…length): the first unit that starts at or after p. */
  unitAt: Int32Array;
  /** By position p of the original: the unit whose slice holds p past its first character, or -1. */
  inside: Int32Array;
}

/** Indexes `view`, the reading view of a text of `length` code units. */
export function readingUnits(view: ReadingView, length: number): ReadingUnits {
  const unitAt = new Int32Array(length + 1);
  const inside = new Int32Array(length).fill(-1);
  const count = view.text.length;
  let unit = 0;
  for (let p = 0; p <= length; p++) {
    while (unit < count && (view.starts[unit] as number) < p) unit += 1;
    unitAt[p] = unit;
  }
  for (let u = 0; u < count; u++)
    for (let p = (view.starts[u] as number) + 1; p < (view.ends[u] as number); p++) inside[p] = u;
  return { view, unitAt, inside };
}

/** `start`–`end` widened so it cuts no unit in two (a match on the text as written may end inside `%40`). */
export function snapToUnits(units: ReadingUnits, start: number, end: number): { start: number; end: number } {
  const first = start < units.inside.length ? (units.inside[start] as number) : -1;
  const last = end < units.inside.length ? (units.inside[end] as number) : -1;
  return {
    start: first === -1 ? start : (units.view.starts[first] as number),
    end: last === -1 ? end : (units.view.ends[last] as number),
  };
}

/**
 * Adds tokens to `spans` (in order, not overlapping, cutting no unit) until no pattern matches the text as the model
 * reads it outside tokens: the search runs on the reading view, where `ａ＠ｂ.org` is an address and an invisible
 * character joins its neighbours, and each token it adds stands for the original characters its slice reads from.
 * A span that reads as nothing (a pattern of the caller's that matches an invisible character) stays as it is; a
 * token added around it is cut in two there. Without `units`, the text reads as written.
 */
export function coverAsRead(
  text: string,
  units: ReadingUnits | undefined,
  spans: readonly TokenSpan[],
  patterns: readonly CompiledPattern[],
  tokenFor: (label: string, value: string) => string,
): TokenSpan[] {
  if (units === undefined)
    return coverRevealedMatches(text, spans, patterns, (label, from, to) =>
      tokenFor(label, text.slice(from, to)),
    );
  const { view, unitAt } = units;
  const read: TokenSpan[] = [];
  const unread: TokenSpan[] = [];
  // The given spans by where they start in the view: each keeps its own slice, invisible characters at its edges too.
  const given = new Map<number, TokenSpan>();
  for (const span of spans) {
    const start = unitAt[span.start] as number;
    const end = unitAt[span.end] as number;
    if (end === start) {
      unread.push(span);
      continue;
    }
    read.push({ start, end, token: span.token });
    given.set(start, span);
  }
  const covered = coverRevealedMatches(view.text, read, patterns, (label, from, to) =>
    tokenFor(label, text.slice(view.starts[from] as number, view.ends[to - 1] as number)),
  );
  const result: TokenSpan[] = [];
  let next = 0;
  for (const { start, end, token } of covered) {
    const own = given.get(start);
    if (own !== undefined && own.token === token) {
      for (; next < unread.length && (unread[next] as TokenSpan).start < own.start; next++)
        result.push(unread[next] as TokenSpan);
      result.push(own);
      continue;
    }
    // An added token: the characters its slice of the view reads from, less any span that reads as nothing.
    let from = view.starts[start] as number;
    const to = view.ends[end - 1] as number;
    let cut = false;
    for (; next < unread.length && (unread[next] as TokenSpan).start < to; next++) {
      const span = unread[next] as TokenSpan;
      if (span.start > from) {
        result.push(piece(text, from, span.start, token, tokenFor));
        cut = true;
      }
      result.push(span);
      from = Math.max(from, span.end);
    }
    result.push(cut ? piece(text, from, to, token, tokenFor) : { start: from, end: to, token });
  }
  for (; next < unread.length; next++) result.push(unread[next] as TokenSpan);
  return result;
}

/** A token of `token`'s kind for `text.slice(from, to)`, part of the slice `token` was issued for. */
function piece(
  text: string,
  from: number,
  to: number,
  token: string,
  tokenFor: (label: string, value: string) => string,
): TokenSpan {
  return {
    start: from,
    end: to,
    token: tokenFor(token.slice(1, token.lastIndexOf('_')), text.slice(from, to)),
  };
}
