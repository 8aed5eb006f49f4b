import { pointAt } from './find-with-tail.js';

// What a local part and a domain label take (see EMAIL in identifier-rules.ts): one code point at a time.
const LOCAL = /^[\p{L}\p{N}\p{M}._%+-]$/u;
const LABEL = /^[\p{L}\p{N}\p{M}_-]$/u;

/** The code point ending just before `index` of `text`, as a string ('' at the start). */
const pointBefore = (text: string, index: number): string => {
  if (index <= 0) return '';
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(index - 2, index);
  }
  return text[index - 1]!;
};

/**
 * Every e-mail address in `text`, as the regular expression
 * `/(?<![L])[L]+@[D]+[D.]*?(?![D]|\.[D])/giu` finds them (`L` what a local part takes, `D` what a label takes): a
 * local part that starts a run of its characters, `@`, labels joined by single dots. Read by scanning code points, so
 * a run of millions of them in a text outside Latin-1 costs no regular expression stack (the expression overflowed
 * V8's past about 4.2 million). Linear: a local part is read back from its `@` no further than the last match's end.
 */
export function findEmails(text: string): string[] {
  const found: string[] = [];
  let cursor = 0; // where the next match may start: the end of the last one
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (at <= cursor) continue;
    let start = at;
    for (
      let point = pointBefore(text, start);
      point !== '' && LOCAL.test(point);
      point = pointBefore(text, start)
    ) {
      start -= point.length;
      if (start <= cursor) break;
    }
    // The local part starts a run: the code point before it takes no part, nor one past the last match's end.
    if (start === at || (start <= cursor && (start < cursor || LOCAL.test(pointBefore(text, cursor)))))
      continue;
    let end = at + 1;
    for (;;) {
      const point = pointAt(text, end);
      if (point !== '' && LABEL.test(point)) end += point.length;
      else if (end > at + 1 && point === '.' && LABEL.test(pointAt(text, end + 1))) end += 1;
      else break;
    }
    if (end === at + 1) continue;
    found.push(text.slice(start, end));
    cursor = end;
    at = end - 1;
  }
  return found;
}
