import { escapeTerminalJson } from '../terminal/escape-terminal-text.js';

// A string that does not match is ASCII with nothing to escape: its bytes are its characters.
const NOT_PLAIN_ASCII = /["\\\u0000-\u001f\u007f-\uffff]/;
// What JSON.stringify escapes: quote, backslash, controls, surrogates (a string with a pair goes to
// JSON.stringify, which keeps the pair as it is and escapes only lone ones); and what escapeTerminalJson escapes after
// it (DEL, C1 and bidirectional controls, U+2028, U+2029), so model text cannot drive the terminal the output is on.
const NEEDS_ESCAPE =
  /["\\\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]/;
const stringify = (value: unknown): string => escapeTerminalJson(JSON.stringify(value));
// Shorter strings are gathered and encoded together; longer ones are written into the buffer directly.
const LONG = 64;
// Within a line, the last RECENT strings at least this long are remembered where they were written and copied from
// there when they come again: a passage's text appears in every citation of it. They are compared with `===` (the
// same string object is equal at once), not looked up in a map: hashing a fresh string costs more than escaping it.
const REPEATED = 256;
const RECENT = 8;
const KEYS_KEPT = 1024;
const QUOTE = 0x22;
// Thrown inside the walk when a line passes its limit, and caught by writeLine (never seen outside).
const TOO_LONG = Symbol('line too long');

/** Builds UTF-8 JSON lines in one buffer; see {@link createJsonLinesEncoder}. */
export interface JsonLinesEncoder {
  /**
   * Appends `JSON.stringify(value)` (terminal controls escaped) and a newline, and returns true; or, when the line
   * would be longer than `maxBytes` (newline included), writes nothing and returns false, having encoded no more than
   * about `maxBytes` of it.
   */
  writeLine(value: object, maxBytes?: number): boolean;
  /** The lines written since the last `take`, in a buffer of their own (transferable to another thread). */
  take(): Uint8Array<ArrayBuffer>;
  /** How many bytes `take` would return now. */
  size(): number;
}

/**
 * Encodes objects as JSON lines: byte for byte `escapeTerminalJson(JSON.stringify(value)) + '\n'` encoded as UTF-8
 * (the same JSON value, with the controls a terminal acts on written as `\u` escapes, for output that is not
 * redirected), for less CPU
 * than both on `gk verify`'s output, where most bytes are passage text repeated in every citation of it. V8's
 * JSON.stringify escapes strings character by character into a string that must then be encoded again; here
 * each string is tested with one regular expression and written into the output buffer directly (ASCII as it
 * is), and a long string already written in the same line is copied from there. Plain objects, arrays and
 * primitives are walked here; anything else (a class instance, a boxed primitive, a map) is handed to
 * JSON.stringify, `toJSON` is called with its key, and a cycle throws JSON.stringify's own error.
 */
export function createJsonLinesEncoder(initialBytes = 64 * 1024): JsonLinesEncoder {
  let bytes = Buffer.allocUnsafeSlow(initialBytes);
  let used = 0;
  let pending = ''; // short pieces, encoded together when a long string comes or the line ends
  // The current line's last long strings and where they were written (a ring).
  const recent: string[] = [];
  const recentStart: number[] = [];
  const recentEnd: number[] = [];
  let nextRecent = 0;
  const forget = (): void => {
    recent.length = 0;
    nextRecent = 0;
  };
  const keys = new Map<string, string>();
  const ancestors: object[] = [];
  // Where the current line starts and how long it may grow; passing the limit stops the walk (see writeLine).
  let lineStart = 0;
  let lineLimit = Number.POSITIVE_INFINITY;
  const checkLength = (): void => {
    if (used - lineStart + pending.length > lineLimit) throw TOO_LONG;
  };

  const reserve = (count: number): void => {
    if (used + count <= bytes.length) return;
    const grown = Buffer.allocUnsafeSlow(Math.max(bytes.length * 2, used + count));
    bytes.copy(grown, 0, 0, used);
    bytes = grown;
  };
  const flush = (): void => {
    if (pending === '') return;
    reserve(pending.length * 3);
    used += bytes.write(pending, used, 'utf8');
    pending = '';
  };
  // Ready-made JSON text: gathered when short, written into the buffer at once when long.
  const writeText = (text: string): void => {
    if (text.length < LONG) {
      pending += text;
      return;
    }
    flush();
    reserve(text.length * 3);
    used += bytes.write(text, used, 'utf8');
  };
  const writeLongString = (value: string): void => {
    flush();
    const repeated = value.length >= REPEATED;
    if (repeated) {
      for (let index = 0; index < recent.length; index++) {
        if (recent[index] !== value) continue;
        const start = recentStart[index]!;
        const end = recentEnd[index]!;
        reserve(end - start);
        bytes.copyWithin(used, start, end);
        used += end - start;
        return;
      }
    }
    const start = used;
    if (!NOT_PLAIN_ASCII.test(value)) {
      reserve(value.length + 2);
      bytes[used++] = QUOTE;
      used += bytes.write(value, used, 'latin1');
      bytes[used++] = QUOTE;
    } else if (NEEDS_ESCAPE.test(value)) {
      writeText(stringify(value));
    } else {
      reserve(value.length * 3 + 2);
      bytes[used++] = QUOTE;
      used += bytes.write(value, used, 'utf8');
      bytes[used++] = QUOTE;
    }
    if (repeated) {
      recent[nextRecent] = value;
      recentStart[nextRecent] = start;
      recentEnd[nextRecent] = used;
      nextRecent = (nextRecent + 1) % RECENT;
    }
  };
  const writeString = (value: string): void => {
    if (value.length >= LONG) writeLongString(value);
    else pending += NEEDS_ESCAPE.test(value) ? stringify(value) : `"${value}"`;
  };
  const key = (name: string): string => {
    let text = keys.get(name);
    if (text === undefined) {
      text = `${stringify(name)}:`;
      if (keys.size < KEYS_KEPT) keys.set(name, text);
    }
    return text;
  };
  // Writes the value and returns true, or writes nothing and returns false (undefined, a function, a symbol).
  const write = (input: unknown, name: string, root: object): boolean => {
    // Checked before every value: a line that passes its limit stops after at most one more string.
    checkLength();
    let value = input;
    if (
      value !== null &&
      (typeof value === 'object' || typeof value === 'function' || typeof value === 'bigint') &&
      typeof (value as { toJSON?: unknown }).toJSON === 'function'
    ) {
      value = (value as { toJSON(key: string): unknown }).toJSON(name); // with its key, as JSON.stringify does
    }
    switch (typeof value) {
      case 'string':
        writeString(value);
        return true;
      case 'number':
        pending += Number.isFinite(value) ? `${value}` : 'null';
        return true;
      case 'boolean':
        pending += value ? 'true' : 'false';
        return true;
      case 'object':
        break;
      case 'bigint':
        JSON.stringify(value); // throws JSON.stringify's TypeError
        return false;
      default:
        return false;
    }
    if (value === null) {
      pending += 'null';
      return true;
    }
    if (ancestors.includes(value)) JSON.stringify(root); // a cycle: throws JSON.stringify's TypeError
    if (Array.isArray(value)) {
      ancestors.push(value);
      pending += '[';
      for (let index = 0; index < value.length; index++) {
        if (index > 0) pending += ',';
        if (!write(value[index], String(index), root)) pending += 'null';
      }
      pending += ']';
      ancestors.pop();
      return true;
    }
    const prototype = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) {
      writeText(stringify(value)); // boxed primitives, maps, class instances: JSON.stringify's rules
      return true;
    }
    ancestors.push(value);
    pending += '{';
    let first = true;
    const record = value as Record<string, unknown>;
    for (const member of Object.keys(record)) {
      // A member that writes nothing flushes nothing either, so its key can be taken back out of `pending`.
      const mark = pending.length;
      pending += first ? key(member) : `,${key(member)}`;
      if (write(record[member], member, root)) first = false;
      else pending = pending.slice(0, mark);
    }
    pending += '}';
    ancestors.pop();
    return true;
  };

  return {
    writeLine(value, maxBytes = Number.POSITIVE_INFINITY) {
      lineStart = used;
      lineLimit = maxBytes;
      forget();
      try {
        write(value, '', value);
        pending += '\n';
        flush();
        checkLength();
        return true;
      } catch (error) {
        // Nothing of a line that failed is kept, nor anything that points into it.
        used = lineStart;
        pending = '';
        ancestors.length = 0;
        forget();
        if (error === TOO_LONG) return false;
        throw error;
      } finally {
        lineLimit = Number.POSITIVE_INFINITY;
      }
    },
    take() {
      // A copy of its own, of its exact size; the buffer is used again for the next lines.
      const done = Buffer.allocUnsafeSlow(used);
      bytes.copy(done, 0, 0, used);
      used = 0;
      forget();
      return done;
    },
    size: () => used,
  };
}
