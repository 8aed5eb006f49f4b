import type { Span } from '@gk/citations';

/**
 * The completion with the given units cut out, each with the spaces after it, and lines left with nothing but
 * a list bullet or number removed. `cut` holds the spans the verification gave the rejected units (their
 * duplicates included), so the completion is never split a second time.
 */
export function acceptedText(completion: string, cut: readonly Span[]): string {
  let text = '';
  let cursor = 0;
  for (const span of [...cut].sort((a, b) => a.start - b.start)) {
    if (span.start < cursor) continue;
    text += completion.slice(cursor, span.start);
    cursor = span.end;
    while (cursor < completion.length && (completion[cursor] === ' ' || completion[cursor] === '\t'))
      cursor++;
  }
  return (text + completion.slice(cursor))
    .split('\n')
    .filter((line) => !EMPTIED_LINE.test(line))
    .map(trimSpacesEnd)
    .join('\n')
    .trim();
}

// A loop, not /[ \t]+$/gm, which backtracks over every run of spaces inside a line (quadratic in the run).
function trimSpacesEnd(line: string): string {
  let end = line.length;
  while (end > 0 && (line[end - 1] === ' ' || line[end - 1] === '\t')) end--;
  return line.slice(0, end);
}

// A line left with nothing but a list bullet or number after its claim was cut.
const EMPTIED_LINE = /^[ \t]*(?:[-*+\u2022]|[0-9]{1,3}[.)])[ \t]*$/;
