import { listMarkerEnd } from './list-marker-end.js';

/**
 * Where the block-quote marks and list items' bullets or numbers that open `text` at `from` end, each after its
 * indentation: what `(?:[ \t]*(?:>|(?:[-*+]|\d{1,9}[.)])(?=[ \t])))*` matches there, read as a scan. The regex keeps
 * one backtrack entry per mark, and a long enough run of marks (`>>>…`, `- - - …`) overflows V8's regexp stack; the
 * scan reads each character once. `quotesOnly`: block-quote marks alone (`(?:[ \t]*>)*`).
 */
export function containerMarksEnd(text: string, from = 0, quotesOnly = false): number {
  let end = from;
  for (;;) {
    let at = end;
    while (text[at] === ' ' || text[at] === '\t') at++;
    const char = text[at];
    if (char === '>') {
      end = at + 1;
      continue;
    }
    if (quotesOnly) return end;
    const next = listMarkerEnd(text, at);
    if (next === -1 || (text[next] !== ' ' && text[next] !== '\t')) return end;
    end = next;
  }
}
