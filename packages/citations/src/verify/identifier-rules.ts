import { InvalidArgumentError, readArgument, stripInvisible } from '@gk/internal';
import { TRAILING_PUNCTUATION, trimEnd } from '../text/trim-end.js';
import { readAsRendered } from './read-as-rendered.js';
import { attributeLinks } from './attribute-links.js';
import { findEmails } from './find-emails.js';
import { findWithTail, pointAt } from './find-with-tail.js';

/**
 * A built-in identifier rule name, or a custom rule: every match in a claim must equal a match of the same rule
 * in the text, title or uri of a cited passage. `'url'` is strict; `'url-loose'` also equates http with https,
 * a leading `www.`, a trailing slash and any fragment.
 */
export type IdentifierRule =
  | 'ecli'
  | 'doi'
  | 'url'
  | 'url-loose'
  | 'email'
  | { name: string; pattern: RegExp };

/** An identifier rule ready to run: a global regex and the canonical form two matches are compared in. */
export interface CompiledIdentifierRule {
  name: string;
  pattern: RegExp;
  /** Canonical form of a match (trailing punctuation trimmed, case folded where the scheme is case-insensitive). */
  canonical: (match: string) => string;
  /** False when the text cannot hold a match (no `@`, no `:`, `](` or `www.`): the pattern is not run then. */
  probe?: (text: string) => boolean;
  /** Passage side: what else in a text a match may stand for (an address or phone number for a `mailto:` or `tel:` link). */
  also?: (text: string) => string[];
  /** What `pattern` matches, found without it: a scanner where the pattern could overflow V8's stack on long runs. */
  find?: (text: string) => string[];
}

/** One identifier found in a claim. */
export interface FoundIdentifier {
  rule: string;
  value: string;
}

// Linear-time patterns: a bounded prefix, then one greedy class; no nested quantifiers. Each match runs as far as
// its characters go, in claims and passages alike, so a prefix of a longer identifier is never a match of its own.
// No word boundary in front: a match glued to a word (`xECLI:...`, `DOI10.1000/...`) is still read and checked.
// An ECLI or a DOI goes on past a letter, digit or mark its class does not take, and past a hyphen or en dash before
// one (`…:1234-A`, `10.1000/abc–2`, `10.1000/abcé`): compared whole, it is not read as the shorter one before it.
// Each tail is a lazy run of one class that stops before the first character it may not take (`[…]*?(?!…)`): a
// repeated group (`(?:…)*`) keeps a backtrack entry per repetition, and a long run (`é` millions of times) overflows
// V8's regexp stack. So does a run of one class with the `u` flag, in a text outside Latin-1 (4.2 million `東`): the
// patterns below say what matches, and findWithTail reads each as its head (a bounded stretch) and a tail scanned one
// code point at a time (`eclis`, `dois`; tests compare them).
export const ECLI =
  /ECLI:[A-Z]{2}:[A-Z0-9.]{1,7}:\d{4}:[A-Z0-9.]+[\p{L}\p{N}\p{M}_.\-\u2010-\u2013\u2212]*?(?![\p{L}\p{N}\p{M}_.]|[-\u2010-\u2013\u2212](?=[\p{L}\p{N}]))/giu;
// A DOI suffix is printable ASCII but space, `"`, `<` and `>` (text is NFKC-folded first); `110.1000/x` is no DOI.
export const DOI =
  /(?<![0-9])10\.\d{4,9}\/[!#-;=?-~]+[!#-;=?-~\p{L}\p{N}\p{M}\u2010-\u2013\u2212]*?(?![!#-;=?-~\p{L}\p{N}\p{M}]|[\u2010-\u2013\u2212](?=[\p{L}\p{N}]))/gu;
// Their heads, and what each tail takes past a head: a character a stop may not follow (the lookahead above), or a
// hyphen or dash before a letter or digit.
const ECLI_HEAD = /ECLI:[A-Z]{2}:[A-Z0-9.]{1,7}:\d{4}:[A-Z0-9.]/giu;
const DOI_HEAD = /(?<![0-9])10\.\d{4,9}\/[!#-;=?-~]/gu;
const ECLI_GOES_ON = /^[\p{L}\p{N}\p{M}_.]$/u;
const DOI_GOES_ON = /^[!#-;=?-~\p{L}\p{N}\p{M}]$/u;
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
/** A tail's next step at `index`: a code point `goes` takes, or a dash of `dashes` before a letter or digit. */
const tail =
  (goes: RegExp, dashes: RegExp) =>
  (text: string, index: number): number => {
    const point = pointAt(text, index);
    if (point === '') return 0;
    if (goes.test(point)) return point.length;
    return dashes.test(point) && LETTER_OR_DIGIT.test(pointAt(text, index + 1)) ? 1 : 0;
  };
const eclis = (text: string): string[] =>
  findWithTail(text, ECLI_HEAD, tail(ECLI_GOES_ON, /^[-\u2010-\u2013\u2212]$/));
const dois = (text: string): string[] =>
  findWithTail(text, DOI_HEAD, tail(DOI_GOES_ON, /^[\u2010-\u2013\u2212]$/));
// Every link target a renderer or a mail or phone client follows, each read as far as its characters go: a markdown
// link or image target (`](target)` before a title, `)`, a marker, which a claim's text writes as ` ]`, or the text's
// end, as the line after may close it; a `](` that ends the text has its target on the next line, never a passage's),
// a reference definition at a line start after any run of block-quote marks, bullets and ordinals (`> - [1]: x`,
// `>[1]: x`: a definition in any container counts for the whole document; then the line's end, a marker or a title
// that does not close with text after it on its line: `[1]: Yes (it is).` is prose, as CommonMark reads it; a title
// with a backslash, or one that may close on a later line, keeps the definition), an autolink of any scheme
// (`<scheme:...>`) or an e-mail autolink (`<local@domain>`, a `mailto:` link to all of it), a URL of any scheme
// with `//` (after anything but a letter, so a run of letters costs each start at most the scheme's length; a scheme
// glued to up to 15 letters is read with them and names no passage's link) or
// `http`, `https` and `ftp` and `www.` wherever they start, as GFM renderers link them (marked links `1https://x`,
// `+https://x`, `xhttps://x` and `awww.x`), a path or `//` URL that starts the
// text (`/x`, `//host/x`, `</x>`: the target of a `](` or `[1]:` that ended the line before), and a link of a scheme
// that needs no `//` (`mailto:` and `xmpp:` wherever they start, `javascript:`, ... at a word start, as no renderer links
// those bare): `tel:` and `sms:` with the whole number, spaces and all, as a
// passage's numbers are read; `data:` only with a media type's shape (`data:type/...`, `data:;...`, `data:,...`) and
// `file:` only with a slash or a drive (`file:/x`, `file:C:`), so `Data:2020` and `File:Shop.png` are names. A title,
// a type and a path are looked for up to a line's end or a colon, and a run of container marks is one line's, so
// each start costs what its own line or name does. A fragment of the page itself (`[1](#source-1)`) is none. A bare
// link ends at a `>` or `"` (`<https://x>`, `"https://x"`) unless an `@` may follow before its host ends (within 64
// characters, or past them): then it runs to a space or `<`, as GFM links it (`https://x>>@evil` leads to evil).
// A line's container marks are read as one run of their characters, refused when one is out of place (a bullet, `.`
// or `)` with no space or tab after it, a `.` or `)` after no digit, ten digits in a row, a digit before anything but
// a digit, `.` or `)`): the same lines as marks repeated one by one, but with no backtrack entry per mark (millions of
// `> ` overflowed V8's regexp stack). A bare link's rest is read in pieces of at most 65,536 characters, each taken
// whole (a lookahead, then a backreference to what it read: `(?:(?=(?<run>[…]{1,65536}))\k<run>)+` matches what `[…]+`
// does, nothing after it giving back a character): where V8 does not optimize a repeated class (in a process that has
// compiled many regular expressions) it keeps a backtrack entry per character, and a link of millions overflowed its
// stack; a piece keeps at most 65,536 at a time.
export const LINK_PATTERN =
  /(?:^|\n)(?![ \t>*+\d.)-]*(?:[-*+.)](?![ \t])|(?<!\d)[.)]|\d{10}|\d(?![\d.)])))[ \t>*+\d.)-]*(?:\[[^\]\\\n]*(?:\\.[^\]\\\n]*)*)?\]:\s*\S+(?![^\s\]]|[ \t]+(?:[^\s\]"'(]|(?:(["'])[^\\\n]*?\1|\([^()\\\n]*\)) *[^\s\]]))|\]\(\s*(?:(?!#[\w-]*\))(?:<[^<>\n]*>|(?:[^\s()]|\([^\s()]*(?:\([^\s()]*(?:\([^\s()]*\)[^\s()]*)*\)[^\s()]*)*\))[^\s()]*(?:\([^\s()]*(?:\([^\s()]*(?:\([^\s()]*\)[^\s()]*)*\)[^\s()]*)*\)[^\s()]*)*(?=\s+["'(]|\s*(?:["')\]]|$))|(?=[^\s(]*\()\S+)|$)|<[a-z][\w+.-]+:[^\s<>]*>|<[\w.!#$%&'*+/=?^`{|}~-]+@[^\s<>]*>|(?<![a-z0-9+.-])(?:tel|sms):[^\s<>"](?:[\d ().-]*\d)?[^\s<>"]*|(?:(?<![a-z])[a-z][a-z0-9+.-]{0,15}:\/\/|(?:https?|ftp):\/\/|(?:mailto|xmpp):|(?<![a-z0-9+.-])(?:(?:javascript|vbscript):|data:(?=[\w.+-]+\/|[;,])|file:(?=[^\s<>":]*[/\\]|\w:))|www\.|^<?\/(?=[^\s<>"]))(?:(?:(?=(?<run>[^\s<>"]{1,65536}))\k<run>)+(?:[>"](?=[^\s/?#<@]{0,64}@|[^\s/?#<@]{65})(?:(?=(?<past>[^\s<]{1,65536}))\k<past>)*)?|[>"](?=[^\s/?#<@]{0,64}@|[^\s/?#<@]{65})(?:(?=(?<rest>[^\s<]{1,65536}))\k<rest>)*)/gi;
/** The canonical form of a `](` whose target is on the next line: never one of a passage's links. */
const NEXT_LINE = '(a target on the next line)';
// Trimmed from the end of a URL or DOI: closing punctuation, and a code span's backtick (`` `https://a.org/x` ``).
const TRAILING = `${TRAILING_PUNCTUATION}\``;
// An e-mail address: local part from a word start (linear: one start per run), `@`, labels of letters of any script
// (`münchen.de`, a Cyrillic `а` beside ASCII), with or without dots (a marker may have cut one: `x@host[1].org`),
// up to a character no label takes or a dot before none (a lazy run of one class, as for the ECLI above). Read by
// findEmails, which scans code points: with the `u` flag, a run of one class keeps a backtrack entry per character in a
// text outside Latin-1 and overflowed V8's stack past about 4.2 million (`a@` and millions of `東`).
export const EMAIL =
  /(?<![\p{L}\p{N}\p{M}._%+-])[\p{L}\p{N}\p{M}._%+-]+@[\p{L}\p{N}\p{M}_-]+[\p{L}\p{N}\p{M}_.-]*?(?![\p{L}\p{N}\p{M}_-]|\.[\p{L}\p{N}\p{M}_-])/giu;
// A phone number as a passage writes it (`+1 (555) 010-0199`): what a `tel:` or `sms:` link to it dials. Its run is
// `{5}` then `*`, the same matches as `{5,}`: V8 keeps a backtrack entry per repetition of a loop with a least count of
// four or more, in any text, and `{5,}` overflowed its stack on a passage of about 6 million digits.
const PHONE = /\+?\(?\d[\d ().-]{5}[\d ().-]*\d/g;
// A path from the root as a passage writes it in prose (`at /forms/refund.`): a link target a claim may give it.
const PATH = /(?<![^\s(<"'])\/[^\s<>"]+/g;
const identity = (text: string): string => text;
// CJK punctuation, full-width forms, ideographs, kana and Hangul: where a passage's link glued to CJK prose ends.
const CJK = /[\u3000-\u303f\uff00-\uffef\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;
// Most claims hold no link: a search for what every link holds (a colon before a character that is no space or digit,
// a colon between a letter and a digit as in `tel:555`, `]:`, `](`, `<…@` or `www.`) is far cheaper than trying a
// scheme at every letter, and skips a colon of prose (`Note: see`, `10:30`, `3:1`).
export const mayHoldLink = (text: string): boolean =>
  (text.includes(':') && /:(?:[^\s\d]|(?<=[a-z]:)\d|(?<=\]:))/i.test(text)) ||
  text.includes('](') ||
  /^<?\//.test(text) ||
  (text.includes('@') && text.includes('<') && hasAddressInAngles(text)) ||
  /www\./i.test(text);

// What `<[^\s<>]+@` finds (a `<`, then an `@` past at least one character, none of them whitespace or `<>`), by a
// search for those characters alone: the repeated class keeps a backtrack entry per character where V8 does not
// optimize it (in a process that has compiled many regular expressions), and a tag of millions of characters
// overflowed its stack.
const ANGLE_STOPS = /[\s<>@]/g;
function hasAddressInAngles(text: string): boolean {
  let open = -1; // where the last `<` is, while no whitespace or `>` has come after it
  ANGLE_STOPS.lastIndex = 0;
  for (let found = ANGLE_STOPS.exec(text); found !== null; found = ANGLE_STOPS.exec(text)) {
    const at = found.index;
    if (found[0] === '@') {
      if (open !== -1 && at >= open + 2) return true;
    } else open = found[0] === '<' ? at : -1;
  }
  return false;
}
const emailOf = (match: string): string => trimEnd(match, '.-_').toLowerCase();

/**
 * A passage's addresses, phone numbers and paths (`/forms/refund`) as the links that reach them: `mailto:`, `tel:`
 * and `sms:`, and the path as a link target; a link glued to CJK text, also cut where that text starts.
 */
function linksOfText(text: string, loose: boolean): string[] {
  const links: string[] = [];
  if (text.includes('@')) for (const match of findEmails(text)) links.push(`mailto:${emailOf(match)}`);
  for (const [match] of text.matchAll(PHONE)) {
    const number = match.replace(/[^\d+]/g, '');
    links.push(`tel:${number}`, `sms:${number}`);
  }
  for (const [match] of text.matchAll(PATH)) links.push(canonicalLink(match, loose));
  // A link that runs on into CJK text without a space (`https://a.org/docs。次の…`) is also the link before it,
  // but for an ideograph after a `/`, which starts a path segment (`/wiki/東京` is not `/wiki/`); one read on through
  // a `>` or `"` (markup, JSON: `"@context":"https://schema.org","@type":…`) also holds the links between them.
  const glued = CJK.test(text);
  if (glued || /[>"]/.test(text))
    for (const [match] of text.matchAll(LINK_PATTERN)) {
      const cut = glued ? match.search(CJK) : -1;
      if (cut > 0 && (match[cut - 1] !== '/' || match[cut]! < '\u3040'))
        links.push(canonicalLink(match.slice(0, cut), loose));
      if (match.slice(1).search(/[>"]/) !== -1)
        for (const piece of match.split(/(?!^)[>"]/))
          for (const [inner] of piece.matchAll(LINK_PATTERN)) links.push(canonicalLink(inner, loose));
    }
  return links;
}

const link = (loose: boolean): CompiledIdentifierRule => ({
  name: loose ? 'url-loose' : 'url',
  pattern: LINK_PATTERN,
  canonical: (m) => canonicalLink(m, loose),
  probe: (text) => mayHoldLink(text) || mayHoldTag(text),
  find: (text) => [...linkMatches(text), ...attributeLinks(text)],
  also: (text) => linksOfText(text, loose),
});

/** Whether `text` may hold a tag with an attribute's value (a `<` before a letter, and an `=`). */
const mayHoldTag = (text: string): boolean => text.includes('=') && /<[A-Za-z]/.test(text);

/** Every match of LINK_PATTERN in `text` (one that holds no link at all is no match: never, as written). */
function linkMatches(text: string): string[] {
  const matches: string[] = [];
  if (!mayHoldLink(text)) return matches;
  LINK_PATTERN.lastIndex = 0;
  for (let match = LINK_PATTERN.exec(text); match !== null; match = LINK_PATTERN.exec(text)) {
    if (match[0] === '') LINK_PATTERN.lastIndex++;
    else matches.push(match[0]);
  }
  return matches;
}

const BUILT_IN: Record<'ecli' | 'doi' | 'url' | 'url-loose' | 'email', CompiledIdentifierRule> = {
  ecli: { name: 'ecli', pattern: ECLI, find: eclis, canonical: (m) => trimEnd(m, '.').toUpperCase() },
  doi: { name: 'doi', pattern: DOI, find: dois, canonical: (m) => trimEnd(m, TRAILING).toLowerCase() },
  url: link(false),
  'url-loose': link(true),
  email: {
    name: 'email',
    pattern: EMAIL,
    find: findEmails,
    canonical: emailOf,
    probe: (text) => text.includes('@'),
  },
};

// The port the URL standard leaves out for each special scheme (none for the others).
const DEFAULT_PORT: Readonly<Record<string, RegExp>> = {
  http: /:80$/,
  https: /:443$/,
  ws: /:80$/,
  wss: /:443$/,
  ftp: /:21$/,
};
// Matches every text after `scheme://`: authority, path, query and fragment, each possibly empty.
const URL_PARTS = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/is;

/**
 * A link match in canonical form: the target of a markdown link, reference or autolink without its delimiters,
 * trailing punctuation trimmed, percent-encoded unreserved characters and `@` decoded, other escapes upper-cased; a URL
 * with `//` as {@link canonicalUrl} writes it (`//host` and `www.host` are https); a `mailto:` link lower-cased (an address
 * compares without case); a `tel:` or `sms:` number without its separators; any other scheme lower-cased.
 */
function canonicalLink(match: string, loose: boolean): string {
  const target = trimEnd(match.replace(/^[\s>*+\d.)-]*(?:\[(?:[^\]\\]|\\.)*)?\][(:]\s*<?|^</, ''), TRAILING)
    .replace(/%[\da-f]{2}/gi, (sequence) => {
      const char = String.fromCharCode(+`0x${sequence.slice(1)}`);
      return /[\w.~@-]/.test(char) ? char : sequence.toUpperCase();
    })
    .replace(/^(?:\/\/|(?=www\.))/i, 'https://');
  if (target === '') return NEXT_LINE;
  const [head, scheme, slashes] = /^(?:([a-z][\w+.-]*):(\/\/)?)?/i.exec(target)!;
  if (slashes) return canonicalUrl(target, loose);
  // An e-mail autolink (`<alice@example.org>`) is a `mailto:` link to all of it.
  if (!scheme) return match[0] === '<' && target[0] !== '/' ? `mailto:${target.toLowerCase()}` : target;
  const rest = target.slice(head.length);
  const lower = scheme.toLowerCase();
  // An address compares without case; a number without its separators.
  return `${lower}:${lower === 'mailto' ? rest.toLowerCase() : /^(tel|sms)$/.test(lower) ? rest.replace(/[\s().-]|%20/g, '') : rest}`;
}

/**
 * A URL match in canonical form: trailing punctuation trimmed, scheme and host lower-cased, a default port and
 * an empty path written as the standard writes them (`https://a.org` is `https://a.org/`); path, query and
 * fragment exact. Loose: http is https, a leading `www.` and trailing slashes of the path go, the fragment goes.
 */
function canonicalUrl(match: string, loose: boolean): string {
  const trimmed = trimEnd(match, TRAILING);
  const parts = URL_PARTS.exec(trimmed)!;
  const [, scheme = '', authority = '', path = '', query = '', fragment = ''] = parts;
  const at = authority.lastIndexOf('@');
  const lower = scheme.toLowerCase();
  // A host is lower-cased as browsers map it (UTS 46): `ẞ` is `ss` and `Σ` is `σ` at a word's end too (not `ß`, `ς`).
  const host = authority
    .slice(at + 1)
    .replace(/\u1e9e/g, 'ss')
    .replace(/\u03a3/g, '\u03c3')
    .toLowerCase()
    .replace(DEFAULT_PORT[lower] ?? /$^/, '');
  const head = `${authority.slice(0, at + 1)}${loose && host.startsWith('www.') ? host.slice(4) : host}`;
  return loose
    ? `https://${head}${trimEnd(path, '/')}${query}`
    : `${lower}://${head}${path || '/'}${query}${fragment}`;
}

/** Default rules: ECLI, DOI, URL (strict) and e-mail address. */
export const DEFAULT_IDENTIFIER_RULES: readonly IdentifierRule[] = ['ecli', 'doi', 'url', 'email'];
/** {@link DEFAULT_IDENTIFIER_RULES}, compiled. */
export const DEFAULT_RULES: readonly CompiledIdentifierRule[] = [
  BUILT_IN.ecli,
  BUILT_IN.doi,
  BUILT_IN.url,
  BUILT_IN.email,
];

/**
 * Compiles rule names and custom `{ name, pattern }` rules (a copy of the pattern with the `g` flag forced); an
 * unknown name or a malformed rule is refused with the names and the shape a rule may have.
 */
export function compileIdentifierRules(rules: readonly IdentifierRule[]): CompiledIdentifierRule[] {
  if (!Array.isArray(rules as unknown))
    throw new InvalidArgumentError({
      parameter: 'options.identifiers',
      expected: 'an array of identifier rules',
      received: rules,
    });
  // A rule whose fields throw when read (a getter, a proxy, a RegExp subclass) is refused as one that cannot be read.
  return rules.map((rule) => readArgument('options.identifiers', () => compileRule(rule)));
}

function compileRule(rule: IdentifierRule): CompiledIdentifierRule {
  if (typeof rule === 'string' && Object.hasOwn(BUILT_IN, rule)) return BUILT_IN[rule]!;
  // Each field read once: a getter may answer differently the second time.
  const { name, pattern } = (typeof rule === 'object' && rule !== null ? rule : {}) as Partial<{
    name: string;
    pattern: RegExp;
  }>;
  if (!(pattern instanceof RegExp) || typeof name !== 'string') {
    throw new InvalidArgumentError({
      parameter: 'options.identifiers',
      expected: 'ecli, doi, url, url-loose, email or a custom rule shaped { name: string, pattern: RegExp }',
      received: rule,
    });
  }
  const { source, flags } = pattern;
  return {
    name,
    pattern: new RegExp(String(source), `${String(flags).replace(/[gy]/g, '')}g`),
    canonical: identity,
  };
}

const ASCII = /^[\x00-\x7f]*$/;
// Colons and slashes that NFKC keeps but that render as `:` and `/` (the ratio sign, the division and fraction
// slashes, ...): `ECLI∶NL:…` and `https∶//…` read as an ECLI and a link.
const SLASHES = '\u2215\u2044\u29f8\u2571\u27cb\u2041\u3033\u31d3\u2cc6';
const LOOK_ALIKE = new RegExp(
  `[\u2236\ua789\u02f8\u02d0\ua4fd\u0589\u05c3\u0703\u16ec\u1361\u205a${SLASHES}]`,
  'g',
);
const lookAlike = (char: string): string => (SLASHES.includes(char) ? '/' : ':');

/**
 * The text identifiers are matched in: NFKC (full-width digits and letters become ASCII) with invisible
 * characters (the shared definition: Default_Ignorable_Code_Point and the bidi controls) removed and look-alike
 * colons and slashes read as `:` and `/`, so an identifier that renders like a real one is read as one. Claims and
 * passages are folded alike.
 */
export function foldIdentifierText(text: string): string {
  const rendered = readAsRendered(text);
  if (ASCII.test(rendered)) return rendered;
  return stripInvisible(
    stripInvisible(rendered).replace(NOT_ASCII, keepDelimiting).normalize('NFKC'),
  ).replace(LOOK_ALIKE, lookAlike);
}

const NOT_ASCII = /[^\x00-\x7f]/gu;
// What NFKC turns into a space or a character that ends a link (`¨` is a space and a mark, `＜` is `<`)
// while a renderer reads it as part of the link: such a character stays in the link as U+FFFD, so that a link is
// not cut short where it is not (`https://a.org¨@b.org` links to b.org).
const DELIMITING = /[\s<>"]/;
const delimiting = new Map<string, boolean>();
function keepDelimiting(char: string): string {
  let cuts = delimiting.get(char);
  if (cuts === undefined) {
    cuts = !/\s/u.test(char) && DELIMITING.test(char.normalize('NFKC'));
    delimiting.set(char, cuts);
  }
  // The lunate sigma, which NFKC makes a final `ς`, is the `σ` a host reads it as (UTS 46).
  return cuts ? '\ufffd' : char === '\u03f2' ? '\u03c3' : char;
}

/**
 * Every identifier the rules find in a text (folded with {@link foldIdentifierText}), in canonical form. The same
 * function reads claims and passages, so two identifiers are the same when their canonical forms are equal.
 */
export function findIdentifiers(input: string, rules: readonly CompiledIdentifierRule[]): FoundIdentifier[] {
  const text = foldIdentifierText(input);
  const found: FoundIdentifier[] = [];
  for (const rule of rules)
    for (const value of matchIdentifiers(text, rule)) found.push({ rule: rule.name, value });
  return found;
}

/** The canonical form of every match of `rule` in `text`, which is folded already ({@link foldIdentifierText}). */
export function matchIdentifiers(text: string, rule: CompiledIdentifierRule): string[] {
  const values: string[] = [];
  const { pattern } = rule;
  if (rule.probe?.(text) === false) return values;
  if (rule.find !== undefined) {
    for (const match of rule.find(text)) values.push(rule.canonical(match));
    return values;
  }
  pattern.lastIndex = 0;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    if (match[0] === '') pattern.lastIndex++;
    else values.push(rule.canonical(match[0])); // never empty: trimming leaves a prefix
  }
  return values;
}

/** The canonical forms of every match of `rule` in the given texts, each text read on its own (repeats kept). */
export function identifierList(texts: readonly string[], rule: CompiledIdentifierRule): string[] {
  const list: string[] = [];
  for (const text of texts) {
    const folded = foldIdentifierText(text);
    for (const value of [...matchIdentifiers(folded, rule), ...(rule.also?.(folded) ?? [])])
      if (value !== NEXT_LINE) list.push(value);
  }
  return list;
}
