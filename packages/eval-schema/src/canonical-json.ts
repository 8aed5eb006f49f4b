// Internal: the canonical encoding every groundkit hash is computed over.
import { checkArgument, sha256Hex as sha256HexOfText } from '@gk/internal';

/** A JSON value as the canonical encoder accepts it. */
export type CanonicalValue =
  | null
  | boolean
  | number
  | string
  | readonly CanonicalValue[]
  | { readonly [key: string]: CanonicalValue | undefined };

/**
 * Encodes a value as JSON with object keys sorted by UTF-16 code unit and no whitespace; `undefined`
 * properties are omitted, and lone surrogates are escaped (`\udxxx`) by `JSON.stringify`, so two different strings
 * never share an encoding. Anything that is no JSON value (a non-finite number, a bigint, a function, a symbol, an
 * undefined or missing array element) throws an `InvalidArgumentError` naming its `path` (`set.items[3].text`).
 */
export function canonicalJson(value: CanonicalValue, path = 'value'): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    checkArgument(Number.isFinite(value), path, 'a finite number', value);
    return JSON.stringify(value);
  }
  checkArgument(typeof value === 'object', path, 'a JSON value', value);
  if (Array.isArray(value)) {
    return `[${Array.from(value, (item: CanonicalValue, index) => canonicalJson(item, `${path}[${index}]`)).join(',')}]`;
  }
  const record = value as { readonly [key: string]: CanonicalValue | undefined };
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort(compareCodeUnits);
  const members = keys.map(
    (key) => `${JSON.stringify(key)}:${canonicalJson(record[key] as CanonicalValue, `${path}.${key}`)}`,
  );
  return `{${members.join(',')}}`;
}

/** Orders strings by UTF-16 code unit, independent of locale. */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** SHA-256 of the UTF-8 encoding of `domain + "\n" + text`, as lowercase hex, via Web Crypto. */
export function sha256Hex(domain: string, text: string): Promise<string> {
  return sha256HexOfText(`${domain}\n${text}`);
}
