import { normalizeCodePoint } from './normalize-text.js';

// A symbol (`✓`, `★`, `+`, `→`, `€`, an emoji, a unit like `㎎` or `™` that normalises to letters), a dash or a
// percent (`%`, `‰`, `‱`): what a quotation may not add, drop or change past its first or last word. Other
// punctuation (`.`, `,`, `!`, brackets, quotation marks) is free there, as quoting writes it, and so are the markup a
// passage may hold around words (a table's `|`, a tag's `<` and `>`) and modifier symbols (a code span's backtick,
// `^`). A mark after a sign is part of it (`✓̸`); an invisible character (an emoji's variation selector) is nothing.
const SIGN = /(?![|<>])[\p{Sm}\p{Sc}\p{So}%\u2030\u2031-]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;
const MARK = /\p{M}/u;
const LINE_BREAK = /[\n\r\u2028\u2029\u0085]/;

// What a character is to a run of signs: invisible (read as nothing), a space or punctuation between signs, a sign,
// a mark, or a stop (a letter, digit or mark of a word, a line break, the text's end: a run of signs stops there).
const NONE = 0;
const GAP = 1;
const SIGN_KIND = 2;
const MARK_KIND = 3;
const STOP = 4;

interface Read {
  kind: number;
  /** The character normalised. */
  form: string;
  /** Where the next character starts in the direction read. */
  next: number;
}

/** The character at `i` (forwards) or before `i` (backwards), whole when it is a surrogate pair. */
function read(text: string, i: number, step: 1 | -1): Read {
  if (step === 1 ? i >= text.length : i <= 0) return { kind: STOP, form: '', next: i };
  let code = text.charCodeAt(step === 1 ? i : i - 1);
  let size = 1;
  if (step === 1 && code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) {
      code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
      size = 2;
    }
  } else if (step === -1 && code >= 0xdc00 && code <= 0xdfff && i >= 2) {
    const high = text.charCodeAt(i - 2);
    if (high >= 0xd800 && high <= 0xdbff) {
      code = (high - 0xd800) * 0x400 + (code - 0xdc00) + 0x10000;
      size = 2;
    }
  }
  const char = String.fromCodePoint(code);
  const next = i + step * size;
  if (LINE_BREAK.test(char)) return { kind: STOP, form: '', next };
  const form = normalizeCodePoint(code, char, false);
  if (form === '') return { kind: NONE, form, next };
  if (MARK.test(char)) return { kind: MARK_KIND, form, next };
  if (WORD.test(char)) return { kind: STOP, form, next };
  // A sign once normalised, or a sign as written that normalises to letters (`㎎` reads as `mg`, `™` as `TM`).
  return { kind: SIGN.test(form) || (SIGN.test(char) && WORD.test(form)) ? SIGN_KIND : GAP, form, next };
}

/**
 * The next sign beside `from` in direction `step`, with the marks that go with it, and where it ends (going
 * forwards: after its last mark; backwards: at its base), reading past gaps unless `glued`; null at a letter, digit,
 * line break or the text's end, after `budget.left` characters, or, when `glued`, at anything but a sign or a slash.
 */
function nextSign(
  text: string,
  from: number,
  step: 1 | -1,
  glued: boolean,
  budget: { left: number },
): { sign: string; at: number } | null {
  let marks = '';
  for (let i = from; budget.left-- > 0; ) {
    const char = read(text, i, step);
    i = char.next;
    if (char.kind === NONE) continue;
    if (char.kind === MARK_KIND && step === -1) {
      marks = char.form + marks; // backwards, marks come before the character they follow
      continue;
    }
    if (char.kind !== SIGN_KIND) {
      if (glued && char.form === '/') continue; // a slash glues the signs beside it (`+/-`)
      if (glued || char.kind === STOP || char.kind === MARK_KIND) return null;
      marks = ''; // marks after a gap belong to no sign
      continue;
    }
    if (step === -1) return { sign: char.form + marks, at: i };
    let sign = char.form;
    for (
      let mark = read(text, i, 1);
      mark.kind === MARK_KIND || mark.kind === NONE;
      mark = read(text, i, 1)
    ) {
      sign += mark.form;
      i = mark.next;
    }
    return { sign, at: i };
  }
  return null;
}

/**
 * The signs a quotation writes beside a word of its own `text`: from `from` towards the next letter, digit or line
 * break (forwards with `step` 1, backwards with -1), each with its marks, normalised, in reading order; with where the
 * run ends (going forwards after its last sign, going backwards at its first; `from` when there is none).
 */
export function signsBeside(text: string, from: number, step: 1 | -1): { signs: string[]; at: number } {
  const signs: string[] = [];
  const budget = { left: text.length + 1 };
  let at = from;
  for (let found = nextSign(text, at, step, false, budget); found !== null; ) {
    signs.push(found.sign);
    at = found.at;
    found = nextSign(text, at, step, false, budget);
  }
  if (step === -1) signs.reverse();
  return { signs, at };
}

/**
 * Where a quotation found at `span` of `text` (its first word to its last, as located) ends once the signs it writes
 * beside its first and last word ({@link signsBeside}) are taken in: the same signs must stand beside the same words in
 * `text`, in the same order, on the same line, across nothing but spaces and punctuation, and the last of them may
 * not go on glued to another sign (`"Compliance status ✓"` is not found in `Compliance status ✗`, `"rated ★"` not in
 * `rated ★★★★★`; a next list item's bullet or a next table cell does not count). An edge without signs asks nothing.
 * Null when the signs differ. Reads at most a few hundred characters past each edge, so many quotations cost time
 * linear in their length.
 */
export function widenOverSigns(
  text: string,
  span: { start: number; end: number },
  lead: readonly string[],
  trail: readonly string[],
): { start: number; end: number } | null {
  const start = lead.length === 0 ? span.start : matchSigns(text, span.start, -1, lead);
  const end = trail.length === 0 ? span.end : matchSigns(text, span.end, 1, trail);
  return start === -1 || end === -1 ? null : { start, end };
}

/** Where `signs` (in reading order) end beside `from` in direction `step`, or -1 when they do not stand there. */
function matchSigns(text: string, from: number, step: 1 | -1, signs: readonly string[]): number {
  const budget = { left: 256 + 4 * signs.join('').length };
  let at = from;
  for (let k = 0; k < signs.length; k++) {
    const found = nextSign(text, at, step, false, budget);
    if (found === null || found.sign !== signs[step === 1 ? k : signs.length - 1 - k]) return -1;
    at = found.at;
  }
  // The passage's run may not go on glued to another sign (`★` quoted out of `★★★★★`).
  return nextSign(text, at, step, true, { left: 8 }) === null ? at : -1;
}
