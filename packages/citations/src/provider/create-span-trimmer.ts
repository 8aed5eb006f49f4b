import type { Span } from '../types.js';

const SPACE = /\s/;

/**
 * Trims whitespace off the ends of spans of one text. The first call maps, in one pass each way, every offset
 * to the nearest non-space boundary, so trimming any number of spans walks each whitespace run once.
 */
export function createSpanTrimmer(text: string): (span: Span) => Span {
  let tables: { forward: Int32Array; backward: Int32Array } | undefined;
  return ({ start, end }) => {
    if (start >= end) return { start, end };
    if (!SPACE.test(text[start]!) && !SPACE.test(text[end - 1]!)) return { start, end };
    tables ??= buildTables(text);
    const from = Math.min(tables.forward[start]!, end);
    return { start: from, end: Math.max(from, tables.backward[end]!) };
  };
}

/** forward[i]: i moved past the whitespace that starts there; backward[i]: i moved back before the whitespace that ends there. */
function buildTables(text: string): {
  forward: Int32Array;
  backward: Int32Array;
} {
  const forward = new Int32Array(text.length + 1);
  const backward = new Int32Array(text.length + 1);
  forward[text.length] = text.length;
  for (let i = text.length - 1; i >= 0; i--) forward[i] = SPACE.test(text[i]!) ? forward[i + 1]! : i;
  for (let i = 1; i <= text.length; i++) backward[i] = SPACE.test(text[i - 1]!) ? backward[i - 1]! : i;
  return { forward, backward };
}
