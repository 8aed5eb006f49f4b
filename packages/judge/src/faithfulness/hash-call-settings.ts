import { InvalidArgumentError, sha256Hex } from '@gk/internal';
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
  const hashed: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(settings)) {
    if (value === undefined || REQUEST_ONLY.has(name)) continue;
    if (name !== 'headers' || !isPlain(value) || Array.isArray(value)) {
      hashed[name] = value;
      continue;
    }
    const headers = Object.entries(value as object).filter(
      ([header, text]) => text !== undefined && !CREDENTIAL_HEADER.test(header),
    );
    if (headers.length > 0) hashed[name] = Object.fromEntries(headers);
  }
  if (Object.keys(hashed).length === 0) return undefined;
  return sha256Hex(`gk-judge-settings-v1\n${encode(hashed, [], new Set())}`);
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
