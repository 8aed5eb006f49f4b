import { closingQuote } from './closing-quote.js';

/**
 * The first of `keys` that some object in `text` (valid JSON) holds twice, or null. `JSON.parse` keeps the last of
 * two equal keys, so a line could show a reader one answer and have another verified; the library refuses
 * duplicate keys in model JSON for the same reason. Only a line that names one of `keys` twice, or escapes a
 * character (`\u0061nswer` is `answer`, `out\/answer` is `out/answer`), is scanned: the others cannot hold such a duplicate.
 * `'any'` watches every key (a whole config or report file, where any repeated key hides a value).
 */
export function findDuplicateKey(text: string, keys: ReadonlySet<string> | 'any'): string | null {
  if (!mayRepeat(text, keys)) return null;
  const found = findKeyProblem(text, keys, Number.POSITIVE_INFINITY);
  return found?.code === 'duplicate_key' ? found.key : null;
}

/**
 * The longest object key `gk report` reads in a verifications line, and any JSON file gk reads whole (a report, a
 * summary, a config): 1,024 characters. None that gk writes comes near it; see {@link findKeyProblem} for why.
 */
export const MAX_JSON_KEY_LENGTH = 1024;

/** What {@link findKeyProblem} found first: a watched key held twice by one object, or a key that is too long. */
export type KeyProblem = { code: 'duplicate_key'; key: string } | { code: 'key_too_long'; length: number };

/**
 * {@link findDuplicateKey}'s scan over every key of `text`, which also stops at the first key longer than
 * `maxKeyLength` (once unescaped), before it is hashed: V8 hashes a string longer than 16,383 characters by its
 * length alone, so many long keys of one length make a Set of them, and `JSON.parse` itself, quadratic. Linear in
 * `text`, which need not be valid JSON: call it before `JSON.parse` to refuse such a text unparsed.
 */
export function findKeyProblem(
  text: string,
  keys: ReadonlySet<string> | 'any',
  maxKeyLength: number,
): KeyProblem | null {
  const objects: Array<Set<string> | null> = [];
  let expectKey = false;
  // A duplicate found first is returned only once the scan ends with no key too long: the caller refuses a long key
  // before parsing, and a duplicate only after, so a duplicate early in the text must not let long keys be parsed.
  let duplicate: KeyProblem | null = null;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      const end = closingQuote(text, i);
      if (expectKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? readKey(raw) : raw;
        if (key.length > maxKeyLength && isKey(text, end + 1))
          return { code: 'key_too_long', length: key.length };
        const seen = objects[objects.length - 1];
        if (seen !== null && seen !== undefined && (keys === 'any' || keys.has(key))) {
          if (seen.has(key) && duplicate === null) {
            duplicate = { code: 'duplicate_key', key };
            if (maxKeyLength === Number.POSITIVE_INFINITY) return duplicate;
          }
          seen.add(key);
        }
        expectKey = false;
      }
      i = end;
    } else if (code === 0x7b) {
      objects.push(new Set());
      expectKey = true;
    } else if (code === 0x5b) {
      objects.push(null);
    } else if (code === 0x7d || code === 0x5d) {
      objects.pop();
    } else if (code === 0x2c) {
      expectKey = objects[objects.length - 1] !== null && objects.length > 0;
    }
  }
  return duplicate;
}

// The key's text, escapes read; a string that is not valid JSON is taken as written.
function readKey(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

// Whether the string that closed before `from` is followed by a colon (spaces aside): a key, in a text not yet parsed.
function isKey(text: string, from: number): boolean {
  let i = from;
  while (i < text.length && /[ \t\r\n]/.test(text[i]!)) i++;
  return text.charCodeAt(i) === 0x3a;
}

function mayRepeat(text: string, keys: ReadonlySet<string> | 'any'): boolean {
  if (keys === 'any') return true;
  if (text.includes('\\u') || text.includes('\\/')) return true;
  for (const key of keys) {
    // `\"`, `\\` and the escapes of control characters spell such a key another way, but are common in values.
    if (/["\\\u0000-\u001f]/.test(key) && text.includes('\\')) return true;
    const quoted = `"${key}"`;
    const first = text.indexOf(quoted);
    if (first !== -1 && text.indexOf(quoted, first + quoted.length) !== -1) return true;
  }
  return false;
}
