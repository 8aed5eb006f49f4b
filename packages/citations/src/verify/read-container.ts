import { spacesEnd } from './block-containers-end.js';
import { listMarkerEnd } from './list-marker-end.js';

/**
 * What opens a line, as the match of
 * `^((?:[ \t]{0,3}>[ \t]?)*)([ \t]*)(#{1,6}(?:[ \t]|$)|(?:[-*+]|\d{1,9}[.)])[ \t]+)?` reads it: the whole prefix,
 * the block-quote marks (each with one space or tab after it), the spaces after them, and an ATX heading's hashes or
 * a GFM list item's bullet or number with the spaces after it (undefined: none).
 */
export type Container = readonly [whole: string, quote: string, space: string, opener: string | undefined];

/**
 * The line's {@link Container}, read as a scan: once V8 compiles regular expressions without optimizations (a
 * process that has compiled many), the regex keeps backtrack entries for each mark and each space, and a line of
 * two million `> ` overflowed its stack. Any line has one (maybe all empty).
 */
export function readContainer(line: string): Container {
  let quoteEnd = 0;
  for (;;) {
    let at = quoteEnd;
    while (at - quoteEnd < 3 && (line[at] === ' ' || line[at] === '\t')) at++;
    if (line[at] !== '>') break;
    quoteEnd = line[at + 1] === ' ' || line[at + 1] === '\t' ? at + 2 : at + 1;
  }
  const spaceEnd = spacesEnd(line, quoteEnd);
  const openerEnd = openerEndAt(line, spaceEnd);
  return [
    line.slice(0, openerEnd),
    line.slice(0, quoteEnd),
    line.slice(quoteEnd, spaceEnd),
    openerEnd === spaceEnd ? undefined : line.slice(spaceEnd, openerEnd),
  ];
}

/** Where a heading's hashes or a list item's bullet or number, with the spaces after it, end at `at` (else `at`). */
function openerEndAt(line: string, at: number): number {
  let next = at;
  while (next - at < 7 && line[next] === '#') next++;
  if (next > at) {
    if (next - at > 6) return at;
    if (next === line.length) return next;
    return line[next] === ' ' || line[next] === '\t' ? next + 1 : at;
  }
  next = listMarkerEnd(line, at);
  if (next === -1) return at;
  const end = spacesEnd(line, next);
  return end > next ? end : at;
}
