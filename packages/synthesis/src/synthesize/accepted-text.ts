import type { Span } from '@gk/citations';
import { endsSentence } from '@gk/model-kit';

/**
 * The completion with the given units cut out, each with the spaces after it; a line a cut left with nothing but
 * a list bullet or number, or a heading's `#`s, is removed, and the spaces a cut left at a line's end are dropped. Lines no cut
 * touched stay exactly as written, so a completion with nothing cut is only trimmed. `cut` holds the spans the
 * verification gave the rejected units (their duplicates included), so the completion is never split a second
 * time.
 */
export function acceptedText(completion: string, cut: readonly Span[]): string {
  let text = '';
  let cursor = 0;
  let line = 0; // the line of `text` being written
  const touched = new Set<number>(); // lines of `text` a cut was made in
  for (const span of [...cut].sort((a, b) => a.start - b.start)) {
    if (span.start < cursor) continue;
    const kept = completion.slice(cursor, span.start);
    text += kept;
    line += countLineBreaks(kept);
    touched.add(line);
    cursor = span.end;
    while (cursor < completion.length && (completion[cursor] === ' ' || completion[cursor] === '\t'))
      cursor++;
  }
  text += completion.slice(cursor);
  if (touched.size === 0) return text.trim();
  const lines: string[] = [];
  text.split('\n').forEach((content, index) => {
    if (!touched.has(index)) lines.push(content);
    else if (!EMPTIED_LINE.test(content)) lines.push(trimSpacesEnd(content));
  });
  return lines.join('\n').trim();
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) count++;
  return count;
}

// A loop, not /[ \t]+$/gm, which backtracks over every run of spaces inside a line (quadratic in the run).
function trimSpacesEnd(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  return line.slice(0, end);
}

/** A line left with nothing but a list bullet or number, or a heading's `#`s, after its claim was cut. */
export const EMPTIED_LINE = /^[ \t]*(?:[-*+\u2022]|[0-9]{1,3}[.)]|#{1,6})[ \t]*$/;

/**
 * Whether the next unit of the completion carries on the sentence of `unit` (the earlier unit's text), with
 * `between` the completion between them: `unit` ends without a sentence terminator (markers, closing quotes and
 * emphasis aside) and `between` holds only spaces, at most one line break and block-quote markers, so Markdown
 * renders the two as one sentence of one paragraph. A blank line, a list item or any other text between them
 * starts something new. The verifier splits units at a soft line break, so cutting one half of such a sentence
 * and keeping the other could show the opposite of what the model said ("It is false that" / "the deposit is
 * returned"). Linear in `between` and the end of `unit`.
 */
export function continuesSentence(unit: string, between: string): boolean {
  let breaks = 0;
  for (let at = 0; at < between.length; at++) {
    const char = between[at]!;
    if (char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029') {
      if (char === '\n' && between[at - 1] === '\r') continue;
      if (++breaks > 1) return false;
    } else if (char !== ' ' && char !== '\t' && char !== '>') return false;
  }
  return !endsSentence(unit);
}

// Whether a unit's text ends its sentence, read before its trailing markers and closers: no unit can carry it on.
export { endsSentence };
