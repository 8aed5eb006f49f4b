// Internal: the canonical encoding every groundkit hash is computed over.
import { InvalidArgumentError, sha256Hex as sha256HexOfText } from '@gk/internal';

/** A JSON value as the canonical encoder accepts it. */
export type CanonicalValue =
  | null
  | boolean
  | number
  | string
  | readonly CanonicalValue[]
  | { readonly [key: string]: CanonicalValue | undefined };

/** An array or object being written: its members from `index` on are still to be written. */
interface Frame {
  readonly container: object;
  /** The sorted keys of an object's members (`undefined` values left out); `undefined` for an array. */
  readonly keys: readonly string[] | undefined;
  /** The member values: the array itself, or an object's values in key order. */
  readonly values: ArrayLike<unknown>;
  readonly length: number;
  index: number;
}

/** What is expected where an object appears a second time without a cycle (copyValue gives each place its own). */
const NOT_SHARED = 'a JSON value in which no object appears twice (a copy made by copyValue shares none)';

/** Names what a non-plain object is (`a Date`, `a Map`), for the message only. */
export function kindOf(value: object): string {
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  return tag === 'Object' ? 'an instance of a class' : `a ${tag}`;
}

/** The path of the value being visited (`root.items[3].text`): each open frame's member before `index`. */
function pathOf(root: string, stack: readonly Frame[]): string {
  let path = root;
  for (const { keys, index } of stack) path += keys === undefined ? `[${index - 1}]` : `.${keys[index - 1]}`;
  return path;
}

/**
 * Encodes a value as JSON with object keys sorted by UTF-16 code unit and no whitespace; `undefined`
 * properties are omitted, and lone surrogates are escaped (`\udxxx`) by `JSON.stringify`, so two different strings
 * never share an encoding. Anything that is no JSON value (a non-finite number, a bigint, a function, a symbol, an
 * undefined or missing array element, an object other than an array or a plain object — a Date, a Map, a class
 * instance — or an object met a second time, in a cycle or shared: callers hand it a tree, such as a copy made by
 * `copyValue`, since encoding each occurrence of `x = [x, x]` nested `n` times would cost 2^n) throws an `InvalidArgumentError` naming its `path`
 * (`set.items[3].text`). The walk keeps its own stack, so any depth is encoded in linear time without running out
 * of call stack.
 */
export function canonicalJson(value: CanonicalValue, path = 'value'): string {
  const stack: Frame[] = [];
  // Every container met so far: meeting one again is a cycle or a shared object, both refused.
  const seen = new Set<object>();
  // Pieces are joined a few thousand at a time, so they die young instead of all living until the end (GC time).
  const chunks: string[] = [];
  const parts = [encodeOpening(value, path, stack, seen)];
  for (let frame = stack[stack.length - 1]; frame !== undefined; frame = stack[stack.length - 1]) {
    const { keys, index } = frame;
    if (parts.length >= 4096) chunks.push(parts.splice(0).join(''));
    if (index === frame.length) {
      parts.push(keys === undefined ? ']' : '}');
      stack.pop();
      continue;
    }
    if (index > 0) parts.push(',');
    if (keys !== undefined) parts.push(`${JSON.stringify(keys[index])}:`);
    frame.index = index + 1;
    parts.push(encodeOpening(frame.values[index], path, stack, seen));
  }
  chunks.push(parts.join(''));
  return chunks.join('');
}

/** Throws for `value`, naming its path: built only here, as building it for every value would cost depth². */
function refuse(value: unknown, expected: string, root: string, stack: readonly Frame[]): never {
  throw new InvalidArgumentError({ parameter: pathOf(root, stack), expected, received: value });
}

/** A scalar's encoding, or the opening bracket of an array or object after pushing its frame. */
function encodeOpening(value: unknown, root: string, stack: Frame[], seen: Set<object>): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number')
    return Number.isFinite(value) ? JSON.stringify(value) : refuse(value, 'a finite number', root, stack);
  if (typeof value !== 'object') return refuse(value, 'a JSON value', root, stack);
  if (seen.has(value)) {
    // A cycle when a container on the path is this object (looked up once, as the walk then ends).
    if (stack.some((frame) => frame.container === value))
      return refuse(value, 'a JSON value without cycles', root, stack);
    return refuse(value, NOT_SHARED, root, stack);
  }
  if (Array.isArray(value)) {
    seen.add(value);
    stack.push({ container: value, keys: undefined, values: value, length: value.length, index: 0 });
    return '[';
  }
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    return refuse(value, `a JSON value (an array or a plain object, not ${kindOf(value)})`, root, stack);
  }
  const record = value as { readonly [key: string]: unknown };
  const keys: string[] = [];
  const values: unknown[] = [];
  for (const key of Object.keys(record).sort(compareCodeUnits)) {
    const member = record[key];
    if (member === undefined) continue;
    keys.push(key);
    values.push(member);
  }
  seen.add(value);
  stack.push({ container: value, keys, values, length: keys.length, index: 0 });
  return '{';
}

/** Orders strings by UTF-16 code unit, independent of locale. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** SHA-256 of the UTF-8 encoding of `domain + "\n" + text`, as lowercase hex, via Web Crypto. */
export function sha256Hex(domain: string, text: string): Promise<string> {
  return sha256HexOfText(`${domain}\n${text}`);
}
