// The quotation marks the verifier reads, family by family, and what a mark can do where it stands. A module of its
// own without imports, so that the bundler writes the role flags as numbers where they are read.

/** What a mark can do: open a quotation, close one, or either (its neighbours decide). */
export const OPEN = 1;
export const CLOSE = 2;
export const EITHER = OPEN | CLOSE;
/** A closing mark that, with nothing open, quotes back to the previous mark of its family or its claim's start. */
export const STRAY = 4;
/**
 * A single mark that would open but for the digit or elided word after it (`'90s`, `'tis`): a closing mark later on
 * its line may still close what it opens.
 */
export const ELIDED = 8;
/**
 * In a mark's table entry: a look-alike (`<<`, `⟨`, `❮`, `,,` ...) with uses other than quoting (shifts, kets,
 * arrows): it only ever pairs, tight on the inside, and never glues to a word or operand on the outside.
 */
export const PAIRED = 4;

/**
 * The quotation marks of each family (what NFKC and the verifier's normaliser read as one mark), by what a mark can
 * do on its own: open or close (its neighbours decide: `“` opens in English and closes in German, `«` opens in
 * French and closes in German), only open, only close; then look-alikes that only open and only close, read only as
 * a pair (PAIRED). `<<`, `>>` and `,,` are look-alikes too, read by the scanner.
 */
export const FAMILIES: ReadonlyArray<
  readonly [either: string, opens: string, closes: string, pairedOpens?: string, pairedCloses?: string]
> = [
  // " ＂ “ ” ‟ ″ ‶ ״ ʺ ˮ ˝ ˶ ײ | „ 〝 ❝ ⹂ 🙶 🙸 ❠ | 〞 〟 ❞ 🙷 | 〃 | 〃: double marks, double primes, Hebrew
  // gershayim and double yod, modifier letters and accents, ornaments, the ditto mark (spaced in tables: a look-alike)
  [
    '"\uff02\u201c\u201d\u201f\u2033\u2036\u05f4\u02ba\u02ee\u02dd\u02f6\u05f2',
    '\u201e\u301d\u275d\u2e42\u{1f676}\u{1f678}\u2760',
    '\u301e\u301f\u275e\u{1f677}',
    '\u3003',
    '\u3003',
  ],
  // ' ＇ ‘ ’ ‛ ′ ‵ ´ ʹ ׳ | ‚ ❛ ❟ | ❜: single marks, primes, the acute accent and look-alike letters (apostrophes
  // make these special)
  ["'\uff07\u2018\u2019\u201b\u2032\u2035\u00b4\u02b9\u05f3", '\u201a\u275b\u275f', '\u275c'],
  ['\u00ab\u00bb', '', '', '\u226a', '\u226b'], // « » | ≪ ≫
  ['\u2039\u203a', '', '', '\u276e\u2770', '\u276f\u2771'], // ‹ › | ❮ ❰ ❯ ❱
  ['', '\u300c\uff62\ufe41', '\u300d\uff63\ufe42'], // 「 ｢ ﹁ | 」 ｣ ﹂
  ['', '\u300e\ufe43', '\u300f\ufe44'], // 『 ﹃ | 』 ﹄
  // 《 〈 ︽ ︿ | 》 〉 ︾ ﹀ | ⟨ ⟪ ❬ 〈 | ⟩ ⟫ ❭ 〉
  [
    '',
    '\u300a\u3008\ufe3d\ufe3f',
    '\u300b\u3009\ufe3e\ufe40',
    '\u27e8\u27ea\u276c\u2329',
    '\u27e9\u27eb\u276d\u232a',
  ],
  // ʻ | ʼ: modifier letters (the Hawaiian ʻokina, the apostrophe of many orthographies) that show as ‘ and ’. A family
  // of their own, as look-alikes: only each other closes them, so an ʻokina never pairs with an English apostrophe.
  ['', '', '', '\u02bb', '\u02bc'],
  // ⸂ ⸄ ⸉ ⸌ ⸜ ⸠ ⦑ | ⸃ ⸅ ⸊ ⸍ ⸝ ⸡ ⦒: the New Testament editorial marks (substitution, transposition, omission) and
  // the dotted angle brackets, which quote as a pair as Unicode's initial and final punctuation do.
  ['', '', '', '\u2e02\u2e04\u2e09\u2e0c\u2e1c\u2e20\u2991', '\u2e03\u2e05\u2e0a\u2e0d\u2e1d\u2e21\u2992'],
];
/** The family of double marks. */
export const DOUBLE = 0;
/** The family of single marks (apostrophes make these special). */
export const SINGLE = 1;
/** The family of guillemets. */
export const GUILLEMET = 2;

/** Quotation mark → family * 8 + direction (OPEN, CLOSE or EITHER), plus PAIRED for a look-alike. */
export const MARKS = new Map<number, number>();
FAMILIES.forEach((marks, family) => {
  marks.forEach((chars, role) => {
    // A look-alike in both paired columns (〃) opens or closes.
    for (const char of chars!) // forEach visits only the columns a family has
      MARKS.set(
        char.codePointAt(0)!,
        (MARKS.get(char.codePointAt(0)!) ?? family * 8) |
          [EITHER, OPEN, CLOSE, PAIRED | OPEN, PAIRED | CLOSE][role]!,
      );
  });
});

/** The marks of the given roles (columns of FAMILIES), of every family. */
const marksOf = (from: number, to: number): string =>
  FAMILIES.map((marks) => marks.slice(from, to).join('')).join('');
// Every name of HTML's (WHATWG's) named character references to a mark of MARKS, each followed by the mark: a browser
// (and markdown) shows the mark. Names are case-sensitive (`&LDQUO;` is text).
const NAMED = new Map(
  'quot" QUOT" ldquo“ OpenCurlyDoubleQuote“ rdquo” rdquor” CloseCurlyDoubleQuote” bdquo„ ldquor„ Prime″ dblac˝ DiacriticalDoubleAcute˝ apos\' lsquo‘ OpenCurlyQuote‘ rsquo’ rsquor’ CloseCurlyQuote’ sbquo‚ lsquor‚ prime′ bprime‵ backprime‵ acute´ DiacriticalAcute´ laquo« raquo» lsaquo‹ rsaquo› Lt≪ ll≪ NestedLessLess≪ Gt≫ gg≫ NestedGreaterGreater≫ lang⟨ langle⟨ LeftAngleBracket⟨ rang⟩ rangle⟩ RightAngleBracket⟩ Lang⟪ Rang⟫'
    .split(' ')
    .map((entry) => [entry.slice(0, -1), entry.charCodeAt(entry.length - 1)] as const),
);
// The numeric references in 0x80–0x9F that HTML maps through Windows-1252 to a mark (`&#147;` shows “), to it: the
// marks among what shownCodePoint (text/shown-code-point.ts) gives them, written out so that this module imports
// nothing (ADR 0028); shown-code-point.test.ts checks that the two agree.
const C1 = new Map([
  [0x82, 0x201a],
  [0x84, 0x201e],
  [0x8b, 0x2039],
  [0x91, 0x2018],
  [0x92, 0x2019],
  [0x93, 0x201c],
  [0x94, 0x201d],
  [0x9b, 0x203a],
]);
/** The code points of `chars` in base `radix`, as alternatives (hex digits in either case). */
const codes = (chars: string, radix: number): string =>
  [...chars]
    .map((char) =>
      char
        .codePointAt(0)!
        .toString(radix)
        .replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`),
    )
    .join('|');
/**
 * A numeric character reference (after its `&`, before its `;`) to a code point of `decimal` or `hex` (alternatives
 * written without leading zeros), of any length: a browser decodes them all (in raw HTML and in tags). CommonMark
 * decodes 1 to 7 decimal or 1 to 6 hex digits, leading zeros counted, and shows a longer one (`&#00000008217;`) as
 * text, no mark: the scanner drops a {@link LONG_REFERENCE} in markdown text.
 */
const numeric = (decimal: string, hex: string): string => `#0*(?:${decimal})|#[xX]0*(?:${hex})`;
/** A numeric reference too long for CommonMark to decode (text in markdown, a character in raw HTML). */
export const LONG_REFERENCE = /&#(?:\d{8}|[xX][\da-fA-F]{7})/;
/**
 * TeX's quotation-mark commands, which KaTeX and MathJax draw as “ ” ‘ ’ (`\textquotedblleft`, `\textquoteright`,
 * `\lq`, `\rq`), with the empty group or the spaces after them that TeX reads as part of the command.
 */
const TEX_MARK = '\\\\(?:textquote(?:dbl)?(?:left|right)|[lr]q)(?![A-Za-z])(?:\\{\\}|[ \\t]*)';
/**
 * The marks of `chars` written as HTML character references (named, decimal or hex, also the C1 ones a browser
 * shows as a mark), the `<q>` tag (browsers draw its marks; `<q/>` opens one too, HTML ignores the slash) and, with
 * “ and ‘, TeX's commands for them ({@link TEX_MARK}).
 */
const references = (chars: string): string => {
  const names = [...NAMED]
    .filter(([, code]) => chars.includes(String.fromCharCode(code)))
    .map(([name]) => name);
  const numbers =
    chars +
    [...C1]
      .filter(([, code]) => chars.includes(String.fromCharCode(code)))
      .map(([c1]) => String.fromCharCode(c1))
      .join('');
  const tex = chars.includes('\u2018') && chars.includes('\u201c') ? `|${TEX_MARK}` : '';
  return `&(?:${names.join('|')}|${numeric(codes(numbers, 10), codes(numbers, 16))});|</?[qQ](?:[\\s/][^<>]*)?>${tex}`;
};
/**
 * Any quotation mark but a look-alike, or a backtick (two open typewriter quotes), also written as a reference or a
 * `<q>` tag: a text without one, and without a look-alike pair ({@link holdsLookAlikePair}), has no quotation.
 */
export const QUOTATION_MARK = new RegExp(`[${marksOf(0, 3)}\`]|${references(marksOf(0, 3))}`, 'u');
/**
 * Exactly two of `chars` (`<<<` is no mark), invisible characters between them aside (`<\u200b<` shows `<<`), each
 * maybe escaped for markdown (`\<`) or written as one of the HTML `entities` (`&lt;`): they show the same marks.
 */
const two = (chars: string, entities = ''): string => {
  const one = `(?:\\\\?[${chars}]${entities && `|&(?:${entities});`})`;
  return `(?<![${chars}])${one}\\p{DI}*${one}(?![${chars}])`;
};
// `<<` and `>>` in every width (`＜＜`, small `﹤﹤`: NFKC `<<`), escaped or as entities.
const LESS = two('<\ufe64\uff1c', `lt|LT|${numeric('60', '3[cC]')}`);
const MORE = two('>\ufe65\uff1e', `gt|GT|${numeric('62', '3[eE]')}`);
// `,,` and two backticks, escaped or as entities.
const COMMAS = two(',', `comma|${numeric('44', '2[cC]')}`);
const BACKTICKS = two('`', `grave|DiacriticalGrave|${numeric('96', '60')}`);
/**
 * Where the scanner stops: any quotation mark, and two of `<` (group 1), `>`, `,` (group 3) or of backticks before
 * text (group 4: they open typewriter quotes), and a mark written as a reference or a `<q>` tag (group 2).
 */
const ANY = `[${marksOf(0, 5)}]|(${LESS})|(${references(marksOf(0, 5))})|${MORE}|(${COMMAS})|(${BACKTICKS})(?=\\S)`;
/** `pattern` with its numeric references limited to the digits CommonMark decodes (7 decimal, 6 hex). */
const commonMark = (pattern: string): string =>
  pattern.replace(/#(\[xX\])?0\*/g, (_, hex) => (hex ? '#[xX](?=[\\da-fA-F]{1,6};)0*' : '#(?=\\d{1,7};)0*'));
/** ANY_MARK as markdown text shows it (numeric references of CommonMark's lengths only). */
export const ANY_MARK = new RegExp(commonMark(ANY), 'gu');
/**
 * ANY_MARK as a browser reads raw HTML (numeric references of any length): the scanner's search, which drops a
 * {@link LONG_REFERENCE} found in markdown text.
 */
export const ANY_MARK_RAW = new RegExp(ANY, 'gu');
/** A mark written as a reference (of any length, as ANY_MARK_RAW) or a `<q>` tag, where the scan stands. */
export const REFERENCE_AT = new RegExp(references(marksOf(0, 5)), 'uy');

/** The table entry of a mark written as a reference or a `<q>` tag (ANY_MARK's group 2), and the mark it shows. */
export function referenceMark(reference: string): [mark: number, code: number] {
  // <q> opens, </q> closes, double marks either way (a <q> inside a <q> shows single marks, quoting all the same).
  if (reference[0] === '<') return reference[1] === '/' ? [CLOSE, 0x201d] : [OPEN, 0x201c];
  // TeX: `\textquotedblleft` opens, `\textquoteright` and `\rq` close, single ones as single marks.
  if (reference[0] === '\\') {
    const single = reference[1] === 'l' || reference[1] === 'r' || !reference.includes('dbl');
    const opens = /^\\(?:l|text\w*left)/.test(reference);
    return [
      (single ? SINGLE << 3 : 0) | (opens ? OPEN : CLOSE),
      (single ? 0x2018 : 0x201c) + (opens ? 0 : 1),
    ];
  }
  const name = reference.slice(1, -1);
  let code = NAMED.get(name) ?? Number(`0${name.slice(1)}`); // `#x201c` as `0x201c`, `#8220` as `08220`
  code = C1.get(code) ?? code;
  return [MARKS.get(code)!, code];
}

const PAIRED_OPEN = new RegExp(`${LESS}|[${marksOf(3, 4)}]`, 'u');
const PAIRED_CLOSE = new RegExp(`${MORE}|[${marksOf(4, 5)}]`, 'u');
// Also written as references (`&lang;`, `&#x27E8;`), which a page shows as the marks: searched for only in a text
// that holds a `&` (the alternation costs a third more on every line read).
const PAIRED_OPEN_WRITTEN = new RegExp(`${PAIRED_OPEN.source}|${references(marksOf(3, 4))}`, 'u');
const PAIRED_CLOSE_WRITTEN = new RegExp(`${PAIRED_CLOSE.source}|${references(marksOf(4, 5))}`, 'u');

/** Whether `text` holds a look-alike opening mark with a look-alike closing mark after it (maybe a quotation). */
export function holdsLookAlikePair(text: string): boolean {
  const [open, close] = text.includes('&')
    ? [PAIRED_OPEN_WRITTEN, PAIRED_CLOSE_WRITTEN]
    : [PAIRED_OPEN, PAIRED_CLOSE];
  return close.test(text.slice(text.search(open) >>> 0)); // no opening mark: -1 >>> 0, past the end
}

// Words a single quotation mark elides at their start ('tis, 'n', 'em): an apostrophe, not an opening mark.
const ELISIONS = new Set('tis twas twere em n cause til bout round neath gainst'.split(' '));
const WORD = /[\p{L}\p{N}\p{M}]/u;
const WORD_BEFORE = /[\p{L}\p{N}\p{M}]$/u;
// A footnote or other superscript number after a mark (`'…'¹`) is no word it glues to.
const WORD_AFTER = /^[\p{L}\p{Nd}\p{Nl}\p{M}]/u;
// Before a mark, what reads like a space there (the line's start, white space, an opening bracket or mark, a dash,
// markdown emphasis, a tag's end, a table's `|`, an invisible character): `**“ … ”**`, `(« … »)`, `<b>" … "`.
const OPENS_BEFORE = /(?:^|[\s\p{Ps}\p{Pi}\p{Pd}\p{Cf}*_~|>\u00a1\u00bf])$/u;
// After a mark, what reads like a space there: closing punctuation, a dash, emphasis, a tag's start, a `|`, an
// invisible character (`…all times”) [1]`, `said “no”.`, `“no”—he said`, `“ … ”**`).
const ENDS_AFTER = /^(?:$|[\s\p{Pe}\p{Pd}\p{Cf}.,;:!?\u2026*_~<|])/u;
// After it: white space on its line, then what it quotes.
const SPACED_AFTER = /^[^\S\n\r\u2028\u2029]+[^\s'\u2018\u2019]/u;
/** Hangul fillers: they show as a space (other invisible characters show as nothing). */
export const FILLER = /[\u115f\u1160\u3164\uffa0]/g;
// Scripts written without spaces between words (and Korean, whose particles follow a closing mark): ‘ and ’ between
// their characters are quotation marks, never apostrophes.
const UNSPACED = '[\\p{sc=Han}\\p{sc=Hira}\\p{sc=Kana}\\p{sc=Hang}]';
const UNSPACED_NEIGHBOUR = new RegExp(`${UNSPACED}\\n|\\n${UNSPACED}`, 'u');

// A Hebrew letter on either side of a mark (its neighbours joined by a line break), and Hebrew's one-letter prefixes
// (ו ה ב כ ל מ ש, up to three) as a whole word before it.
const HEBREW_BETWEEN = /(?=\p{L})\p{sc=Hebr}\n(?=\p{L})\p{sc=Hebr}/u;
const HEBREW_PREFIX = /(?:^|[^\p{L}\p{M}])[\u05d1\u05d4\u05d5\u05db\u05dc\u05de\u05e9]{1,3}$/u;

// The French, Italian and Catalan words elided before a vowel (l’, d’, qu’, jusqu’ …), as the whole word before a
// mark (shown neighbours: up to 8 characters, invisible ones skipped).
const ELIDED_WORD = /(?:^|[^\p{L}\p{N}\p{M}])(?:[ldjmnstc]|qu|jusqu|lorsqu|puisqu|quelqu|presqu)$/iu;

/**
 * What the mark at `i` (showing `code`) can do, from its direction and its neighbours: OPEN, CLOSE, and STRAY for a
 * closing mark that quotes back when nothing is open. The neighbours are read as whole characters, astral ones
 * included. `singleOpen`: a single quotation is open (or may be) for a single mark to close.
 */
export function markRoles(
  answer: string,
  i: number,
  width: number,
  family: number,
  direction: number,
  code: number,
  singleOpen = false,
): number {
  const before = answer.substring(i - 2, i);
  const after = answer.slice(i + width, i + width + 2);
  // ׳ and ײ beside a Hebrew letter are a geresh and a double yod, no marks.
  if ((code === 0x5f3 || code === 0x5f2) && /\p{sc=Hebr}\n|\n\p{sc=Hebr}/u.test(`${before}\n${after}`))
    return 0;
  // A double mark (״, `"`, ”) between two Hebrew letters is gershayim in an acronym (`ארה״ב`, `ד"ר`), unless a
  // prefix of one to three letters glues it to a quoted word (`ל"זכות …"`) and more than one letter follows.
  if (
    family === DOUBLE &&
    HEBREW_BETWEEN.test(`${before}\n${after}`) &&
    (!HEBREW_PREFIX.test(answer.substring(i - 4, i)) || /^\p{L}(?![\p{L}\p{M}])/u.test(after))
  )
    return 0;
  // An elided word before `«` or `‹` (`l’« Information »`) is part of what it opens: as a space there.
  const spaceBefore =
    !/\S$/u.test(before) || ((code === 0xab || code === 0x2039) && /\p{L}['\u2019]$/u.test(before));
  const afterDigit = /\p{Nd}$/u.test(before);
  // A look-alike pairs only, tight on the inside, and not glued to an operand outside: `x << 2`, `1<<20`, `a>>b`,
  // `x_<<2`, `x <<= 2`, `|0⟩`, an arrow `❮ Back` and an empty CSV field `"a",,` are no marks; markdown emphasis
  // outside (`_<<…>>_`, `__<<…>>__`) is no operand.
  if (direction & PAIRED)
    return (
      direction &
      ((/^[\s=]/u.test(after) || /(?:[^\W_]_?|[)\]"])$/.test(before) ? 0 : OPEN) |
        (spaceBefore || /^_?[^\W_]|^=/.test(after) ? 0 : CLOSE))
    );
  if (family === SINGLE) {
    // Neighbours as they show: invisible characters skipped (`\u034f'…'\ufe0f`), a Hangul filler as a space.
    const shownBefore = answer
      .substring(i - 8, i)
      .replace(FILLER, ' ')
      .replace(/\p{DI}+$/u, '');
    const shownAfter = answer
      .slice(i + width, i + width + 8)
      .replace(FILLER, ' ')
      .replace(/^\p{DI}+/u, '');
    // ‘ opens and ’ closes beside Chinese, Japanese or Korean (`说‘…’。`).
    if ((code === 0x2018 || code === 0x2019) && UNSPACED_NEIGHBOUR.test(`${shownBefore}\n${shownAfter}`))
      return code === 0x2018 ? OPEN : CLOSE;
    const wordBefore = WORD_BEFORE.test(shownBefore);
    const wordAfter = WORD_AFTER.test(shownAfter);
    if (wordBefore && wordAfter) return 0; // don't, l'homme
    // An elided word (l’, d’, qu’, jusqu’ …) before `«` or `‹` (`l’« Information »`) when no single quotation is open
    // for the mark to close: only a whole elided word (`Concédant’«` closes a quotation).
    if (!singleOpen && /^[\u00ab\u2039]/.test(shownAfter)) {
      // The word starts after a separator, or at the answer's start (not at the start of the neighbours read).
      const elided = ELIDED_WORD.exec(shownBefore);
      if (elided !== null && (i <= 8 || !/^[\p{L}\p{N}\p{M}]/u.test(elided[0]))) return 0;
    }
    // The second mark of `'n'` (rock 'n' roll) ends the elision, not a quotation.
    if (/^\s?['\u2018\u2019]n$/i.test(answer.substring(i - 3, i)) && !wordAfter) return 0;
    // After white space, a mark no word follows closes what is open on its line (`‘… cancers ’, he said`), and at the
    // start of a line before a space or closing punctuation it closes only (`’ said he`, `'.`): a quotation a line
    // break cut may end there. Glued to the word after it, it stays an apostrophe or an opening mark (`'Sixties`).
    // A right single quotation mark glued to a word closes there too, unless the word is an elision (`’tis`, `’90s`).
    // A mark spaced on both sides opens as a spaced double mark does (`‘ Aspirin … ’`, `'\u202F…\u202F'`); left open
    // at the end of its line it is no quotation, as any single mark left open.
    const spaced = OPENS_BEFORE.test(shownBefore) && SPACED_AFTER.test(shownAfter);
    const closer = wordAfter ? code === 0x2019 && !elides(answer, i + width) : true;
    if (
      direction & CLOSE &&
      closer &&
      !/\S$/u.test(shownBefore) &&
      (singleOpen ||
        ((wordAfter || /^(?:$|[\s,.;:!?)\]}\u2026])/u.test(shownAfter)) && startsLine(answer, i)))
    )
      // At the start of a line with nothing open, a spaced mark, or a `’` glued to a word (Swedish and Finnish `’…’`),
      // may close a quotation a line break cut or open one: both readings are checked.
      return singleOpen || !(spaced || wordAfter) ? CLOSE : direction & (OPEN | CLOSE);
    const opens = !wordBefore && (/^\S/u.test(shownAfter) || spaced) && !/\p{Nd}$/u.test(shownBefore);
    const elided = opens && elides(answer, i + width);
    // A spaced one with nothing open on its line may also close a quotation a line break cut.
    const closes = (/\S$/u.test(shownBefore) || spaced) && !wordAfter;
    return (direction & ((opens && !elided ? OPEN : 0) | (closes ? CLOSE : 0))) | (elided ? ELIDED : 0);
  }
  if (direction !== EITHER) return direction === OPEN ? OPEN : CLOSE | STRAY;
  // 12", 5′ 3″: a unit, or a close; “ is never a unit (`In 2023“…”`).
  if (afterDigit && code !== 0x201c) return CLOSE;
  // Text on one side only tells the direction; a mark both sides could claim opens or closes by turn.
  const openBefore = spaceBefore || OPENS_BEFORE.test(before);
  const endAfter = ENDS_AFTER.test(after);
  if (openBefore === endAfter) return EITHER;
  return openBefore ? OPEN : CLOSE | STRAY;
}

/** Whether only white space (no line break) and block-quote marks stand between the line's start and `i`. */
function startsLine(answer: string, i: number): boolean {
  let k = i - 1;
  while (k >= 0 && /[^\S\n\r\u2028\u2029]|>/u.test(answer[k]!)) k--;
  return k < 0 || /[\n\r\u2028\u2029]/.test(answer[k]!);
}

/** Whether the single mark at `i` may be a plural possessive (`the kids' lunches`): after `s`, before a word. */
export function mayBePossessive(answer: string, i: number, width: number): boolean {
  return /s/i.test(answer.charAt(i - 1)) && /^\s\p{L}/u.test(answer.slice(i + width, i + width + 2));
}

/** Whether the text at `at` is a digit or an elided word ('90s, 'tis, 'n'): the mark before it is an apostrophe. */
function elides(answer: string, at: number): boolean {
  if (/\p{Nd}/u.test(answer.charAt(at))) return true;
  let end = at;
  while (end < answer.length && end - at <= 6 && /[a-z]/i.test(answer[end]!)) end++;
  return ELISIONS.has(answer.slice(at, end).toLowerCase()) && !WORD.test(answer.charAt(end));
}
