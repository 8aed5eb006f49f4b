import type { CompiledPattern } from './redactor.js';

/** A token that stands for `text.slice(start, end)` of the text being redacted. */
export interface TokenSpan {
  start: number;
  end: number;
  token: string;
}

// How far from a token a match it reveals may reach: the longest default e-mail address is about 700 characters.
const REACH = 2048;
// Characters read beyond the searched part of a window, for lookbehinds and lookaheads that look past a match.
const CONTEXT = 32;
// How far past a token's end a match it reveals may start (the default patterns look one character back).
const LOOKBEHIND = 16;
// The first window searched before a token; it grows fourfold up to REACH while nothing is found.
const FIRST_WINDOW = 64;
// How far back, in tokens adjacent to the last, a match found after a run of tokens may start: far enough for a
// quoted value that reads as one again over a few tokens (`"api_key": "[SECRET_1][SECRET_2][EMAIL_1] hunter2"`).
const RUN = 64;
// How far past the gap after a run of tokens, over the tokens and text that follow, a match found there may end
// (`"api_key": "[SECRET_1]@[EMAIL_1]@example.org"` reads as one value over two runs).
const SPAN = 224;

/** A stretch of a window: `from`–`to` of the text, and the start of its gap (raw text) or -1 (a whole token). */
interface Segment {
  at: number;
  from: number;
  to: number;
  gap: number;
}

interface Window {
  text: string;
  segments: Segment[];
  /** Where the searched text starts. */
  offset: number;
  /** Where each token of the run of adjacent tokens before the searched text starts, in order. */
  run: number[];
  /** A match ending past this offset may rest on the window's cut rather than on the text. */
  safeEnd: number;
}

interface Found {
  parts: Array<{ from: number; to: number; gap: number }>;
  label: string;
}

/**
 * Adds tokens until no pattern matches `text` outside tokens (`coverAsRead` runs it on the text as the model reads
 * it); `tokenFor` names the token for `text.slice(from, to)`. Text between tokens that no
 * pattern matched can read as a match once a neighbour is a token (a boundary check sees `]` or `[` instead of a
 * letter), so each token edge is searched again where it changed the text, and each new token's edges in turn:
 * after a token from its start (a match may begin inside it; only its part past the token is taken), before a
 * token from a window that grows while nothing is found. Every window is bounded, so the work stays linear.
 */
export function coverRevealedMatches(
  text: string,
  spans: readonly TokenSpan[],
  patterns: readonly CompiledPattern[],
  tokenFor: (label: string, from: number, to: number) => string,
): TokenSpan[] {
  const n = text.length;
  // By position: the end of the token that starts there, the start of the token that ends there, and the same
  // for gaps (the raw text between tokens, possibly empty).
  const tokenEnd = new Int32Array(n + 1).fill(-1);
  const tokenStart = new Int32Array(n + 1).fill(-1);
  const gapEnd = new Int32Array(n + 1);
  const gapStart = new Int32Array(n + 1);
  const tokens: string[] = []; // by start
  // Edges to search: 2p + 1 after the token ending at p, 2p before the token starting at p.
  const work: number[] = [];
  /** The start of the run of adjacent tokens that ends with the token starting at `start` (RUN characters at most). */
  const runStartOf = (start: number): number => {
    let budget = RUN - (tokens[start] as string).length;
    for (let before = tokenStart[start] as number; before !== -1; before = tokenStart[start] as number) {
      budget -= (tokens[before] as string).length;
      if (budget < 0) break;
      start = before;
    }
    return start;
  };
  /** The end of the run of adjacent tokens that starts with the token ending at `end` (RUN characters at most). */
  const runEndOf = (end: number): number => {
    let budget = RUN - (tokens[tokenStart[end] as number] as string).length;
    for (let after = tokenEnd[end] as number; after !== -1; after = tokenEnd[end] as number) {
      budget -= (tokens[end] as string).length;
      if (budget < 0) break;
      end = after;
    }
    return end;
  };
  // A match may start at an earlier token of a run and run over the rest, so a new token has the edge after the
  // run it ends searched again.
  const addToken = (from: number, to: number, token: string): void => {
    tokenEnd[from] = to;
    tokenStart[to] = from;
    tokens[from] = token;
    work.push(2 * from, 2 * runEndOf(to) + 1);
  };
  let cursor = 0;
  for (const { start, end, token } of spans) {
    gapEnd[cursor] = start;
    gapStart[start] = cursor;
    addToken(start, end, token);
    cursor = end;
  }
  gapEnd[cursor] = n;
  gapStart[n] = cursor;

  /**
   * The text from `from` (in the gap starting at `gap`) to `until`, after the run of adjacent tokens ending at `from`
   * (RUN characters of them at most) when `withRun` and CONTEXT characters before that, and, when `until` is the gap's
   * end, CONTEXT characters past it, its token first (SPAN more after a run). `offset` is the offset of `from` in it.
   */
  const buildWindow = (from: number, gap: number, until: number, withRun: boolean): Window => {
    const headEnd = withRun ? runStartOf(tokenStart[from] as number) : from;
    // Backwards from `headEnd`: the segments are collected last first, with offsets counted from the end.
    const before: Segment[] = [];
    let head = '';
    let want = CONTEXT;
    let at = headEnd;
    let g = withRun ? (gapStart[headEnd] as number) : gap;
    for (;;) {
      const raw = Math.max(g, at - want);
      if (raw < at) {
        head = text.slice(raw, at) + head;
        before.push({ at: head.length, from: raw, to: at, gap: g });
      }
      want -= at - raw;
      if (g === 0 || raw > g || want <= 0) break;
      const start = tokenStart[g] as number;
      const token = tokens[start] as string;
      head = token + head;
      before.push({ at: head.length, from: start, to: g, gap: -1 });
      want -= token.length;
      at = start;
      g = gapStart[start] as number;
      if (want <= 0) break;
    }
    const segments: Segment[] = [];
    for (let i = before.length - 1; i >= 0; i--) {
      const segment = before[i] as Segment;
      segment.at = head.length - segment.at;
      segments.push(segment);
    }
    let window = head;
    const push = (piece: string, from: number, to: number, gap: number): void => {
      segments.push({ at: window.length, from, to, gap });
      window += piece;
    };
    const run: number[] = [];
    for (let position = headEnd; position < from; position = tokenEnd[position] as number) {
      run.push(window.length);
      push(tokens[position] as string, position, tokenEnd[position] as number, -1);
    }
    const offset = window.length;
    if (until > from) push(text.slice(from, until), from, until, gap);
    let position = until;
    if (until === gapEnd[gap]) {
      for (let left = CONTEXT + (withRun ? SPAN : 0); left > 0 && position < n; ) {
        const end = tokenEnd[position] as number;
        const token = tokens[position] as string;
        push(token, position, end, -1);
        left -= token.length;
        const stop = Math.min(gapEnd[end] as number, end + Math.max(left, 0));
        if (stop > end) push(text.slice(end, stop), end, stop, end);
        left -= stop - end;
        position = stop;
        if (stop < (gapEnd[end] as number)) break;
      }
    }
    return {
      text: window,
      segments,
      offset,
      run,
      safeEnd: position === n ? window.length : window.length - CONTEXT,
    };
  };

  /**
   * The earliest (then longest) match of any pattern that starts at or after `from`, before `limit`, and takes raw
   * text; `anchored` searches only the starts up to `limit` (after a token), not the whole window.
   */
  const search = (window: Window, from: number, limit: number, anchored: boolean): Found | undefined => {
    let best: (Found & { start: number; end: number }) | undefined;
    for (const { label, pattern } of patterns) {
      for (
        let at = from, match = nextMatch(pattern, window.text, at, limit, anchored);
        match !== undefined;
      ) {
        if (match.end > window.safeEnd) break;
        const parts = rawParts(window.segments, match.start, match.end);
        if (parts.length > 0) {
          const start = parts[0]?.from as number;
          if (best === undefined || start < best.start || (start === best.start && match.end > best.end))
            best = { parts, label, start, end: match.end };
          break;
        }
        at = match.end; // wholly inside tokens
        match = nextMatch(pattern, window.text, at, limit, anchored);
      }
    }
    return best;
  };

  const take = (found: Found): void => {
    for (const { from, to, gap } of found.parts) {
      const end = gapEnd[gap] as number;
      gapEnd[gap] = from;
      gapStart[from] = gap;
      gapEnd[to] = end;
      gapStart[end] = to;
      addToken(from, to, tokenFor(found.label, from, to));
    }
  };

  while (work.length > 0) {
    const edge = work.pop() as number;
    const position = edge >> 1;
    let found: Found | undefined;
    if (edge % 2 === 1) {
      // After a run of tokens: a match may begin at the start of one of them, or anywhere inside the last; only its
      // part past the run is taken.
      const until = Math.min(gapEnd[position] as number, position + REACH);
      if (until === position) continue;
      const window = buildWindow(position, position, until, true);
      const last = window.run.length - 1;
      // At the start of each earlier token of the run, then anywhere from the start of the last.
      for (let index = 0; index < last && found === undefined; index++) {
        const start = window.run[index] as number;
        found = search(window, start, start + 1, true);
      }
      found ??= search(window, window.run[last] as number, window.offset + LOOKBEHIND + 1, true);
    } else {
      // Before a token: a window ending there, grown while nothing is found.
      const gap = gapStart[position] as number;
      for (let size = FIRST_WINDOW; found === undefined && gap < position; size *= 4) {
        const from = Math.max(gap, position - Math.min(size, REACH));
        const window = buildWindow(from, gap, position, false);
        found = search(window, window.offset, window.offset + position - from, false);
        if (from === gap || size >= REACH) break;
      }
    }
    if (found !== undefined) {
      take(found);
      work.push(edge); // the rest of the edge's gap, in the text as it now reads
    }
  }

  const result: TokenSpan[] = [];
  for (
    let position = gapEnd[0] as number;
    position < n;
    position = gapEnd[tokenEnd[position] as number] as number
  ) {
    result.push({ start: position, end: tokenEnd[position] as number, token: tokens[position] as string });
  }
  return result;
}

/** The parts of window offsets `start`–`end` that are raw text, as positions in the text with their gap. */
function rawParts(segments: readonly Segment[], start: number, end: number): Found['parts'] {
  const parts: Found['parts'] = [];
  for (const { at, from, to, gap } of segments) {
    if (gap === -1 || at + (to - from) <= start || at >= end) continue;
    parts.push({ from: from + Math.max(0, start - at), to: from + Math.min(to - from, end - at), gap });
  }
  return parts;
}

interface Searchers {
  sticky: RegExp;
  /** By K: a sticky regex whose match ends where the pattern first matches within K characters. */
  probes: Map<number, RegExp>;
}

const searchers = new WeakMap<RegExp, Searchers>();

/**
 * The first non-empty match of `pattern` in `text` starting from `from` and before `limit`. Anchored, only those
 * starts are tried (a probe that looks ahead for the pattern at each of them, in one call), so the work does not
 * depend on how much text follows; otherwise the search runs on through the text like `exec`.
 */
function nextMatch(
  pattern: RegExp,
  text: string,
  from: number,
  limit: number,
  anchored: boolean,
): { start: number; end: number } | undefined {
  for (let at = from; at < limit; ) {
    let start: number;
    let end: number;
    if (anchored) {
      let own = searchers.get(pattern);
      if (own === undefined) {
        own = { sticky: new RegExp(pattern.source, `${pattern.flags.replace('g', '')}y`), probes: new Map() };
        searchers.set(pattern, own);
      }
      // Rounded up to a multiple of 16, so that a pattern has a few probes: a start found past `limit` is no match.
      const span = Math.ceil((limit - at - 1) / 16) * 16;
      let probe = own.probes.get(span);
      if (probe === undefined) {
        probe = new RegExp(`[\\s\\S]{0,${span}}?(?=(?:${pattern.source}))`, own.sticky.flags);
        own.probes.set(span, probe);
      }
      probe.lastIndex = at;
      const found = probe.exec(text);
      if (found === null) return undefined;
      start = found.index + found[0].length;
      own.sticky.lastIndex = start;
      end = start + (own.sticky.exec(text)?.[0].length ?? 0);
    } else {
      pattern.lastIndex = at;
      const found = pattern.exec(text);
      pattern.lastIndex = 0; // `matchAll` starts where `lastIndex` stands
      if (found === null) return undefined;
      start = found.index;
      end = start + found[0].length;
    }
    if (start >= limit) return undefined;
    if (end > start) return { start, end };
    at = start + 1;
  }
  return undefined;
}
