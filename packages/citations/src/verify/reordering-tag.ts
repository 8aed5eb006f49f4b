import { wholeRun } from '@gk/internal';
import { lineCodeSpans } from './parse-markers.js';

// An attribute's name after HTML's whitespace (a form feed too), a `/` or a quoted value's end (where a browser reads
// one on a raw HTML line: `<span/hidden>`, `<b title="x"hidden>`), and its value. A name holds no character reference
// (HTML decodes them in values only), and no value is read: `hidden` hides whatever its value, `style` whatever it says.
// Each run is read whole in pieces (`wholeRun`; what follows it cannot start with one of its characters): a repeated
// class kept a backtrack entry per character once V8 compiles patterns without optimizations, and a name or value of
// millions of characters overflowed its stack.
const ATTRIBUTES = /* @__PURE__ */ (() => {
  const space = () => `(?:${wholeRun('[\\t\\n\\f\\r ]')})?`;
  const value = `"(?:${wholeRun('[^"]')})?"|'(?:${wholeRun("[^']")})?'|${wholeRun('[^\\t\\n\\f\\r "\'=<>`]')}`;
  return new RegExp(
    `(?<=[\\t\\n\\f\\r /"'])(?<name>${wholeRun('[^\\t\\n\\f\\r "\'/<=>`]')})(?:${space()}=${space()}(?<value>${value}))?`,
    'g',
  );
})();

/** Each attribute of a tag's attributes (what follows its name), as HTML reads them: its name, and its value if any. */
export function* attributesOf(attributes: string): Generator<[name: string, value: string | undefined]> {
  for (const match of attributes.matchAll(ATTRIBUTES)) yield [match.groups!['name']!, match.groups!['value']];
}
/** A tag as {@link anyTags} reads it: the whole, its name, its attributes, and where it starts. */
export type TagMatch = { 0: string; 1: string; 2: string; index: number };

/**
 * Each tag of `text`, in order: `<`, a name, then attributes up to `>` or as far as they go. A quote opens a value only
 * after `=` (HTML's tokenizer reads `it's` in a tag as part of a name); a value left open ends the tag at its `=`. A
 * scan for `<([A-Za-z][A-Za-z0-9-]*)((?:[^>=]|=[\t\n\f\r ]*(?:"[^"]*"|'[^']*')|=(?![\t\n\f\r ]*["']))*)>?`, which
 * keeps a backtrack entry per attribute character or value (`<a =""=""…` overflows V8's stack); linear, as a quote
 * found unclosed once is unclosed from any later place.
 */
export function* anyTags(text: string): Generator<TagMatch> {
  const unclosed = { '"': false, "'": false };
  for (let at = text.indexOf('<'); at !== -1; ) {
    let name = at + 1;
    if (!/[A-Za-z]/.test(text[name] ?? '')) {
      at = text.indexOf('<', at + 1);
      continue;
    }
    while (/[A-Za-z0-9-]/.test(text[name + 1] ?? '')) name++;
    let end = name + 1;
    for (let char = text[end]; char !== undefined && char !== '>'; char = text[end]) {
      if (char !== '=') {
        end++;
        continue;
      }
      let value = end + 1;
      while (HTML_SPACE.includes(text[value] ?? '.')) value++;
      const quote = text[value];
      if (quote !== '"' && quote !== "'") end++;
      else {
        const close = unclosed[quote] ? -1 : text.indexOf(quote, value + 1);
        if (close === -1) {
          unclosed[quote] = true;
          break;
        }
        end = close + 1;
      }
    }
    const attributes = text.slice(name + 1, end);
    if (text[end] === '>') end++;
    yield { 0: text.slice(at, end), 1: text.slice(at + 1, name + 1), 2: attributes, index: at };
    at = text.indexOf('<', end);
  }
}
const HTML_SPACE = '\t\n\f\r ';
const OPEN_VALUE = /=[\t\n\f\r ]*(["'])/y;

/**
 * Where a text ends as tags go: '' outside any tag, else the start of the tag it leaves open as the next part reads
 * on from it (CommonMark lets a tag run over a line break, and a sentence may end inside one): the tag's name and the
 * attribute it was in, up to where the text stopped (`<img `, `<img src `, `<img src= `, `<img src="`). A name past
 * {@link NAME_REACH} characters is written `x`: no name a check looks for is that long.
 */
export type TagState = string;

const NAME_REACH = 64;
const kept = (name: string): string => (name.length > NAME_REACH ? 'x' : name);

/**
 * The first start tag in a part's text (outside code spans) that reorders what a page shows, as a bidi control does,
 * or null: a `bdo`, `style` or `link` element, or any element with a `dir` attribute (`<span dir="rtl">12 - 5</span>` shows
 * `5 - 12`) or a `style` (CSS reorders, mirrors and moves text, `unicode-bidi`, `direction`, `transform`, in spellings a
 * browser decodes); and where the text ends as tags go. `open` is where the part before it ended: a part that starts
 * inside a tag starts with that tag's attributes. Read leniently (`<span/dir=rtl>` too, and inside a comment): a
 * refusal, never an acceptance.
 */
export function reorderingTag(
  text: string,
  html: boolean,
  open: TagState = '',
): { tag: string | null; open: TagState } {
  if (open === '' && !text.includes('<')) return { tag: null, open };
  const read = open + text;
  const code = lineCodeSpans(read, html);
  let c = 0;
  let last: TagMatch | null = null;
  let found: string | null = null;
  for (const tag of anyTags(read)) {
    while (c < code.length && code[c + 1]! <= tag.index) c += 2;
    if (c < code.length && code[c]! <= tag.index) continue; // a code span shows its tags as typed
    last = tag;
    if (found !== null || !reorders(tag[1]!, tag[2]!)) continue;
    // The tag the part before opened is shown from where this part starts.
    found = tag.index === 0 ? tag[0].slice(open.length) : tag[0];
  }
  return { tag: found, open: last === null ? '' : stateAfter(read, last) };
}

/**
 * Whether a tag of element `name` with `attributes` may reorder what a page shows: a `bdo`, CSS (`style`, a `link` to a
 * stylesheet), or a `dir` or `style` attribute, or SVG's `direction` or `unicode-bidi`.
 */
export function reorders(name: string, attributes: string): boolean {
  if (/^(?:bdo|style|link)$/i.test(name)) return true;
  // With a value only: `<span dir>` changes nothing, and prose read as a tag (`i<n … the wind direction`) has none.
  for (const [attribute, value] of attributesOf(attributes))
    if (value !== undefined && /^(?:dir|style|direction|unicode-bidi)$/i.test(attribute)) return true;
  return false;
}

/**
 * Where `text` ends as tags go, given its last tag ({@link TagState}): closed, open at a quote it never closes (in
 * the value of its last attribute), or open at the end, after an attribute, its name, or its `=`. An unquoted value
 * the text ends in is whole: what follows the text starts after a space.
 */
function stateAfter(text: string, tag: TagMatch): TagState {
  if (tag[0].endsWith('>')) return '';
  const start = `<${kept(tag[1])} `;
  const attributes = tag[2];
  let last: [string, string | undefined] | undefined;
  for (const attribute of attributesOf(` ${attributes}`)) last = attribute;
  const end = tag.index + tag[0].length;
  if (end < text.length) {
    OPEN_VALUE.lastIndex = end;
    const quote = OPEN_VALUE.exec(text)?.[1];
    if (quote !== undefined) return `${start}${kept(last?.[0] ?? 'x')}=${quote}`;
    return start;
  }
  let to = attributes.length;
  while (to > 0 && HTML_SPACE.includes(attributes[to - 1]!)) to--;
  if (last === undefined || last[1] !== undefined) return start;
  if (attributes[to - 1] === '=') return `${start}${kept(last[0])}= `;
  return attributes.endsWith(last[0], to) ? `${start}${kept(last[0])} ` : start;
}
