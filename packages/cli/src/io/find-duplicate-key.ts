/**
 * The first of `keys` that some object in `text` (valid JSON) holds twice, or null. `JSON.parse` keeps the last of
 * two equal keys, so a line could show a reader one answer and have another verified; the library refuses
 * duplicate keys in model JSON for the same reason. Only a line that names one of `keys` twice, or escapes a
 * character (`\u0061nswer` is `answer`, `out\/answer` is `out/answer`), is scanned: the others cannot hold such a duplicate.
 * `'any'` watches every key (a whole config or report file, where any repeated key hides a value).
 */
export function findDuplicateKey(text: string, keys: ReadonlySet<string> | 'any'): string | null {
  if (!mayRepeat(text, keys)) return null;
  const objects: Array<Set<string> | null> = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      const end = closingQuote(text, i);
      if (expectKey) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        const seen = objects[objects.length - 1];
        if (seen !== null && seen !== undefined && (keys === 'any' || keys.has(key))) {
          if (seen.has(key)) return key;
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
  return null;
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

// Index of the quote that closes the string opening at `start`, past escaped quotes.
function closingQuote(text: string, start: number): number {
  for (let i = text.indexOf('"', start + 1); i !== -1; i = text.indexOf('"', i + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
  return text.length;
}
