import type { Span } from '@gk/citations';
import { endsSentence } from '@gk/model-kit';

import { AcceptedTextWriter, EMPTIED_LINE } from '../stream-synthesize/accepted-text-writer.js';

/**
 * The completion with the given units cut out, as {@link AcceptedTextWriter} writes it: each unit goes with the
 * spaces after it; a table row keeps the cut unit's cell delimiters; text a cut moved to where a block may start is
 * kept from opening one, as is the line after a removed one; a line left with nothing but layout (blank, a bullet
 * or number, a heading's `#`s, quote markers, a row's delimiters) is removed, a table's header row aside, and the
 * spaces a cut left at a line's end are dropped. Lines no cut touched stay as written (the line after a removed one
 * may gain the guard), so a completion with nothing cut is only trimmed. `cut` holds the spans the
 * verification gave the rejected units (their duplicates included), so the completion is never split a second
 * time.
 */
export function acceptedText(completion: string, cut: readonly Span[]): string {
  const writer = new AcceptedTextWriter();
  let cursor = 0;
  for (const span of [...cut].sort((a, b) => a.start - b.start)) {
    if (span.start < cursor) continue;
    writer.keep(completion.slice(cursor, span.start));
    writer.cut(completion.slice(span.start, span.end));
    cursor = span.end;
  }
  writer.keep(completion.slice(cursor));
  return writer.finish();
}

export { EMPTIED_LINE };

/**
 * Whether the next unit of the completion, `next`, carries on the sentence of `unit` (the earlier unit's text),
 * with `between` the completion between them: `between` holds only spaces, at most one line break and block-quote
 * markers, so Markdown renders the two in one paragraph, and `unit` ends without a sentence terminator (markers,
 * closing quotes and emphasis aside), or the verifier ended `unit` mid-line at what looks like an abbreviation
 * (`It is false that per Art.` / `5 The GPL ...`: see {@link endsAbbreviation}) and `next` starts with a lowercase
 * letter or a number (not an item's `2)`), as no sentence does. At a line break a full stop ends the sentence. A
 * blank line, a list item or any other text between them starts something new (but see {@link runOnAfter}). The
 * verifier splits units at a soft line break, so cutting one half of such a sentence and keeping the other could
 * show the opposite of what the model said ("It is false that" / "the deposit is returned"). Linear in `between`
 * and the end of `unit`.
 */
export function continuesSentence(unit: string, between: string, next: string): boolean {
  return (
    glueEnd(between) === between.length &&
    (!endsSentence(unit) || (!LINE_BREAK.test(between) && endsAbbreviation(unit) && startsMidSentence(next)))
  );
}

/**
 * The text at the head of `between` (the completion after the cut unit `unit`, up to the next unit or the end) that
 * carries on the unit's sentence although the verifier made no unit of it, as `[start, end]` offsets in `between`;
 * null when there is none. That is a list's lead-in (`It is false that` / `the GPL requires nothing, since:`), which
 * is no claim and so stands in no sentence of units: the unit does not end its sentence, only spaces, quote
 * markers and at most one line break come before the text, the text is not a new block (a list item, a heading, a
 * fence, an HTML block, a table row) and it runs to the end of its line. The caller cuts it with the unit; the
 * list it leads stays, each item a checked claim of its own. Linear in `between`.
 */
export function runOnAfter(unit: string, between: string): [number, number] | null {
  const start = glueEnd(between);
  if (start === between.length || isLineBreak(between[start]!) || endsSentence(unit)) return null;
  let end = start;
  while (end < between.length && !isLineBreak(between[end]!)) end++;
  if (end === between.length) return null; // the next unit stands on the same line: not a lead-in
  if (LINE_BREAK.test(between.slice(0, start)) && opensBlock(between, start)) return null;
  return [start, end];
}

/** Where the spaces, tabs, block-quote markers and at most one line break at the head of `between` end. */
function glueEnd(between: string): number {
  let breaks = 0;
  for (let at = 0; at < between.length; at++) {
    const char = between[at]!;
    if (isLineBreak(char)) {
      if (char === '\n' && between[at - 1] === '\r') continue;
      if (++breaks > 1) return at;
    } else if (char !== ' ' && char !== '\t' && char !== '>') return at;
  }
  return between.length;
}

const LINE_BREAK = /[\n\r\u2028\u2029]/;

function isLineBreak(char: string): boolean {
  return char === '\n' || char === '\r' || char === '\u2028' || char === '\u2029';
}

/** Whether the line at `at` (its indentation read already) starts a block that may interrupt a paragraph. */
function opensBlock(text: string, at: number): boolean {
  const char = text[at]!;
  if ('#`~|<'.includes(char)) return true;
  if ('-+*'.includes(char))
    return at + 1 === text.length || ' \t'.includes(text[at + 1]!) || text[at + 1] === char;
  let digits = at;
  while (digits < text.length && digits - at < 10 && text[digits]! >= '0' && text[digits]! <= '9') digits++;
  return digits > at && (text[digits] === '.' || text[digits] === ')');
}

/**
 * Whether a unit's text ends the way an abbreviation does, no marker after it: its last word is a capitalised one
 * of at most four letters (`Art.`, `No.`, `Sec.`, `Fig.`) or letters and full stops (`e.g.`, `U.S.`). A sentence
 * that ends in any other word (`sentence.`, `JavaScript.`) ends there.
 */
function endsAbbreviation(unit: string): boolean {
  // The longest word that may match is short: only the unit's last characters are read.
  return ABBREVIATION_END.test(unit.trimEnd().slice(-16));
}

const ABBREVIATION_END = /(?:^|[^\p{L}\p{N}.])(?:\p{Lu}\p{Ll}{0,3}|(?:\p{L}\.)+\p{L})\.$/u;

/**
 * Whether a unit's text starts the way no sentence does: with a lowercase letter, or a number that is no item's
 * (`5 ...`, not `2) ...` or `2. ...`, which the verifier's split also leaves to a list written inline).
 */
function startsMidSentence(next: string): boolean {
  return /^(?:\p{Ll}|[0-9]{1,9}(?![0-9.)]))/u.test(next);
}

// Whether a unit's text ends its sentence, read before its trailing markers and closers: no unit can carry it on.
export { endsSentence };
