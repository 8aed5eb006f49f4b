import { listMarkerEnd } from './list-marker-end.js';

/**
 * Where the block-quote marks and list items' bullets or numbers that open `line` end, each after up to three spaces
 * and with the space or tab after it: what `(?: {0,3}(?:>[ \t]?|(?:[-+*]|\d{1,9}[.)])[ \t]))*` matches at the
 * line's start, read as a scan. Once V8 compiles regular expressions without optimizations (a process that has
 * compiled many), that loop keeps backtrack entries for each mark, and two million `> ` overflowed its stack; the
 * scan reads each character once.
 */
export function blockContainersEnd(line: string): number {
  let end = 0;
  for (;;) {
    let at = end;
    while (at - end < 3 && line[at] === ' ') at++;
    const char = line[at];
    if (char === '>') {
      end = isSpaceOrTab(line[at + 1]) ? at + 2 : at + 1;
      continue;
    }
    const next = listMarkerEnd(line, at);
    if (next === -1 || !isSpaceOrTab(line[next])) return end;
    end = next + 1;
  }
}

/** Where the run of spaces and tabs at `from` in `text` ends: a scan, where `[ \t]*` would keep an entry per space. */
export function spacesEnd(text: string, from: number): number {
  let at = from;
  while (isSpaceOrTab(text[at])) at++;
  return at;
}

const isSpaceOrTab = (char: string | undefined): boolean => char === ' ' || char === '\t';
