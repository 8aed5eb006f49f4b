/**
 * Where the HTML open or closing tag that starts at `at` (a `<`) ends, as CommonMark reads raw HTML within a line:
 * a name, attributes whose values are unquoted or quoted, then `>`; -1: no tag starts there. A scan for what
 * `<(?:[A-Za-z][A-Za-z0-9-]*(?:[ \t]+NAME(?:[ \t]*=[ \t]*VALUE)?)*[ \t]*\/?|\/[A-Za-z][A-Za-z0-9-]*[ \t]*)>` matches:
 * every part is separated from the next by a character it cannot hold, so the one way to read it is the greedy one,
 * and a regex repeating attributes keeps a backtrack entry for each (`<a b b b …` overflows V8's stack).
 */
export function htmlTagEnd(text: string, at: number): number {
  if (text[at] !== '<') return -1;
  let end = at + 1;
  if (text[end] === '/') {
    end = skip(text, end + 1, isTagChar, 1);
    if (end === -1) return -1;
    end = skip(text, end, isSpace);
    return text[end] === '>' ? end + 1 : -1;
  }
  end = skip(text, end, isTagChar, 1);
  if (end === -1) return -1;
  for (;;) {
    const name = skip(text, end, isSpace);
    if (name === end || !isNameStart(text[name])) break;
    end = skip(text, name + 1, isNameChar);
    const equals = skip(text, end, isSpace);
    if (text[equals] !== '=') continue;
    const value = valueEnd(text, skip(text, equals + 1, isSpace));
    if (value !== -1) end = value;
  }
  end = skip(text, end, isSpace);
  if (text[end] === '/') end++;
  return text[end] === '>' ? end + 1 : -1;
}

/** Past the characters from `at` that `test` accepts; -1 when the first is not a letter and `letterFirst` asks one. */
function skip(text: string, at: number, test: (char: string) => boolean, letterFirst?: 1): number {
  if (letterFirst !== undefined && !isLetter(text[at])) return -1;
  let end = letterFirst === undefined ? at : at + 1;
  while (end < text.length && test(text[end]!)) end++;
  return end;
}

/** Past an attribute value at `at`: quoted (`"…"`, `'…'`, within the line) or unquoted; -1: none. */
function valueEnd(text: string, at: number): number {
  const quote = text[at];
  if (quote === '"' || quote === "'") {
    let end = at + 1;
    while (end < text.length && text[end] !== quote && !isLineBreak(text[end]!)) end++;
    return text[end] === quote ? end + 1 : -1;
  }
  const end = skip(text, at, isUnquoted);
  return end === at ? -1 : end;
}

const isLetter = (char: string | undefined): boolean =>
  char !== undefined && ((char >= 'a' && char <= 'z') || (char >= 'A' && char <= 'Z'));
const isDigit = (char: string): boolean => char >= '0' && char <= '9';
const isTagChar = (char: string): boolean => isLetter(char) || isDigit(char) || char === '-';
const isNameStart = (char: string | undefined): boolean => isLetter(char) || char === '_' || char === ':';
const isNameChar = (char: string): boolean => isNameStart(char) || isDigit(char) || '.-'.includes(char);
const isSpace = (char: string): boolean => char === ' ' || char === '\t';
const isLineBreak = (char: string): boolean => '\n\r\u2028\u2029'.includes(char);
const isUnquoted = (char: string): boolean => !' \t"\'=<>`'.includes(char) && !isLineBreak(char);
