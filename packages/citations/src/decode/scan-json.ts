import { excerpt } from '@gk/internal';
import { addKey, type KeySet } from './key-set.js';
import { isForbiddenKey } from './passes-quick-scan.js';
import { isSpace } from './unwrap-fence.js';
/** A structural problem found by {@link scanJson}, at a UTF-16 offset of the scanned text. */
export interface ScanFailure {
  code: 'not_json' | 'trailing_content' | 'too_deep' | 'duplicate_key' | 'forbidden_key';
  position: number;
  message: string;
}

/** Every integer literal with at most 15 characters (sign included) is exact in a double. */
const maxSafeDigits = 15;

/**
 * 1 for a UTF-16 unit that may appear raw in a string with no further check: not a control character, `"`,
 * `\` or a surrogate (64 KiB, one load per character in the hot loop; NaN past the end reads undefined).
 */
const ordinary = new Uint8Array(0x10000).fill(1, 0x20);
ordinary[0x22] = 0;
ordinary[0x5c] = 0;
ordinary.fill(0, 0xd800, 0xe000);

interface Context {
  text: string;
  end: number;
  failure: ScanFailure | null;
  /** The decoded value of the last string scanned with `decode`. */
  key: string;
}

/**
 * Checks that `text.slice(start, end)` is exactly one strict JSON value (RFC 8259) in one linear, iterative
 * pass: depth bounded by `maxDepth`, no repeated or forbidden key at any depth, no lone surrogate, no number
 * beyond the range of a double, and no number whose value is an integer that its double would silently change
 * (past 2^53, however written: `9007199254740993`, `9007199254740993.0`, `90071992547409930e-1`) unless the
 * double is exactly that integer or prints as it (`1e300`, `123456789012345680000`). A value with a fraction
 * rounds as doubles do. Returns null when `JSON.parse` may proceed.
 */
export function scanJson(text: string, start: number, end: number, maxDepth: number): ScanFailure | null {
  const context: Context = { text, end, failure: null, key: '' };
  const kinds: boolean[] = []; // true for an object, false for an array
  const opens: number[] = [];
  const keySets: Array<KeySet | null> = [];
  let pos = skipWhitespace(text, start, end);

  for (;;) {
    // A value is expected at `pos`.
    if (pos >= end) return unexpectedEnd(context, pos, opens);
    const c = text.charCodeAt(pos);
    if (c === 0x7b || c === 0x5b) {
      if (kinds.length >= maxDepth) {
        return fail(context, 'too_deep', pos, `Nesting deeper than maxDepth ${maxDepth} at position ${pos}.`);
      }
      const isObject = c === 0x7b;
      kinds.push(isObject);
      opens.push(pos);
      pos = skipWhitespace(text, pos + 1, end);
      const closer = isObject ? 0x7d : 0x5d;
      if (pos < end && text.charCodeAt(pos) === closer) {
        kinds.pop();
        opens.pop();
        pos++;
      } else if (isObject) {
        const keys: KeySet = { list: [], buckets: null };
        keySets.push(keys);
        pos = readKey(context, pos, keys);
        if (pos < 0) return context.failure;
        continue;
      } else {
        keySets.push(null);
        continue;
      }
    } else if (c === 0x22) {
      pos = scanString(context, pos, false);
      if (pos < 0) return context.failure;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      pos = scanNumber(context, pos);
      if (pos < 0) return context.failure;
    } else if (c === 0x74 || c === 0x66 || c === 0x6e) {
      const word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null';
      if (!text.startsWith(word, pos) || pos + word.length > end)
        return unexpected(context, pos, 'a JSON value');
      pos += word.length;
    } else {
      return unexpected(context, pos, 'a JSON value');
    }

    // A value ended at `pos`: close containers until a comma asks for the next value.
    for (;;) {
      pos = skipWhitespace(text, pos, end);
      const depth = kinds.length;
      if (depth === 0) {
        if (pos >= end) return null;
        const second = text.charCodeAt(pos) === 0x7b || text.charCodeAt(pos) === 0x5b;
        return fail(
          context,
          'trailing_content',
          pos,
          `Unexpected ${describe(text, pos)} at position ${pos} after the JSON value` +
            (second ? ' (a second JSON value); expected one value only.' : '; expected the end of the text.'),
        );
      }
      if (pos >= end) return unexpectedEnd(context, pos, opens);
      const d = text.charCodeAt(pos);
      const isObject = kinds[depth - 1] === true;
      if (d === 0x2c) {
        pos = skipWhitespace(text, pos + 1, end);
        if (isObject) {
          pos = readKey(context, pos, keySets[depth - 1]!);
          if (pos < 0) return context.failure;
        }
        break;
      }
      if (d === (isObject ? 0x7d : 0x5d)) {
        kinds.pop();
        opens.pop();
        keySets.pop();
        pos++;
        continue;
      }
      return unexpected(context, pos, isObject ? '"," or "}"' : '"," or "]"');
    }
  }
}

/** Reads `"key" :` at `pos`; returns the position of the value, or -1 with `context.failure` set. */
function readKey(context: Context, pos: number, keys: KeySet): number {
  const { text, end } = context;
  if (pos >= end) {
    unexpected(context, pos, 'a double-quoted key');
    return -1;
  }
  if (text.charCodeAt(pos) !== 0x22) {
    const trailingComma = text.charCodeAt(pos) === 0x7d;
    unexpected(context, pos, trailingComma ? 'a key after "," (no trailing commas)' : 'a double-quoted key');
    return -1;
  }
  const after = scanString(context, pos, true);
  if (after < 0) return -1;
  const key = context.key;
  if (isForbiddenKey(key)) {
    fail(
      context,
      'forbidden_key',
      pos,
      `Forbidden key "${key}" at position ${pos}; expected no __proto__, constructor or prototype key at any depth.`,
    );
    return -1;
  }
  if (!addKey(keys, key)) {
    fail(
      context,
      'duplicate_key',
      pos,
      `Duplicate key ${quoteShort(key)} at position ${pos}; expected each key once per object.`,
    );
    return -1;
  }
  const colon = skipWhitespace(text, after, end);
  if (colon >= end || text.charCodeAt(colon) !== 0x3a) {
    if (colon >= end)
      fail(context, 'not_json', colon, `Unexpected end of the text at position ${colon}; expected ":".`);
    else unexpected(context, colon, '":"');
    return -1;
  }
  return skipWhitespace(text, colon + 1, end);
}

/** Scans a string literal at `pos` (a `"`); returns the position after it, or -1 with `context.failure` set. */
function scanString(context: Context, pos: number, decode: boolean): number {
  const { text, end } = context;
  let i = pos + 1;
  let escaped = false;
  let highAt = -1; // position of a high surrogate still waiting for its low half
  for (;;) {
    let c = text.charCodeAt(i);
    // Hot loop over ordinary characters; NaN past the end of `text` stops it too.
    if (highAt < 0) while (ordinary[c] === 1) c = text.charCodeAt(++i);
    if (i >= end) {
      fail(
        context,
        'not_json',
        end,
        `Unexpected end of the text at position ${end}: the string opened at position ${pos} is not closed.`,
      );
      return -1;
    }
    if (c === 0x22) {
      if (highAt >= 0) return loneSurrogate(context, highAt);
      if (decode)
        context.key = escaped ? (JSON.parse(text.slice(pos, i + 1)) as string) : text.slice(pos + 1, i);
      return i + 1;
    }
    const at = i;
    let unit: number;
    if (c === 0x5c) {
      escaped = true;
      const e = i + 1 < end ? text.charCodeAt(i + 1) : -1;
      if (e === 0x75) {
        unit = readHex4(text, i + 2, end);
        if (unit < 0) {
          fail(
            context,
            'not_json',
            at,
            `Invalid \\u escape at position ${at}; expected four hexadecimal digits.`,
          );
          return -1;
        }
        i += 6;
      } else if (
        e === 0x22 ||
        e === 0x5c ||
        e === 0x2f ||
        e === 0x62 ||
        e === 0x66 ||
        e === 0x6e ||
        e === 0x72 ||
        e === 0x74
      ) {
        unit = e;
        i += 2;
      } else {
        fail(
          context,
          'not_json',
          at,
          `Invalid escape at position ${at}; expected one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX.`,
        );
        return -1;
      }
    } else if (c < 0x20) {
      fail(
        context,
        'not_json',
        at,
        `Raw control character ${codePointName(c)} inside a string at position ${at}; expected it escaped.`,
      );
      return -1;
    } else {
      unit = c;
      i++;
    }
    if (highAt >= 0) {
      // Halves pair only written alike, both raw or both escaped: `\ud83d` then a raw low half holds two lone ones.
      if (unit < 0xdc00 || unit > 0xdfff || (text.charCodeAt(highAt) === 0x5c) !== (c === 0x5c)) {
        return loneSurrogate(context, highAt);
      }
      highAt = -1;
    } else if (unit >= 0xd800 && unit <= 0xdbff) {
      highAt = at;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      return loneSurrogate(context, at);
    }
  }
}

/** Scans a number at `pos`; returns the position after it, or -1 with `context.failure` set. */
function scanNumber(context: Context, pos: number): number {
  const { text, end } = context;
  let i = pos;
  if (text.charCodeAt(i) === 0x2d) i++;
  const first = i < end ? text.charCodeAt(i) : -1;
  if (first === 0x30) {
    i++;
    if (i < end && isDigit(text.charCodeAt(i))) {
      fail(
        context,
        'not_json',
        pos,
        `Number with a leading zero at position ${pos}; expected no leading zeros.`,
      );
      return -1;
    }
  } else if (first > 0x30 && first <= 0x39) {
    i = skipDigits(text, i + 1, end);
  } else {
    unexpected(context, i, 'a digit');
    return -1;
  }
  const integerEnd = i;
  if (i < end && text.charCodeAt(i) === 0x2e) {
    const digits = skipDigits(text, i + 1, end);
    if (digits === i + 1) {
      unexpected(context, digits, 'a digit after "."');
      return -1;
    }
    i = digits;
  }
  let exponent = false;
  if (i < end && (text.charCodeAt(i) === 0x65 || text.charCodeAt(i) === 0x45)) {
    exponent = true;
    i++;
    if (i < end && (text.charCodeAt(i) === 0x2b || text.charCodeAt(i) === 0x2d)) i++;
    const digits = skipDigits(text, i, end);
    if (digits === i) {
      unexpected(context, digits, 'a digit in the exponent');
      return -1;
    }
    i = digits;
  }
  if (!exponent && integerEnd - pos <= maxSafeDigits) return i;
  const literal = text.slice(pos, i);
  const value = Number(literal);
  if (!Number.isFinite(value)) {
    fail(
      context,
      'not_json',
      pos,
      `Number at position ${pos} is beyond the range of a double (it would become ${value}); expected a finite number.`,
    );
    return -1;
  }
  // A literal whose value is an integer a double cannot hold would silently become another integer (an id, a
  // count), whether written `9007199254740993` or `9007199254740993.0`. Kept: the double is exactly that integer
  // (10^21 prints as '1e+21'), or the literal is how the double prints: shortest, as JSON.stringify wrote it
  // (`1e300`), or with 17 significant digits, as C's `%.17g`, numpy and Go write it (`6.0221407599999999e+23`).
  const key = Math.abs(value) < 2 ** 53 ? '' : integerKey(literal);
  if (
    key !== '' &&
    key !== integerKey(`${value}`) &&
    key !== integerKey(`${BigInt(value)}`) &&
    key !== integerKey(value.toPrecision(17))
  ) {
    fail(
      context,
      'not_json',
      pos,
      `Integer at position ${pos} (${i - pos} characters) cannot be held exactly by a double; expected at most 2^53 - 1 or a string.`,
    );
    return -1;
  }
  return i;
}

/**
 * The value of a non-zero number literal (JSON's, or how JavaScript prints a number) as `digits e exponent`, sign
 * left out, with no zero at either end of the digits (`9007199254740993.0`, `90071992547409930e-1` →
 * `9007199254740993e0`), or '' when the value is not an integer. Linear in the literal; its exponent is read as a
 * number, exact for any literal whose value a double holds (the only ones this sees).
 */
function integerKey(literal: string): string {
  const [mantissa = '', power = 0] = literal.toLowerCase().split('e');
  const point = mantissa.indexOf('.') + 1;
  const digits = mantissa.replace('.', '');
  let exponent = Number(power) - (point && mantissa.length - point);
  let first = 0;
  let last = digits.length;
  while (digits.charCodeAt(first) < 0x31) first++; // the sign and leading zeros
  while (digits.charCodeAt(last - 1) === 0x30) {
    last--;
    exponent++;
  }
  return exponent < 0 ? '' : `${digits.slice(first, last)}e${exponent}`;
}

function readHex4(text: string, at: number, end: number): number {
  if (at + 4 > end) return -1;
  let value = 0;
  for (let k = at; k < at + 4; k++) {
    const c = text.charCodeAt(k);
    const digit =
      c >= 0x30 && c <= 0x39
        ? c - 0x30
        : c >= 0x61 && c <= 0x66
          ? c - 0x57
          : c >= 0x41 && c <= 0x46
            ? c - 0x37
            : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

function skipWhitespace(text: string, pos: number, end: number): number {
  let i = pos;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (!isSpace(c)) break;
    i++;
  }
  return i;
}

function skipDigits(text: string, pos: number, end: number): number {
  let i = pos;
  while (i < end && isDigit(text.charCodeAt(i))) i++;
  return i;
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;

function fail(context: Context, code: ScanFailure['code'], position: number, message: string): ScanFailure {
  context.failure = { code, position, message };
  return context.failure;
}

function unexpected(context: Context, pos: number, expected: string): ScanFailure {
  if (pos >= context.end)
    return fail(
      context,
      'not_json',
      pos,
      `Unexpected end of the text at position ${pos}; expected ${expected}.`,
    );
  return fail(
    context,
    'not_json',
    pos,
    `Unexpected ${describe(context.text, pos)} at position ${pos}; expected ${expected}.`,
  );
}

function unexpectedEnd(context: Context, pos: number, opens: readonly number[]): ScanFailure {
  const open = opens[opens.length - 1];
  const unclosed =
    open === undefined ? '' : `: "${context.text[open]}" opened at position ${open} is not closed`;
  return fail(
    context,
    'not_json',
    pos,
    `Unexpected end of the text at position ${pos}${unclosed}; expected a complete JSON value.`,
  );
}

function loneSurrogate(context: Context, pos: number): number {
  fail(
    context,
    'not_json',
    pos,
    `Lone surrogate inside a string at position ${pos}; expected well-formed UTF-16 (a surrogate pair or none).`,
  );
  return -1;
}

/** Names the character at `pos` for a message: the character itself when printable, else its code point. */
function describe(text: string, pos: number): string {
  const point = text.codePointAt(pos) ?? 0;
  if (
    point < 0x20 ||
    (point >= 0x7f && point <= 0xa0) ||
    (point >= 0xd800 && point <= 0xdfff) ||
    point === 0xfeff
  ) {
    return codePointName(point);
  }
  return JSON.stringify(String.fromCodePoint(point));
}

function codePointName(point: number): string {
  return `U+${point.toString(16).toUpperCase().padStart(4, '0')}`;
}

function quoteShort(key: string): string {
  return JSON.stringify(excerpt(key, { length: 40 }));
}
