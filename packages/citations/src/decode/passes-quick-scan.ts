import { addKey, type KeySet } from './key-set.js';
import { isSpace } from './unwrap-fence.js';

/**
 * The checks of {@link scanJson} that `JSON.parse` does not make, in a cheaper pass that assumes the text is
 * valid JSON: `JSON.parse` runs right after and throws for any syntax error, and every doubt (a throw, a
 * `false` here) goes to the full `scanJson`, which explains the problem with its position.
 */

const wellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/** Whether `key` is `__proto__`, `constructor` or `prototype`: refused at any depth (`scanJson` shares it). */
export const isForbiddenKey = (key: string): boolean =>
  key === '__proto__' || key === 'constructor' || key === 'prototype';

/**
 * Whether `text.slice(start, end)`, provided `JSON.parse` accepts it, certainly passes `scanJson`: depth at
 * most `maxDepth`, no repeated or forbidden key at any depth, no lone surrogate, no number with an exponent or
 * more than 15 digits before its point (those are left to `scanJson` to judge exactly). Linear; strings are
 * skipped natively.
 */
export function passesQuickScan(text: string, start: number, end: number, maxDepth: number): boolean {
  if (wellFormed === undefined || !wellFormed.call(text)) return false;
  const backslash = text.indexOf('\\', start);
  const escapes = backslash >= 0 && backslash < end;
  const scan: QuickScan = { text, end, escapes, unicodeEscape: -1, keySets: [] };
  const keySets = scan.keySets;
  let pos = start;
  while (pos < end) {
    const c = text.charCodeAt(pos);
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x3a) {
      pos++;
      while (pos < end && text.charCodeAt(pos) === 0x20) pos++; // indentation
    } else if (c === 0x22) {
      if (escapes) pos = skipString(scan, pos);
      else {
        const close = text.indexOf('"', pos + 1);
        pos = close < 0 || close >= end ? -1 : close + 1;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (keySets.length >= maxDepth) return false;
      keySets.push(c === 0x7b ? { list: [], buckets: null } : null);
      pos = c === 0x7b ? readKey(scan, pos + 1) : pos + 1;
    } else if (c === 0x7d || c === 0x5d) {
      keySets.pop();
      pos++;
    } else if (c === 0x2c) {
      pos = keySets[keySets.length - 1] ? readKey(scan, pos + 1) : pos + 1;
    } else if (c === 0x74 || c === 0x6e) {
      pos += 4; // true, null
    } else if (c === 0x66) {
      pos += 5; // false
    } else {
      pos = skipNumber(text, pos, end);
    }
    if (pos < 0) return false;
  }
  return true;
}

interface QuickScan {
  text: string;
  end: number;
  /** Whether the text holds a backslash at all; without one, every string ends at the next quote. */
  escapes: boolean;
  /** The position of the next `\\u` at or after the string being skipped (searched again only once passed). */
  unicodeEscape: number;
  /** The keys of each open container; null for an array. */
  keySets: Array<KeySet | null>;
}

/**
 * The position after a number; -1 for one that `scanJson` should judge (an exponent, more than 15 digits before
 * any point: `9007199254740993.0` is an integer a double changes).
 */
function skipNumber(text: string, from: number, end: number): number {
  let pos = from;
  let digits = 0;
  let fraction = false;
  for (; pos < end; pos++) {
    const d = text.charCodeAt(pos);
    if (d >= 0x30 && d <= 0x39) digits += fraction ? 0 : 1;
    else if (d === 0x2e) fraction = true;
    else if (d === 0x65 || d === 0x45) return -1;
    else if (d !== 0x2d) break;
  }
  return pos === from || digits > 15 ? -1 : pos;
}

/** Reads the key (if any) after `{` or `,` and records it; -1 for a repeated, forbidden or doubtful key. */
function readKey(scan: QuickScan, from: number): number {
  const { text, end, keySets } = scan;
  let open = from;
  while (open < end && isSpace(text.charCodeAt(open))) open++;
  if (text.charCodeAt(open) !== 0x22) return open; // `{}`, or invalid JSON that JSON.parse refuses
  const close = scan.escapes ? skipString(scan, open) : text.indexOf('"', open + 1) + 1;
  if (close <= 0 || close > end) return -1;
  const raw = text.slice(open + 1, close - 1);
  const key = scan.escapes && raw.includes('\\') ? decodeString(text.slice(open, close)) : raw;
  if (key === null || isForbiddenKey(key)) return -1;
  return addKey(keySets[keySets.length - 1]!, key) ? close : -1;
}

/** The position after the string opened at `open`; -1 when it does not close or holds an escaped lone surrogate. */
function skipString(scan: QuickScan, open: number): number {
  const { text, end } = scan;
  let close = text.indexOf('"', open + 1);
  if (!scan.escapes) return close < 0 || close >= end ? -1 : close + 1;
  while (close >= 0 && close < end) {
    let backslashes = 0;
    while (text.charCodeAt(close - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) {
      // `\ud800` is well-formed text but decodes to a lone surrogate: decode strings holding `\u` to check.
      if (scan.unicodeEscape < open) scan.unicodeEscape = text.indexOf('\\u', open) >>> 0; // -1 → 2^32 - 1
      if (scan.unicodeEscape < close && decodeString(text.slice(open, close + 1)) === null) return -1;
      return close + 1;
    }
    close = text.indexOf('"', close + 1);
  }
  return -1;
}

/** The decoded value of a string literal, or null when it is invalid or holds a lone surrogate. */
function decodeString(literal: string): string | null {
  try {
    const value = JSON.parse(literal) as string;
    return wellFormed!.call(value) ? value : null;
  } catch {
    return null;
  }
}
