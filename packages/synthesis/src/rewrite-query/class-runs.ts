/** A run of characters `classRuns` read: its text and where it starts. */
export interface ClassRun {
  text: string;
  index: number;
}

/**
 * Each longest run of `pattern`'s characters in `text`, left to right, as `text.matchAll(/[…]+/gu)` reads them, where
 * `pattern` (global) reads at most 2^16 of them a match (`/[…]{1,65536}/gu`): adjacent pieces are joined. V8 keeps a
 * backtrack entry per character a repeated class reads in a string beyond Latin-1, so an unbounded run of millions
 * overflows its stack. Linear in the text.
 */
export function classRuns(text: string, pattern: RegExp): ClassRun[] {
  const runs: ClassRun[] = [];
  let end = -1;
  for (const { 0: piece, index } of text.matchAll(pattern)) {
    const last = runs.at(-1);
    if (last !== undefined && index === end) last.text += piece;
    else runs.push({ text: piece, index });
    end = index + piece.length;
  }
  return runs;
}
