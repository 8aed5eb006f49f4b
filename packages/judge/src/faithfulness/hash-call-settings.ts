import { InvalidArgumentError, readArgument, sha256Hex } from '@gk/internal';
import type { CallSettings, generateText } from 'ai';

/**
 * The AI SDK call settings a judge takes, `providerOptions` too (reasoning effort, ...): everything given here
 * reaches the model, and everything but {@link REQUEST_ONLY} and credential headers is part of its identity.
 */
export type JudgeCallSettings = CallSettings & Pick<Parameters<typeof generateText>[0], 'providerOptions'>;

// These decide whether and when a call is made, never what the model replies, so a calibration survives them.
const REQUEST_ONLY: ReadonlySet<string> = new Set(['maxRetries', 'abortSignal', 'timeout']);

// A credential is no judge setting: hashing one would fingerprint a secret and make a key rotation a new judge. Only
// names that carry one are left out, matched whole or as their last `-`/`_`-delimited part: `authorization` (OpenAI
// and most providers, the AI Gateway), `x-api-key` (Anthropic), `x-goog-api-key` (Google), `api-key` (Azure),
// `cookie`, `proxy-authorization`, `helicone-auth`, `x-amz-security-token`. Any other header may change the reply
// (`x-portkey-config` can name another model, `x-max-tokens` a limit), so it is hashed.
const CREDENTIAL_HEADER =
  /(?:^|[-_])(?:authorization|auth|cookie|apikey|key|token|secret|password|passwd|credentials?)$/i;

/**
 * The SHA-256 hex of the settings that may change a verdict, in a canonical JSON encoding (object keys sorted, so
 * key order never matters), or `undefined` when none is set: the identity of a judge with the provider's defaults is
 * the one recorded before settings were. Every setting is hashed except those that only govern the request, so one
 * the AI SDK adds later counts too; a value that is no JSON value is an `InvalidArgumentError` naming it.
 */
export async function hashCallSettings(
  settings: Readonly<Record<string, unknown>>,
): Promise<string | undefined> {
  // Each setting encoded once, as `encode` writes an object's fields (sorted by name): a getter or a proxy that throws
  // while it is read is refused with a code, naming the setting.
  const fields: string[] = [];
  for (const [name, value] of Object.entries(settings).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (value === undefined || REQUEST_ONLY.has(name)) continue;
    const encoded = readArgument(`options.${name.slice(0, 40)}`, () => {
      if (name !== 'headers' || !isHeaderList(value)) return encode(value, [name], new Set());
      const headers = Object.entries(headerRecord(value)).filter(
        ([header]) => !CREDENTIAL_HEADER.test(header),
      );
      return headers.length > 0 ? encode(Object.fromEntries(headers), [name], new Set()) : undefined;
    });
    if (encoded !== undefined) fields.push(`${JSON.stringify(name)}:${encoded}`);
  }
  if (fields.length === 0) return undefined;
  return sha256Hex(`gk-judge-settings-v1\n{${fields.join(',')}}`);
}

/**
 * `headers` as the request sends them, whichever way they are written (an object, a `Headers` or `[name, value]`
 * pairs): names lower-cased, as HTTP reads them, so that `Authorization` is left out however it is given and one judge
 * has one identity; a name given twice (`A` and `a`) holds its values joined by `, `, as a `Headers` joins them. A
 * value that is no string is kept as it is, for `encode` to refuse.
 */
function headerRecord(headers: object): Record<string, unknown> {
  const entries: unknown[] = [];
  if (typeof Headers !== 'undefined' && headers instanceof Headers)
    headers.forEach((value, name) => {
      entries.push([name, value]);
    });
  else for (const entry of Array.isArray(headers) ? headers : Object.entries(headers)) entries.push(entry);
  const record: Record<string, unknown> = Object.create(null);
  for (const entry of entries) {
    if (!Array.isArray(entry) || entry.length !== 2 || typeof entry[0] !== 'string') {
      throw new InvalidArgumentError({
        parameter: 'options.headers',
        expected: 'header names to strings (an object, a Headers, or [name, value] pairs)',
        received: entry,
      });
    }
    const [header, text] = entry as [string, unknown];
    if (text === undefined || text === null) continue;
    const lower = header.toLowerCase();
    const earlier = record[lower];
    record[lower] = typeof earlier === 'string' && typeof text === 'string' ? `${earlier}, ${text}` : text;
  }
  return record;
}

/** Headers written in a way the request reads: a `Headers`, `[name, value]` pairs or a plain object. */
function isHeaderList(value: unknown): value is object {
  return (typeof Headers !== 'undefined' && value instanceof Headers) || isPlain(value);
}

/** JSON with sorted object keys; `path` and `open` (the containers being written: a cycle) are for the refusal only. */
function encode(value: unknown, path: string[], open: Set<object>): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value)) return JSON.stringify(value);
  if (!isPlain(value) || open.has(value)) {
    throw new InvalidArgumentError({
      parameter: ['options', ...path].join('.'),
      expected: 'a JSON value (a judge setting is part of its recorded identity)',
      received: value,
    });
  }
  const container = value as Record<string, unknown>;
  open.add(container);
  // Every index, holes too, so a sparse array is refused rather than written shorter.
  const keys = Array.isArray(container)
    ? Array.from(container, (_, index) => String(index))
    : Object.keys(container)
        .filter((key) => container[key] !== undefined)
        .sort();
  const parts = keys.map((key) => {
    path.push(key);
    const part = encode(container[key], path, open);
    path.pop();
    return Array.isArray(container) ? part : `${JSON.stringify(key)}:${part}`;
  });
  open.delete(container);
  return Array.isArray(container) ? `[${parts.join(',')}]` : `{${parts.join(',')}}`;
}

/** An array or a plain object: what JSON writes as one, unlike a Date, a Map or a class instance. */
function isPlain(value: unknown): value is object {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}
