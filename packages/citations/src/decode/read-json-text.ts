import { excerpt, InvalidArgumentError } from '@gk/internal';
import { DecodeError } from './decode-error.js';
import { passesQuickScan } from './passes-quick-scan.js';
import { readOptions } from './read-options.js';
import { scanJson } from './scan-json.js';
import { findFenceLine, unwrapFence } from './unwrap-fence.js';

/** Size and nesting bounds for reading model output as JSON. */
export interface JsonLimits {
  maxBytes: number;
  maxDepth: number;
}

/** The default size bound: 1 MiB of UTF-8. */
export const defaultMaxBytes = 1024 * 1024;
/** The default nesting bound. */
export const defaultMaxDepth = 64;

/**
 * Reads `{ maxBytes, maxDepth }` from options whose keys are `keys`, throwing an InvalidArgumentError for another key
 * or for a bound that is not a positive integer.
 */
export function readLimits(
  options: { maxBytes?: number; maxDepth?: number } | undefined,
  keys: readonly string[] = ['maxBytes', 'maxDepth'],
): JsonLimits {
  const given = readOptions(options, keys) as { maxBytes?: unknown; maxDepth?: unknown };
  // Only a left-out option takes the default: null is a value, and not a positive integer.
  const maxBytes = given.maxBytes === undefined ? defaultMaxBytes : (given.maxBytes as number);
  const maxDepth = given.maxDepth === undefined ? defaultMaxDepth : (given.maxDepth as number);
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 1) {
    throw new InvalidArgumentError({
      parameter: 'options.maxBytes',
      expected: 'a positive integer',
      received: maxBytes,
    });
  }
  if (!Number.isSafeInteger(maxDepth) || maxDepth < 1) {
    throw new InvalidArgumentError({
      parameter: 'options.maxDepth',
      expected: 'a positive integer',
      received: maxDepth,
    });
  }
  return { maxBytes, maxDepth };
}

/** The parsed value, or the reason the text is not exactly one strict JSON value. */
export type ReadJsonTextResult = { success: true; value: unknown } | { success: false; error: DecodeError };

/**
 * Size bound in UTF-8 bytes → one leading BOM dropped → blank → one enclosing fence unwrapped → quick scan
 * and `JSON.parse` (the usual path for valid output) or, for any doubt or failure, the strict scan that
 * names the problem. Never throws for any `text`.
 */
export function readJsonText(text: string, limits: JsonLimits): ReadJsonTextResult {
  if (typeof text !== 'string') {
    const error = new DecodeError({
      code: 'not_json',
      message: `Expected the model output to be a string, received ${text === null ? 'null' : typeof text}.`,
      excerpt: '',
    });
    return { success: false, error };
  }
  if (exceedsUtf8Bytes(text, limits.maxBytes)) {
    return failure(
      text,
      'too_large',
      `Output is more than maxBytes ${limits.maxBytes} bytes of UTF-8; expected at most that.`,
    );
  }
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (isBlank(text, start, text.length)) {
    return failure(
      text,
      'empty',
      `Output is blank (${text.length} whitespace characters); expected one JSON value.`,
    );
  }
  const region = unwrapFence(text, start, text.length);
  if (region.fenced && isBlank(text, region.start, region.end)) {
    return failure(text, 'empty', 'The fenced block is blank; expected one JSON value inside it.');
  }
  const json = region.start === 0 && region.end === text.length ? text : text.slice(region.start, region.end);
  if (passesQuickScan(text, region.start, region.end, limits.maxDepth)) {
    const value = parseOrFail(json);
    if (value !== failed) return { success: true, value };
  }
  // Something is wrong or doubtful: the full scan finds the first problem and its position.
  const problem = scanJson(text, region.start, region.end, limits.maxDepth);
  if (problem !== null) {
    if (region.fenced && findFenceLine(text, region.start, region.end) === problem.position) {
      const message = `A fence line at position ${problem.position} inside the enclosing fence: the text holds more than one fenced block; expected exactly one.`;
      return failure(text, 'not_json', message, problem.position);
    }
    const hint = problem.code === 'not_json' && !region.fenced ? fenceHint(text) : '';
    return failure(text, problem.code, problem.message + hint, problem.position);
  }
  // The scan accepted exactly RFC 8259 JSON within the bounds, so JSON.parse succeeds and builds the value.
  return { success: true, value: JSON.parse(json) as unknown };
}

const failed = Symbol('failed');

function parseOrFail(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return failed;
  }
}

function failure(
  text: string,
  code: DecodeError['code'],
  message: string,
  position?: number,
): { success: false; error: DecodeError } {
  const error = new DecodeError({ code, message, excerpt: excerpt(text, { position }), position });
  return { success: false, error };
}

/** Explains a failed parse of text that holds a fence which was not unwrapped. */
function fenceHint(text: string): string {
  if (!text.includes('```') && !text.includes('~~~')) return '';
  return ' The text holds a code fence that does not enclose all of it (prose around it, a second block, or no closing fence); only one complete fence around the whole text is unwrapped.';
}

/**
 * Whether `text` takes more than `limit` bytes as UTF-8, counting only until the answer is known; a lone
 * surrogate counts 3 bytes, as `TextEncoder` would write U+FFFD. Linear, allocates nothing.
 */
export function exceedsUtf8Bytes(text: string, limit: number): boolean {
  if (text.length > limit) return true; // every UTF-16 unit is at least one byte
  if (text.length * 3 <= limit) return false; // every UTF-16 unit is at most three bytes
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && isLow(text.charCodeAt(i + 1))) {
      bytes += 4;
      i++;
    } else bytes += 3;
    if (bytes > limit) return true;
  }
  return false;
}

/**
 * Whether `text.slice(start, end)` is only whitespace as `String.prototype.trim` defines it, by that definition
 * itself (the slice shares `text`'s characters; trim stops at the first other character from each end).
 */
const isBlank = (text: string, start: number, end: number): boolean => text.slice(start, end).trim() === '';

const isLow = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;
