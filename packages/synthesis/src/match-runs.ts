// V8 keeps a backtrack entry per repetition of a class under the `u` flag and overflows its stack on a run of
// millions of characters in a text outside Latin-1. These read such runs in capped pieces or by a loop instead.

/** One run: where it starts, its text, and which capture group took it (-1 for none). */
export interface Run {
  index: number;
  text: string;
  group: number;
}

/**
 * The matches of `capped`, a global pattern whose repetition is capped (`{1,65536}`), with adjacent matches taken by
 * the same capture group joined: the matches the uncapped pattern finds, in one linear pass.
 */
export function matchRuns(text: string, capped: RegExp): Run[] {
  const runs: Run[] = [];
  let pieces: string[] = [];
  let end = -1;
  let current: Run | undefined;
  const close = (): void => {
    if (current !== undefined && pieces.length > 1) current.text = pieces.join('');
  };
  for (const match of text.matchAll(capped)) {
    const group = match.findIndex((value, at) => at > 0 && value !== undefined);
    if (current !== undefined && current.group === group && end === match.index) {
      pieces.push(match[0]);
    } else {
      close();
      current = { index: match.index, text: match[0], group };
      pieces = [match[0]];
      runs.push(current);
    }
    end = match.index + match[0].length;
  }
  close();
  return runs;
}

/**
 * Where the run of code points that `one` (a sticky pattern for one code point) takes, ending at `end`, starts:
 * `end` when the code point before it is not taken.
 */
export function runStartBefore(text: string, end: number, one: RegExp): number {
  let at = end;
  while (at > 0) {
    const low = text.charCodeAt(at - 1);
    const high = at > 1 ? text.charCodeAt(at - 2) : 0;
    const from = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? at - 2 : at - 1;
    one.lastIndex = from;
    if (!one.test(text) || one.lastIndex !== at) break;
    at = from;
  }
  return at;
}

/** Where the run of code points that `one` (a sticky pattern for one code point) takes, starting at `start`, ends. */
export function runEndAfter(text: string, start: number, one: RegExp): number {
  let at = start;
  while (at < text.length) {
    one.lastIndex = at;
    if (!one.test(text)) break;
    at = one.lastIndex;
  }
  return at;
}
