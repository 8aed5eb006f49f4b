import { normalizeCodePoint } from './normalize-text.js';

// A symbol (`✓`, `★`, `+`, `→`, `€`, an emoji) or a dash: what a quotation may not add, drop or change past its first
// or last word. Other punctuation (`.`, `,`, `!`, brackets, quotation marks) is free there, as quoting writes it, and
// so are the markup a passage may hold around words (a table's `|`, a tag's `<` and `>`) and modifier symbols (a code
// span's backtick, `^`).
const SIGN = /(?![|<>])[\p{Sm}\p{Sc}\p{So}-]/u;
const WORD = /[\p{L}\p{N}\p{M}]/u;

/**
 * The signs beside a word in `text`, normalised and in reading order: from `from` towards the next letter, digit or
 * mark (forwards with `step` 1, backwards with -1), reading at most `limit` characters, with where the run of what
 * was read ends: after the last sign going forwards, at the first sign going backwards (`from` when there is none).
 * `signs` is null when the limit was reached before a letter, digit, mark or the end of the text.
 */
export function signsBeside(
  text: string,
  from: number,
  step: 1 | -1,
  limit: number,
): { signs: string | null; at: number } {
  let signs = '';
  let at = from;
  let i = from;
  for (let read = 0; step === 1 ? i < text.length : i > 0; read++) {
    if (read === limit) return { signs: null, at };
    // The code point at i (forwards) or before i (backwards), whole when it is a surrogate pair.
    const code = step === 1 ? text.codePointAt(i)! : codePointBefore(text, i);
    const size = code > 0xffff ? 2 : 1;
    const char = String.fromCodePoint(code);
    if (WORD.test(char)) break;
    const next = step === 1 ? i + size : i - size;
    const sign = normalizeCodePoint(code, char, false);
    if (sign !== '' && SIGN.test(sign)) {
      signs = step === 1 ? signs + sign : sign + signs;
      at = next;
    }
    i = next;
  }
  return { signs, at };
}

function codePointBefore(text: string, end: number): number {
  const low = text.charCodeAt(end - 1);
  if (low >= 0xdc00 && low <= 0xdfff && end >= 2) {
    const high = text.charCodeAt(end - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}

/**
 * Where a quotation found at `span` of `text` (its first word to its last, as located) ends once the signs the
 * quotation writes beside its first and last word are taken in: the same signs must stand beside the same words in
 * `text`, across nothing but spaces and punctuation (`"Compliance status ✓"` is not found in `Compliance status ✗`,
 * `"rated ★"` not in `rated ★★★★★`). `lead` and `trail` are the quotation's own signs there ({@link signsBeside}); an
 * edge without signs asks nothing. Null when the signs differ. Reads at most a few characters past each edge of the
 * quotation's own length, so many quotations cost time linear in their length.
 */
export function widenOverSigns(
  text: string,
  span: { start: number; end: number },
  lead: string,
  trail: string,
): { start: number; end: number } | null {
  let { start, end } = span;
  if (lead !== '') {
    const before = signsBeside(text, start, -1, 4 * lead.length + 16);
    if (before.signs !== lead) return null;
    start = before.at;
  }
  if (trail !== '') {
    const after = signsBeside(text, end, 1, 4 * trail.length + 16);
    if (after.signs !== trail) return null;
    end = after.at;
  }
  return { start, end };
}
