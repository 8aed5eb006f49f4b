import { formatSources, type Passage } from '@gk/citations';
import { checkArgument, isObject, readArgument, replaceRuns } from '@gk/internal';
import { checkPromptTemplate, fillPromptTemplate, type PromptTemplate } from '@gk/model-kit';
import { BLANKS, shownText } from './shown-text.js';

/** The placeholders a judge prompt template may use; `{{sources}}` and `{{answer}}` are required. */
export const judgePromptPlaceholders = ['question', 'sources', 'answer'] as const;

const SLOTS = { sources: 'once', answer: 'once', question: 'at-most-once' } as const;

// The start of one of the default template's own delimiters as a model reads it: with spaces or a `/`, the name, then
// the tag's end, a space or `/` before attributes (which may hold anything, a `<` too), or nothing (another `<` or the
// field's end follows).
// Tested on a tag's head, from an opening bracket to the next bracket, as `isDelimiterHead` reads it.
const delimiter = /^<\s*(?:\/\s*)?(?:question|sources|answer)(?:[\s/>][\s\S]*)?$/i;
// What a model may read as `<` or `>`: the ASCII brackets and those NFKC turns into them, the single guillemets, the
// angle brackets, and an HTML character reference, read whole, to any of them (`&lt;`, `&#60;`, `&#x2329;`); other
// references are matched to be skipped whole.
// A JSON or JavaScript escape of `<` or `>` (`\u003c/answer\u003e`, as a JSON encoder writes HTML-safe text) is one too.
const bracket =
  /[<>\ufe64\ufe65\uff1c\uff1e\u2039\u203a\u2329\u232a\u27e8\u27e9\u3008\u3009]|&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,20});?|\\(?:u003[cCeE]|x3[cCeE]|u\{0{0,4}3[cCeE]\})/g;
const OPENERS = '<\ufe64\uff1c\u2039\u2329\u27e8\u3008';
const CLOSERS = '>\ufe65\uff1e\u203a\u232a\u27e9\u3009';
// Controls that are whitespace (a newline, NEL) and the Braille blank, which a model may also read as nothing.
const SQUEEZED = /[\p{Cc}\u2800]/gu;
// The named references a tag's signs may be written with (the semicolon optional, as browsers read `&lt`).
const NAMED: Readonly<Record<string, string>> = {
  lt: '<',
  LT: '<',
  gt: '>',
  GT: '>',
  lsaquo: '\u2039',
  rsaquo: '\u203a',
  lang: '\u27e8',
  rang: '\u27e9',
  langle: '\u27e8',
  rangle: '\u27e9',
  LeftAngleBracket: '\u27e8',
  RightAngleBracket: '\u27e9',
  sol: '/',
  frasl: '\u2044',
};
const REFERENCE = /&(?:#[xX]([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([a-zA-Z]{2,20}));?/g;
// After NFKC: the other brackets and slashes, and the Cyrillic, Greek and Armenian letters that look like the Latin
// letters of the delimiters' names (`аnswer` with a Cyrillic `а`), each read as what it looks like.
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  '\u2039': '<',
  '\u27e8': '<',
  '\u3008': '<',
  '\u203a': '>',
  '\u27e9': '>',
  '\u3009': '>',
  '\u2044': '/',
  '\u2215': '/',
  '\u29f8': '/',
  а: 'a',
  е: 'e',
  о: 'o',
  с: 'c',
  ѕ: 's',
  і: 'i',
  ԛ: 'q',
  ԝ: 'w',
  ո: 'n',
  ս: 'u',
  ı: 'i',
  ɑ: 'a',
  α: 'a',
  ε: 'e',
  ο: 'o',
  ι: 'i',
  υ: 'u',
  А: 'A',
  Е: 'E',
  О: 'O',
  С: 'C',
  Ѕ: 'S',
  І: 'I',
  Т: 'T',
  Ԛ: 'Q',
  Ԝ: 'W',
  Α: 'A',
  Ε: 'E',
  Ο: 'O',
  Τ: 'T',
  Ι: 'I',
  Ν: 'N',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g');
const COMBINING = /\p{M}/gu;

/** The character an HTML character reference names, or the reference as written when it names none read here. */
function decodeReference(reference: string, hex?: string, decimal?: string, name?: string): string {
  if (name !== undefined) return NAMED[name] ?? reference;
  const point = Number.parseInt(hex ?? decimal ?? '', hex === undefined ? 10 : 16);
  return point <= 0x10ffff ? String.fromCodePoint(point) : reference;
}

// A JSON or JavaScript escape: of a code unit, a code point or a byte (`\u002f`, `\u{2f}`, `\x2f`), or of the sign after
// the backslash (`\/`, as JSON may write `/`).
const ESCAPE = /\\(?:u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]{1,6})\}|x([0-9a-fA-F]{2})|([^ux]))/g;

/** The character a JSON or JavaScript escape stands for (a line break's letter as a space), or the escape as written. */
function decodeEscape(written: string, unit?: string, point?: string, byte?: string, sign?: string): string {
  if (sign !== undefined) return 'nrtfbv'.includes(sign) ? ' ' : sign;
  const code = Number.parseInt(unit ?? point ?? byte ?? '', 16);
  return code <= 0x10ffff ? String.fromCodePoint(code) : written;
}

/** The sign a bracket match stands for: itself, or the character its reference or escape names. */
const signOf = (match: string): string =>
  match.length === 1
    ? match
    : match.startsWith('\\')
      ? match.replace(ESCAPE, decodeEscape)
      : match.replace(REFERENCE, decodeReference);

/**
 * Whether a tag's head is a delimiter's as a model may read it: with its HTML references decoded (`&lt;/answer&gt;`),
 * its JSON and JavaScript escapes as written and decoded (`<\/answer>`, `\u003c/answer\u003e`),
 * in NFKC (`＜／ａｎｓｗｅｒ＞`), look-alike signs and letters read as what they look like (`〈/аnswer〉`), and without
 * what shows nothing (`shownText`): with each blank a space (`</answer\tx="1">`), or squeezed out (`</ans\u0085wer>`).
 */
function isDelimiterHead(head: string): boolean {
  const referenced = head.includes('&') ? head.replace(REFERENCE, decodeReference) : head;
  return (
    isDecodedHead(referenced) ||
    (referenced.includes('\\') && isDecodedHead(referenced.replace(ESCAPE, decodeEscape)))
  );
}

/** `isDelimiterHead` for a head whose references and escapes are decoded. */
function isDecodedHead(decoded: string): boolean {
  const read = (text: string): boolean =>
    delimiter.test(replaceRuns(text, BLANKS, ' ')) || delimiter.test(text.replace(SQUEEZED, ''));
  const shown = shownText(decoded)
    .normalize('NFKC')
    .replace(LOOK_ALIKE, (sign) => LOOK_ALIKES[sign]!);
  if (read(shown)) return true;
  // Marks combined onto its signs and letters read through (`</answer\u0301>`, `<\u0338/answer>`, which NFKC makes `≮`).
  const unmarked = shownText(decoded).normalize('NFD').replace(COMBINING, '').normalize('NFKC');
  return read(unmarked.replace(LOOK_ALIKE, (sign) => LOOK_ALIKES[sign]!));
}

/**
 * Neutralises the template's delimiter tags in untrusted text (question, answer and the formatted passages) for the
 * prompt only: the tag's `<` and `>` (or their look-alikes and references, `&lt;`, `〈`) become `‹` and `›`, and what is
 * between them is kept as written, so the judge still reads every character of the name. A tag runs from an opening bracket that starts a delimiter's
 * name to the next closing bracket, whatever lies between (`</answer x="<">`), or to the end of the field when none
 * follows (`</answer`: its `<` alone); each head, from one bracket to the next, is read once.
 */
function neutralise(text: string): string {
  let out = '';
  let copied = 0;
  let open = -1; // where the last opening sign starts, and where it ends (a reference is longer than one character)
  let openEnd = -1;
  const starts: Array<[number, number]> = []; // opening signs of delimiters not yet closed
  for (const { 0: match, index } of text.matchAll(bracket)) {
    const sign = signOf(match);
    const opens = OPENERS.includes(sign);
    if (!opens && !CLOSERS.includes(sign)) continue; // another reference (`&amp;`), skipped whole
    const end = index + match.length;
    // A bracket right after the opening one (`<<`, `<>`) leaves no room for a name.
    const head = open !== -1 && index > openEnd ? text.slice(open, opens ? index : end) : '';
    if (head !== '' && isDelimiterHead(head)) starts.push([open, openEnd]);
    [open, openEnd] = opens ? [index, end] : [-1, -1];
    if (opens || starts.length === 0) continue;
    for (const [start, after] of starts) {
      out += `${text.slice(copied, start)}‹`;
      copied = after;
    }
    out += `${text.slice(copied, index)}›`;
    copied = end;
    starts.length = 0;
  }
  // A delimiter's name no closing bracket follows still reads as a tag (`…\n</answer\n\nAnswer to check:`): the
  // last head runs to the end of the field, and the opening bracket of every head left open is neutralised.
  if (open !== -1 && openEnd < text.length && isDelimiterHead(text.slice(open))) starts.push([open, openEnd]);
  for (const [start, after] of starts) {
    out += `${text.slice(copied, start)}‹`;
    copied = after;
  }
  return out + text.slice(copied);
}

/** What to fill into a judge prompt template. */
export interface RenderJudgePromptInput {
  question: string;
  answer: string;
  passages: readonly Passage[];
}

/**
 * Names what is wrong with a judge prompt template, or returns `null` when it can be used: a
 * `{ system, user }` object with no other key in which `{{sources}}` and `{{answer}}` occur exactly once and
 * `{{question}}` at most once, counted over both parts, and no brace group is a slot written otherwise
 * (`{{Question}}`, `{{question|trim}}`, `{question}`: `unknown_placeholder`, naming the slot).
 */
export function checkJudgePrompt(template: unknown): string | null {
  try {
    return checkPromptTemplate(template, SLOTS);
  } catch {
    return 'the template cannot be read (a getter or proxy threw)';
  }
}

/**
 * A template's `system` and `user`, each read once, as a plain object (anything but an object as it is, for the check
 * to refuse): what is checked is then what is rendered and hashed, whatever a getter would give a second time. Any
 * other key is copied too, for the check to refuse it (`unknown_key`) rather than drop it silently.
 */
export function copyTemplate(template: unknown): unknown {
  if (typeof template !== 'object' || template === null) return template;
  const { system, user, ...other } = template as Partial<Record<keyof PromptTemplate, unknown>>;
  return { ...other, system, user };
}

/**
 * Fills a judge prompt template in one pass, so text inside the question, answer or passages is never substituted;
 * the passages are formatted by `formatSources`, and delimiter look-alikes in all three are neutralised. The template
 * and the input are read once each.
 */
export function renderJudgePrompt(template: PromptTemplate, input: RenderJudgePromptInput): PromptTemplate {
  const copy = readArgument('template', () => copyTemplate(template));
  const problem = checkJudgePrompt(copy);
  checkArgument(problem === null, 'template', `a judge prompt template (${problem})`, template);
  readArgument('input', () =>
    checkArgument(isObject(input), 'input', 'an object `{ question, answer, passages }`', input),
  );
  const { question, answer, passages } = readArgument('input', () => {
    const { question, answer, passages } = input;
    return { question, answer, passages };
  });
  checkArgument(typeof question === 'string', 'input.question', 'a string', question);
  checkArgument(typeof answer === 'string', 'input.answer', 'a string', answer);
  checkArgument(Array.isArray(passages), 'input.passages', 'an array of passages', passages);
  return fillPromptTemplate(copy as PromptTemplate, {
    question: neutralise(question),
    sources: neutralise(formatSources(passages)),
    answer: neutralise(answer),
  });
}
