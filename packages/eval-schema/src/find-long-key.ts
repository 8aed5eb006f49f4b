import { readKey, scanJsonKeys } from './scan-json-keys.js';

// Internal: V8 hashes a string longer than 16,383 UTF-16 units by its length alone, so `JSON.parse` of an object of
// many such keys of one length compares each with all before it (4,000 keys of 16,384 characters: 50 s). Every key of
// a report is a field name of its schema (no schema has a record), so a text holding a far longer key is refused
// before it is parsed.

/**
 * The longest object key a report's JSON text may hold: 1,024 characters (once unescaped), as `gk` reads any JSON
 * file. The longest field name of any report schema, `preregistrationHash`, has 19; no schema has a record, so any
 * other key is unknown to it anyway.
 */
export const MAX_REPORT_KEY_LENGTH = 1024;

/** The first key of a text longer than the bound: its path (the key last) and its length once unescaped. */
export interface LongKey {
  path: Array<string | number>;
  length: number;
}

/**
 * The first object key of `text` longer than `maxLength` once unescaped, with its path; `undefined` when none is.
 * `text` need not be valid JSON (call this before `JSON.parse`): a string counts as a key where an object expects
 * one and a colon follows it. One pass without recursion, each key unescaped at most once: linear in `text`.
 */
export function findLongKey(text: string, maxLength = MAX_REPORT_KEY_LENGTH): LongKey | undefined {
  let length = 0;
  const path = scanJsonKeys(text, ({ start, end }) => {
    // An escape writes one character with two to six, so a key written in at most `maxLength` is short enough.
    if (end - start - 1 <= maxLength) return false;
    length = readKey(text, start, end).length;
    return length > maxLength && isKey(text, end + 1);
  });
  return path === undefined ? undefined : { path, length };
}

/** Whether a colon follows `from`, JSON whitespace aside: the string before it is a key. */
function isKey(text: string, from: number): boolean {
  let index = from;
  while (index < text.length && ' \t\r\n'.includes(text.charAt(index))) index += 1;
  return text.charCodeAt(index) === 0x3a;
}
