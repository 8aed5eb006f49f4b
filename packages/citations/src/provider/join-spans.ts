import type { Span } from '../types.js';

/**
 * `spans` without empty ones, in start order, each joined to the stretch before it when they overlap or touch, or
 * `joins` says the text between them (`end`..`start`) joins them.
 */
export function joinSpans(
  spans: readonly Span[],
  joins: (end: number, start: number) => boolean = () => false,
): Span[] {
  const joined: Span[] = [];
  for (const { start, end } of spans
    .filter((span) => span.end > span.start)
    .sort((a, b) => a.start - b.start)) {
    const last = joined.at(-1);
    if (last !== undefined && (start <= last.end || joins(last.end, start)))
      last.end = Math.max(last.end, end);
    else joined.push({ start, end });
  }
  return joined;
}
