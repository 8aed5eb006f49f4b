/** A run of 1-based source numbers a text points at, `first` to `last` inclusive (one number when equal). */
export interface SourcePointer {
  first: number;
  last: number;
}

const OPEN = '[({【〔〖〘〚⟦〈《⟨';
const CLOSE = '\\])}】〕〗〙〛⟧〉》⟩';
// A bracketed group holds no bracket and at most 120 characters: each opener scans only to the next bracket.
const GROUP = new RegExp(`[\\${OPEN}]([^\\${OPEN}${CLOSE}]{0,120})[${CLOSE}]`, 'gu');
/** Words that name a source before its number (`[Source 2]`, `[S2]`, `(see ref. 2)`, `#cite_note-2`). */
const LABELS = new Set(
  (
    'source sources src s ref refs reference references cite cited citation citations doc docs document ' +
    'documents d passage passages p context ctx result results search excerpt excerpts snippet snippets chunk ' +
    'chunks fn fnref footnote footnotes note notes n no nr number id index idx see also cf and or to through thru'
  ).split(' '),
);
/** Words after which a number is a place in a source, not a source (`[2, pp. 4-5]`, `【2†L1-L5】`). */
const LOCATORS = new Set('page pages pp pg para line lines l ll at'.split(' '));
const RANGE_WORDS = new Set(['to', 'through', 'thru']);
/** A label word in prose, then its number or list (`Source 2`, `sources 1 and 2`, `passage no. 2`). */
const LABEL_NAMES =
  'sources?|passages?|documents?|docs?|references?|refs?|citations?|excerpts?|snippets?|footnotes?';
const NUMBER_AFTER = '(?![.,]\\d|\\d|\\p{L})';
// Each number is whole (no decimal, no letters after it), so `source 2.0` is no pointer; a list reads 33 numbers at most.
const LIST_STEP = `(?:\\s{0,3}(?:[,;&/+]|and|or|to|through|thru|[-–—−~])\\s{0,3}(?:(?:${LABEL_NAMES})\\s{0,3})?#?\\d+${NUMBER_AFTER})`;
const PROSE_LABEL = new RegExp(
  `\\b(?:${LABEL_NAMES})\\b\\.?\\s{0,3}(?:(?:#|no\\.?|number|nr\\.?|:)\\s{0,3})?#?\\d+${NUMBER_AFTER}${LIST_STEP}{0,32}`,
  'gu',
);
const WORD_NUMBERS = 'one two three four five six seven eight nine ten'.split(' ');
const ORDINALS = 'first second third fourth fifth sixth seventh eighth ninth tenth'.split(' ');
const NOUNS = 'source|passage|document|doc|excerpt|reference|snippet|result|context|citation';
const ORDINAL_NOUN = new RegExp(
  `\\b(${ORDINALS.join('|')}|\\d{1,4}(?:st|nd|rd|th))\\s+(?:${NOUNS})s?\\b`,
  'gu',
);
const NOUN_WORD = new RegExp(`\\b(?:${NOUNS})\\s+(${WORD_NUMBERS.join('|')})\\b`, 'gu');
const CARET = /\^(\d+)/gu;
const ANCHOR =
  /#(?:source|src|reference|ref|cite_note|citation|cite|fnref|footnote|fn|note|document|doc|passage|s|p)[-_:]?(\d+)(?!\d)/gu;
const SOURCES_HEADING =
  /^[\s#*_>]*(?:sources?|references?|citations?|bibliography|works cited|cited sources|footnotes?|notes)(?:\s+(?:used|cited))?[\s*_]*(?::[\s*_]*)?$/u;
const LIST_ENTRY = /^[\s>*+•·–—-]*[([]?(\d+)(?:\s*[-–—]\s*(\d+))?(?:[.)\]:–—-]|\s|$)/u;
const SUPERSCRIPT_RUN = /[⁰¹²³⁴-⁹](?:[,˒⸴⁻‐-—-]?[⁰¹²³⁴-⁹])*/gu;
const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
const UNITS = new Set(['m', 'cm', 'mm', 'km', 'dm', 'nm', 'µm', 'μm', 'ft', 'in', 'yd', 'mi', 's']);
const CIRCLED = /[\u2460-\u2473\u24f5-\u24fe\u2776-\u2793]/gu;
const OTHER_DIGIT = /(?![0-9])\p{Nd}/gu;
const DIGIT = /^\p{Nd}$/u;

/**
 * Every place a text points at a source number in citation-like syntax, whatever its form: bracketed numbers,
 * lists and ranges in any bracket (`[1-2]`, `(1, 2)`, `【2】`, `［２］`), superscripts (`²`, `¹˒²`, `<sup>2</sup>`),
 * footnotes (`[^2]`, `^2`), labels (`[S2]`, `(Source 2)`, `Source 2`, `the second passage`), tool citations
 * (`【4:1†source】`, `【2†L1-L5】`), link anchors (`#source-2`) and the entries of a numbered source list. It reads
 * a possible pointer as one: the echo check is strict. Linear in the length of the text.
 */
export function findSourcePointers(text: string): SourcePointer[] {
  const normalized = normalize(text);
  const pointers: SourcePointer[] = [];
  for (const match of normalized.matchAll(GROUP)) readGroup(match[1]!, pointers);
  for (const match of normalized.matchAll(PROSE_LABEL)) readGroup(match[0], pointers);
  for (const match of normalized.matchAll(ORDINAL_NOUN)) {
    const word = match[1]!;
    const n = ORDINALS.includes(word) ? ORDINALS.indexOf(word) + 1 : Number.parseInt(word, 10);
    pointers.push({ first: n, last: n });
  }
  for (const match of normalized.matchAll(NOUN_WORD)) {
    const n = WORD_NUMBERS.indexOf(match[1]!) + 1;
    pointers.push({ first: n, last: n });
  }
  for (const match of normalized.matchAll(CARET)) {
    if (!afterUnit(normalized, match.index)) push(pointers, match[1]!, match[1]!);
  }
  for (const match of normalized.matchAll(ANCHOR)) push(pointers, match[1]!, match[1]!);
  readSourceList(normalized, pointers);
  return pointers;
}

/** Whether a pointer of `text` names `source`. */
export function pointsAtSource(text: string, source: number): boolean {
  return findSourcePointers(text).some((pointer) => pointer.first <= source && source <= pointer.last);
}

/**
 * Superscripts become footnote groups (`²` → `[^2]`, except after a unit: `m²`), circled digits bracketed
 * numbers, `<sup>` a footnote bracket; then NFKC (full-width forms, `𝟐`), lower case, and ASCII digits for
 * every other decimal digit.
 */
function normalize(text: string): string {
  return text
    .replace(SUPERSCRIPT_RUN, (run, offset: number, whole: string) =>
      afterUnit(whole, offset) ? run : ` [^${superscriptNumbers(run)}] `,
    )
    .replace(CIRCLED, (digit) => ` [${circledValue(digit.charCodeAt(0))}] `)
    .replace(/<sup\b[^<>]{0,64}>/giu, ' [^')
    .replace(/<\/sup\s*>/giu, '] ')
    .normalize('NFKC')
    .toLowerCase()
    .replace(OTHER_DIGIT, (digit) => String(digitValue(digit.codePointAt(0)!)));
}

/** `¹²` names 12, or 1 and 2 (both are read); `¹˒²` 1 and 2; `¹⁻³` 1 to 3. */
function superscriptNumbers(run: string): string {
  let out = '';
  for (const char of run) {
    const digit = SUPERSCRIPT_DIGITS.indexOf(char);
    out += digit >= 0 ? String(digit) : char === '⁻' || /[‐-—-]/u.test(char) ? '-' : ',';
  }
  return /^\d{2,}$/u.test(out) ? `${out},${out.split('').join(',')}` : out;
}

function circledValue(code: number): number {
  if (code <= 0x2473) return code - 0x2460 + 1;
  if (code <= 0x24fe) return code - 0x24f5 + 1;
  return ((code - 0x2776) % 10) + 1;
}

/** Decimal digits come in runs of ten from zero (a Unicode stability rule): the value is the place in the run. */
function digitValue(code: number): number {
  let start = code;
  while (code - start < 60 && DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (code - start) % 10;
}

/** Whether the superscript or caret at `offset` follows a unit (`m²`, `cm^3`) or an exponent sign (`10⁻³`). */
function afterUnit(text: string, offset: number): boolean {
  let start = offset;
  while (start > 0 && offset - start < 3 && /[a-zµμ]/iu.test(text[start - 1]!)) start--;
  if (start === offset) return /[⁻⁺]/u.test(text[offset - 1] ?? '');
  if (start > 0 && /\p{L}/u.test(text[start - 1]!)) return false;
  return UNITS.has(text.slice(start, offset).toLowerCase());
}

/**
 * Reads one group: only numbers, label and linking words, locators and list or range punctuation (so `(2 copies)`,
 * `(clause 2)` and `(2.0)` are no pointer). A dagger group names the number before it (`【2†L1-L5】`), or after the
 * colon (`【4:1†source】`, a result index): read one-based and zero-based, since either is written.
 */
function readGroup(content: string, pointers: SourcePointer[]): void {
  const dagger = content.indexOf('†');
  if (dagger !== -1) {
    const head = /^\s*(?:\d+\s*:\s*)?(\d+)\s*$/u.exec(content.slice(0, dagger));
    if (head) push(pointers, head[1]!, String(Number(head[1]) + 1));
    return;
  }
  const tokens = content.match(/\d+|\p{L}+|\.{2,}|\S/gu) ?? [];
  const found: SourcePointer[] = [];
  let located = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (/^\d/u.test(token)) {
      const rangeEnd = rangeAt(tokens, i + 1);
      const last = rangeEnd === -1 ? token : tokens[rangeEnd]!;
      if (!located) push(found, token, last);
      if (rangeEnd !== -1) i = rangeEnd;
      continue;
    }
    if (/^\p{L}/u.test(token)) {
      const isLocator = LOCATORS.has(token) || (token === 'p' && tokens[i + 1] === '.');
      if (!isLocator && !LABELS.has(token)) return;
      located = isLocator;
      if (tokens[i + 1] === '.') i++;
      continue;
    }
    if (token === ',' || token === ';') located = false;
    else if (!/^(?:[\^#@:&/+|、・\-_–—−~〜]|\.{2,}|…)$/u.test(token)) return;
  }
  for (const pointer of found) pointers.push(pointer);
}

/** The index of a range's last number when a range separator and a number follow `i`, else -1. */
function rangeAt(tokens: readonly string[], i: number): number {
  const separator = tokens[i];
  if (separator === undefined || !/^(?:[-–—−~〜]|\.{2,}|…|to|through|thru)$/u.test(separator)) return -1;
  if (/^\p{L}/u.test(separator) && !RANGE_WORDS.has(separator)) return -1;
  return /^\d/u.test(tokens[i + 1] ?? '') ? i + 1 : -1;
}

/** After a line that heads a source list, a line that starts with a number names that source. */
function readSourceList(text: string, pointers: SourcePointer[]): void {
  let inList = false;
  for (const line of text.split(/\r\n|[\n\r\u2028\u2029\v\f\u0085]/u)) {
    if (SOURCES_HEADING.test(line)) inList = true;
    else if (inList) {
      const entry = LIST_ENTRY.exec(line);
      if (entry) push(pointers, entry[1]!, entry[2] ?? entry[1]!);
    }
  }
}

/** Adds `first`-`last` (either order); a number past 2^53 names nothing a passage list could hold. */
function push(pointers: SourcePointer[], first: string, last: string): void {
  const a = Number(first);
  const b = Number(last);
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b)) return;
  pointers.push({ first: Math.min(a, b), last: Math.max(a, b) });
}
