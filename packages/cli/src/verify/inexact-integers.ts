/**
 * The integers a JSON text writes otherwise than as `String()` writes them back (`1.0`, `1e2`, `-0`, `007` is no JSON),
 * by the key each is the value of (an array's elements count under the array's key), each with its text as written.
 * `JSON.parse` keeps only the number, so a numeric id `1.0` would be looked up as "1" in a collection that may hold
 * "1.0" as well: a reader of the line and gk would name different documents. Linear in `text`, which must be valid
 * JSON (it is parsed first).
 */
export function inexactIntegers(text: string): Map<string, Map<number, string>> {
  const found = new Map<string, Map<number, string>>();
  // The key each open container is the value of ('' at the top), and, for an object, the key last read in it.
  const keys: string[] = [];
  const objects: boolean[] = [];
  let key = '';
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      const end = closingQuote(text, i);
      if (expectKey) {
        const raw = text.slice(i + 1, end);
        key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        expectKey = false;
      }
      i = end;
    } else if (code === 0x7b || code === 0x5b) {
      keys.push(objects[objects.length - 1] === false ? (keys[keys.length - 1] ?? '') : key);
      objects.push(code === 0x7b);
      expectKey = code === 0x7b;
    } else if (code === 0x7d || code === 0x5d) {
      keys.pop();
      objects.pop();
      key = '';
    } else if (code === 0x2c) {
      expectKey = objects[objects.length - 1] === true;
    } else if (code === 0x2d || (code >= 0x30 && code <= 0x39)) {
      let end = i + 1;
      while (end < text.length && /[0-9.eE+-]/.test(text[end]!)) end++;
      const written = text.slice(i, end);
      const value = Number(written);
      if (Number.isInteger(value) && String(value) !== written) {
        const owner = objects[objects.length - 1] === false ? (keys[keys.length - 1] ?? '') : key;
        let values = found.get(owner);
        if (values === undefined) {
          values = new Map();
          found.set(owner, values);
        }
        if (!values.has(value)) values.set(value, written);
      }
      i = end - 1;
    }
  }
  return found;
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
