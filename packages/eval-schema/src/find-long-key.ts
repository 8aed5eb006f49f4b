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

/** An object of the text (where its current key is written) or an array (its current index). */
type Frame = { object: true; keyStart: number; keyEnd: number } | { object: false; index: number };

/**
 * The first object key of `text` longer than `maxLength` once unescaped, with its path; `undefined` when none is.
 * `text` need not be valid JSON (call this before `JSON.parse`): a string counts as a key where an object expects
 * one and a colon follows it. One pass without recursion, each key unescaped at most once: linear in `text`.
 */
export function findLongKey(text: string, maxLength = MAX_REPORT_KEY_LENGTH): LongKey | undefined {
  const frames: Frame[] = [];
  let expectKey = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      const start = index;
      index = closingQuote(text, index);
      const frame = frames.at(-1);
      if (!expectKey || frame === undefined || !frame.object) continue;
      expectKey = false;
      frame.keyStart = start;
      frame.keyEnd = index;
      // An escape writes one character with two to six, so a key written in at most `maxLength` is short enough.
      if (index - start - 1 <= maxLength) continue;
      const { length } = readKey(text, start, index);
      if (length > maxLength && isKey(text, index + 1)) return { path: pathOf(frames, text), length };
    } else if (code === 0x7b) {
      frames.push({ object: true, keyStart: 0, keyEnd: 0 });
      expectKey = true;
    } else if (code === 0x5b) {
      frames.push({ object: false, index: 0 });
      expectKey = false;
    } else if (code === 0x2c) {
      const frame = frames.at(-1);
      if (frame !== undefined && !frame.object) frame.index += 1;
      else expectKey = true;
    } else if (code === 0x7d || code === 0x5d) {
      frames.pop();
      expectKey = false;
    }
  }
  return undefined;
}

/** Index of the quote that closes the string opening at `start`, past escaped characters; the text's length if none. */
function closingQuote(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && text.charCodeAt(index) !== 0x22) {
    index += text.charCodeAt(index) === 0x5c ? 2 : 1;
  }
  return Math.min(index, text.length);
}

/** The string written between the quotes at `start` and `end`, escapes read; as written when it is no valid string. */
function readKey(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(text.slice(start, end + 1)) as string;
  } catch {
    return raw;
  }
}

/** Whether a colon follows `from`, JSON whitespace aside: the string before it is a key. */
function isKey(text: string, from: number): boolean {
  let index = from;
  while (index < text.length && ' \t\r\n'.includes(text.charAt(index))) index += 1;
  return text.charCodeAt(index) === 0x3a;
}

function pathOf(frames: readonly Frame[], text: string): Array<string | number> {
  return frames.map((frame) => (frame.object ? readKey(text, frame.keyStart, frame.keyEnd) : frame.index));
}
