/** One declaration of a `style` attribute as CSS reads it: its property (lower case) and its value. */
export interface StyleDeclaration {
  property: string;
  value: string;
  important: boolean;
}

// CSS whitespace (not the wider set String.prototype.trim removes: a no-break space is part of a CSS word).
const SPACE = /[ \t\n\f\r]/;
const HEX = /[\da-fA-F]/;
// Characters an escape may stand for and still read the same in a word: an escape of any other (`\3a`, `\;`, `\20`)
// makes a word of it, so it is read as U+FFFD, which no property or value read here holds.
const WORD = /[\w\u0080-\uffff-]/;

/**
 * The declarations of a style (character references already decoded) as CSS reads them: comments read as a space,
 * escapes decoded (`disp\61 y` is `display`), a `;` inside a string or brackets not ending a declaration, values in
 * lower case without `!important`. Linear in the style.
 */
export function readStyleDeclarations(style: string): StyleDeclaration[] {
  const declarations: StyleDeclaration[] = [];
  let current = '';
  let quote = ''; // the quote of the string open, if any
  let depth = 0; // brackets open
  const end = (): void => {
    const colon = current.indexOf(':');
    if (colon > 0) {
      const property = trim(current.slice(0, colon)).toLowerCase();
      const value = trim(current.slice(colon + 1)).toLowerCase();
      const important = /![ \t\n\f\r]*important$/.exec(value);
      declarations.push({
        property,
        value: important === null ? value : trim(value.slice(0, important.index)),
        important: important !== null,
      });
    }
    current = '';
  };
  for (let i = 0; i < style.length; ) {
    const char = style[i]!;
    if (char === '\\') {
      const [read, length] = readEscape(style, i);
      current += quote !== '' || WORD.test(read) ? read : '\uFFFD';
      i += length;
    } else if (quote === '' && char === '/' && style[i + 1] === '*') {
      const close = style.indexOf('*/', i + 2);
      current += ' ';
      i = close < 0 ? style.length : close + 2;
    } else {
      if (quote !== '') {
        if (char === quote || char === '\n' || char === '\r' || char === '\f') quote = ''; // closed, or a bad string
      } else if (char === '"' || char === "'") quote = char;
      else if (char === '(' || char === '[' || char === '{') depth++;
      else if ((char === ')' || char === ']' || char === '}') && depth > 0) depth--;
      else if (char === ';' && depth === 0) {
        end();
        i++;
        continue;
      }
      current += char;
      i++;
    }
  }
  end();
  return declarations;
}

/** What the escape at `at` (a backslash) reads as, and its length: up to six hex digits and one space, or a character. */
function readEscape(style: string, at: number): [string, number] {
  const next = style[at + 1];
  if (next === undefined) return ['\uFFFD', 1];
  if (next === '\n' || next === '\r' || next === '\f') return ['\uFFFD', 1]; // not an escape outside a string
  if (!HEX.test(next)) {
    const code = style.codePointAt(at + 1)!;
    return [String.fromCodePoint(code), code > 0xffff ? 3 : 2];
  }
  let length = 1;
  while (length < 7 && HEX.test(style[at + length] ?? '')) length++;
  const code = Number.parseInt(style.slice(at + 1, at + length), 16);
  if (style[at + length] === '\r' && style[at + length + 1] === '\n') length += 2;
  else if (SPACE.test(style[at + length] ?? '')) length++;
  const read =
    code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff
      ? '\uFFFD'
      : String.fromCodePoint(code);
  return [read, length];
}

/** `text` without CSS whitespace at either end (in time linear in it). */
function trim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && SPACE.test(text[start]!)) start++;
  while (end > start && SPACE.test(text[end - 1]!)) end--;
  return text.slice(start, end);
}
