import { shownCodePoint } from './shown-code-point.js';

/** What stands in for a character a page does not show: normalisation drops it, so words read across it. */
const PAD = '\u200b';

// The names whose character a word's edge may turn on, each followed by it ('' for the invisible ones): signs and
// spaces (`&minus;`, `&ge;`, `&nbsp;`), invisible characters (`&shy;`, `&zwj;`), punctuation, and letters that have no
// accent (`&szlig;`, Greek). A letter with an accent is read from its name (`&eacute;` is `e` and an acute). A name
// not listed stays as typed.
const NAMES =
  'shy ZeroWidthSpace zwj zwnj NoBreak lrm rlm af ApplyFunction it InvisibleTimes ic InvisibleComma ' +
  'NegativeVeryThinSpace NegativeThinSpace NegativeMediumSpace NegativeThickSpace ' +
  'nbsp\u00a0 NonBreakingSpace\u00a0 ensp\u2002 emsp\u2003 emsp13\u2004 emsp14\u2005 numsp\u2007 puncsp\u2008 ' +
  'thinsp\u2009 ThinSpace\u2009 hairsp\u200a VeryThinSpace\u200a MediumSpace\u205f Tab\t NewLine\n ' +
  'minus\u2212 plus+ plusmn\u00b1 pm\u00b1 PlusMinus\u00b1 mnplus\u2213 mp\u2213 MinusPlus\u2213 lt< LT< gt> GT> ' +
  'le\u2264 leq\u2264 ge\u2265 geq\u2265 GreaterEqual\u2265 leqq\u2266 geqq\u2267 les\u2a7d ges\u2a7e ne\u2260 ' +
  'NotEqual\u2260 asymp\u2248 ap\u2248 approx\u2248 TildeTilde\u2248 sim\u223c Tilde\u223c thksim\u223c ' +
  'thicksim\u223c simeq\u2243 sime\u2243 TildeEqual\u2243 cong\u2245 TildeFullEqual\u2245 equals= equiv\u2261 ' +
  'Congruent\u2261 ll\u226a gg\u226b lsim\u2272 gsim\u2273 dollar$ cent\u00a2 pound\u00a3 yen\u00a5 euro\u20ac ' +
  'curren\u00a4 percnt% permil\u2030 pertenk\u2031 deg\u00b0 num# ast* midast* times\u00d7 divide\u00f7 div\u00f7 ' +
  'middot\u00b7 centerdot\u00b7 CenterDot\u00b7 sdot\u22c5 hyphen\u2010 dash\u2010 ndash\u2013 mdash\u2014 ' +
  'horbar\u2015 amp& AMP& period. comma, colon: semi; sol/ bsol\\ lowbar_ apos\' quot" QUOT" prime\u2032 ' +
  'Prime\u2033 hellip\u2026 mldr\u2026 excl! quest? lpar( rpar) lsqb[ rsqb] lbrack[ rbrack] lcub{ rcub} ' +
  'verbar| vert| commat@ Hat^ grave` frac12\u00bd half\u00bd frac14\u00bc frac34\u00be sup1\u00b9 sup2\u00b2 ' +
  'sup3\u00b3 micro\u00b5 copy\u00a9 COPY\u00a9 reg\u00ae REG\u00ae trade\u2122 sect\u00a7 para\u00b6 bull\u2022 ' +
  'bullet\u2022 laquo\u00ab raquo\u00bb lsquo\u2018 rsquo\u2019 ldquo\u201c rdquo\u201d sbquo\u201a bdquo\u201e ' +
  'larr\u2190 rarr\u2192 uarr\u2191 darr\u2193 harr\u2194 infin\u221e radic\u221a Sqrt\u221a check\u2713 ' +
  'cross\u2717 star\u2606 starf\u2605 dagger\u2020 Dagger\u2021 iexcl\u00a1 iquest\u00bf ordf\u00aa ordm\u00ba ' +
  'not\u00ac macr\u00af acute\u00b4 uml\u00a8 cedil\u00b8 szlig\u00df aelig\u00e6 AElig\u00c6 oelig\u0153 ' +
  'OElig\u0152 eth\u00f0 ETH\u00d0 thorn\u00fe THORN\u00de oslash\u00f8 Oslash\u00d8 imath\u0131 inodot\u0131 ' +
  'alpha\u03b1 beta\u03b2 gamma\u03b3 delta\u03b4 epsilon\u03b5 zeta\u03b6 eta\u03b7 theta\u03b8 iota\u03b9 ' +
  'kappa\u03ba lambda\u03bb mu\u03bc nu\u03bd xi\u03be omicron\u03bf pi\u03c0 rho\u03c1 sigmaf\u03c2 sigma\u03c3 ' +
  'tau\u03c4 upsilon\u03c5 phi\u03c6 chi\u03c7 psi\u03c8 omega\u03c9 Alpha\u0391 Beta\u0392 Gamma\u0393 ' +
  'Delta\u0394 Epsilon\u0395 Zeta\u0396 Eta\u0397 Theta\u0398 Iota\u0399 Kappa\u039a Lambda\u039b Mu\u039c ' +
  'Nu\u039d Xi\u039e Omicron\u039f Pi\u03a0 Rho\u03a1 Sigma\u03a3 Tau\u03a4 Upsilon\u03a5 Phi\u03a6 Chi\u03a7 ' +
  'Psi\u03a8 Omega\u03a9';
const NAMED = new Map(
  NAMES.split(' ').map((entry) => {
    const name = /^[A-Za-z\d]+/.exec(entry)![0];
    return [name, entry.slice(name.length)] as const;
  }),
);
// A letter's name with its accent (`eacute`, `Ccedil`, `scaron`), and the combining mark each accent is.
const ACCENTED = /^([A-Za-z])(acute|grave|circ|tilde|uml|ring|cedil|caron|macr|ogon|breve|dot|dblac)$/;
const ACCENTS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  circ: '\u0302',
  tilde: '\u0303',
  uml: '\u0308',
  ring: '\u030a',
  cedil: '\u0327',
  caron: '\u030c',
  macr: '\u0304',
  ogon: '\u0328',
  breve: '\u0306',
  dot: '\u0307',
  dblac: '\u030b',
};
// The names HTML also reads without their `;` in text (its legacy names, those of Latin-1), longest first where one
// starts another (`not` in `notin`), as a browser reads `&lt18` as `<18`.
const LEGACY = new Set(
  (
    'nbsp shy lt gt amp quot LT GT AMP QUOT plusmn deg micro middot times divide cent pound yen curren sect para ' +
    'not copy COPY reg REG macr sup1 sup2 sup3 frac12 frac14 frac34 iexcl iquest ordf ordm laquo raquo acute uml ' +
    'cedil szlig aelig AElig eth ETH thorn THORN oslash Oslash'
  ).split(' '),
);
const LEGACY_LETTERS =
  /^[AEIOUaeiouy](?:acute|grave|circ|uml)$|^[ANOano]tilde$|^[Aa]ring$|^[Cc]cedil$|^Yacute$/;
// Elements a page shows apart from the text beside them (blocks, list items, table parts, a line break, an image):
// their tags read as a space; any other tag shows nothing (`in<b>effective`, `in<wbr>effective`), a raised or lowered
// text's too (`10<sup>6</sup>` is an exponent glued to its number, as `10⁶` is).
const APART =
  /^(?:address|article|aside|blockquote|body|br|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hgroup|hr|html|img|legend|li|listing|main|menu|nav|ol|optgroup|option|p|plaintext|pre|search|section|summary|table|tbody|td|tfoot|th|thead|tr|ul|xmp)$/i;
// A tag (its name, then attributes without a `<` or `>`, bounded so that a `<` costs at most what stands before the next).
const TAG = /<\/?([A-Za-z][A-Za-z\d-]{0,63})(?:[\t\n\f\r /][^<>]{0,4096})?>/y;
const OPENERS = ['<!--', '<?', '<!'] as const;
const CLOSERS = ['-->', '?>', '>'] as const;
const NAME = /[A-Za-z\d]/;
const DIGITS = /\d/;
const HEX = /[\da-fA-F]/;
const SPACE = /\s/;
const MAY_CHANGE = /[&<*_~]/;

/**
 * `text` as a page shows it, character for character at the offsets it is typed at, for reading a word's edges: a
 * character reference (numeric, or named as {@link NAMES} lists, a legacy name also without its `;`) shows its character
 * where its `&` is; a comment, declaration or processing instruction shows nothing, and a tag nothing (an inline
 * element's, `<wbr>`) or a space (an element shown apart's, `<br>`, `<p>`); a run of `*`, `_` or `~` between two
 * characters that are no space (emphasis or strikethrough that opens or closes inside a word or beside a sign:
 * `in*effective*`, `-*40*`, `in~~effective~~`), but `_` between two letters or digits, shows nothing. What shows nothing stands as a zero-width space, which words read
 * through. The text itself when nothing in it shows otherwise. Code spans are read like the rest. Linear in the text.
 */
export function shownInPlace(text: string): string {
  if (!MAY_CHANGE.test(text)) return text;
  let out = '';
  let from = 0; // how far `text` is copied to `out`
  const put = (at: number, end: number, shown: string): void => {
    if (shown.length > end - at) return; // never wider than what is typed
    out += text.slice(from, at) + shown + PAD.repeat(end - at - shown.length);
    from = end;
  };
  // Where the search for each opener's closer found none: no later one closes either.
  const unclosed = [text.length + 1, text.length + 1, text.length + 1];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '&' && !escaped(text, i)) {
      const found = reference(text, i);
      if (found !== null) {
        put(i, found.end, found.shown);
        i = found.end - 1;
      }
    } else if (char === '<' && !escaped(text, i)) {
      const k = OPENERS.findIndex((opener) => text.startsWith(opener, i));
      if (k >= 0) {
        if (i > unclosed[k]!) continue;
        const close = text.indexOf(CLOSERS[k]!, i + OPENERS[k]!.length);
        if (close < 0) {
          unclosed[k] = i;
          continue;
        }
        put(i, close + CLOSERS[k]!.length, '');
        i = from - 1;
        continue;
      }
      TAG.lastIndex = i;
      const tag = TAG.exec(text);
      if (tag !== null) {
        put(i, i + tag[0].length, APART.test(tag[1]!) ? ' ' : '');
        i = from - 1;
      }
    } else if ((char === '*' || char === '_' || char === '~') && !escaped(text, i)) {
      let end = i;
      while (text[end] === char) end++;
      const before = text[i - 1];
      const after = text[end];
      const apart = (c: string | undefined) => c === undefined || SPACE.test(c);
      const literal = char === '_' && NAME.test(before ?? '') && NAME.test(after ?? '');
      if (!apart(before) && !apart(after) && !literal) put(i, end, '');
      i = end - 1;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Whether the character at `at` is escaped by a backslash (an odd run of them before it). */
function escaped(text: string, at: number): boolean {
  let i = at;
  while (i > 0 && text[i - 1] === '\\') i--;
  return (at - i) % 2 === 1;
}

/** The character reference at `at` (a `&`): what it shows and where it ends, or null when none is read there. */
function reference(text: string, at: number): { shown: string; end: number } | null {
  if (text[at + 1] === '#') {
    const hex = text[at + 2] === 'x' || text[at + 2] === 'X';
    const digits = hex ? HEX : DIGITS;
    const first = at + (hex ? 3 : 2);
    let end = first;
    while (end < text.length && digits.test(text[end]!)) end++;
    if (end === first) return null;
    // Past 8 digits the number is out of range whatever they are (HTML shows U+FFFD).
    const value = end - first > 8 ? -1 : Number.parseInt(text.slice(first, end), hex ? 16 : 10);
    const shown = String.fromCodePoint(shownCodePoint(value));
    return { shown, end: text[end] === ';' ? end + 1 : end };
  }
  let end = at + 1;
  while (end < text.length && end - at <= 32 && NAME.test(text[end]!)) end++;
  const name = text.slice(at + 1, end);
  // A name with its `;` that is not listed may be one HTML knows: it stays as typed.
  if (text[end] === ';') {
    const shown = named(name);
    return shown === undefined ? null : { shown, end: end + 1 };
  }
  // A legacy name without its `;`: the longest one the run starts with.
  for (let length = Math.min(name.length, 6); length >= 2; length--) {
    const prefix = name.slice(0, length);
    if (LEGACY.has(prefix) || LEGACY_LETTERS.test(prefix))
      return { shown: named(prefix)!, end: at + 1 + length };
  }
  return null;
}

/** What a named reference shows, if the name is one {@link NAMES} lists or a letter with its accent. */
function named(name: string): string | undefined {
  const listed = NAMED.get(name);
  if (listed !== undefined) return listed;
  const accented = ACCENTED.exec(name);
  return accented === null ? undefined : `${accented[1]}${ACCENTS[accented[2]!]}`.normalize('NFC');
}
