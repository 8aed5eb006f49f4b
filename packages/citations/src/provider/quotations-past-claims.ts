import type { Span } from '../types.js';
import { findQuotations } from '../verify/find-quotations.js';
import { codeSpans, hiddenSpans } from '../verify/parse-markers.js';
import { FILLER, MARKS, SINGLE } from '../verify/quotation-marks.js';
import type { ClaimUnit } from '../verify/split-line.js';
import { lastAtMost } from './last-at-most.js';

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/g;
const BREAK = /[\n\r\u2028\u2029]/;
const BLANK = /^[ \t]*$/;
// A line that starts a block of its own (a list item, a block quote, a heading): the line break before it ends a paragraph.
const BLOCK_START = /^[ \t]{0,3}(?:(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)|[>#])/;

/**
 * For each claim (`spans`, sorted by start), the direct quotations that hold some of its text but whose marks are not
 * both inside it (or are, in a claim the text beside it reads otherwise), each with every claim it holds text of (one
 * array per quotation): a provider cites the words of a quotation and the marks around them stand in the
 * uncited text beside it (`The leaflet says "` · `the grass is purple` · `".`). The reader sees a quotation; the
 * claim answers for all of it. Quotations are read over the whole answer as `verifyAnswer` reads them, across the
 * line breaks of a paragraph, the uncited text before a claim in its paragraph counting as the claim's (a mark left
 * open there quotes on into the claim), and at the end of a paragraph the text after the last one (a closing mark
 * there with nothing open quotes back into it). A quotation is one object, shared by every claim it reaches. Null for
 * a claim past the budget (the quoted text to check, each quotation counted once, over 8 times the answer): refused
 * unread. Linear in the answer and the claims.
 */
export function quotationsPastClaims(
  answer: string,
  spans: readonly Span[],
  minLength: number,
): Array<Array<{ text: string; claims: number[] }> | null> {
  const out: Array<Array<{ text: string; claims: number[] }> | null> = spans.map(() => []);
  if (spans.length === 0) return out;
  const units = unitsOf(answer, spans);
  // The claims holding each unit's text (the part after the uncited text a unit starts with).
  const claimsOf: number[][] = units.map(() => []);
  spans.forEach((span, c) => {
    let low = 0;
    let high = units.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (units[middle]!.span.end > span.start) high = middle;
      else low = middle + 1;
    }
    for (let u = low; u < units.length && units[u]!.span.start < span.end; u++) claimsOf[u]!.push(c);
  });
  let budget = 8 * answer.length + 65_536;
  // One object per quotation and the claims it is given to, charged once: it is checked once, whatever it spans.
  const give = (text: string, claims: number[]): void => {
    if (claims.length === 0) return;
    budget -= text.length;
    const shared = { text, claims };
    for (const c of claims) {
      if (budget < 0) out[c] = null;
      else out[c]?.push(shared);
    }
  };
  // Single marks pair only within a line, as verifyAnswer reads them (`'90s` … `users'` on later lines is no quotation).
  const acrossLines = ({ start, end }: Span): boolean =>
    isSingleMark(answer, start - 1) &&
    !isSingleMark(answer, start - 2) &&
    BREAK.test(answer.slice(start, end));
  let inContext: boolean[] | undefined;
  const found = findQuotations(answer, units, minLength);
  for (const quotation of found) {
    const { start, end } = quotation.span;
    if (acrossLines(quotation.span)) continue;
    // The claims holding quoted text, then those it reaches past. Not one with both marks inside: that is its own
    // check, and its spans are no part of the stretch the others' quotation is read in (rt10 #3: a claim around a
    // smaller one, citing the whole document, would let the smaller one's quotation match anywhere in it). But one
    // that the text beside it reads otherwise (see readInContext) is given it too, alone: its line read on its own may
    // hide what the reader sees (a tag's attribute value after an escaping `\`, rt10 #1).
    const holders: number[] = [];
    for (const c of new Set(quotation.units.flatMap((u) => claimsOf[u]!))) {
      const span = spans[c]!;
      if (start >= span.end || end <= span.start) continue;
      if (!(span.start < start && end < span.end)) holders.push(c);
      else {
        inContext ??= readInContext(answer, spans);
        if (inContext[c]) give(quotation.text, [c]);
      }
    }
    give(quotation.text, holders);
  }
  // A claim in a code block or a raw-text element (`<textarea>`, `<xmp>`, `<plaintext>`) is shown as typed: a tag there
  // is text, and the quotes of its attribute values are marks the reader sees (rt11 #1). Both the claim's line read
  // alone and the reading above hide them, so the quotations there are read again with every `<` in such context
  // read as text, and each one the reading above did not find is given to the claims in context it holds text of.
  const shown = shownAsTyped(answer);
  const typed = spans.map(({ start, end }) => shown.some((regions) => meets(regions, start, end)));
  if (typed.includes(true)) {
    let plain = '';
    let cursor = 0;
    for (const [from, to] of shown.flat().sort((a, b) => a[0] - b[0])) {
      plain +=
        answer.slice(cursor, Math.max(cursor, from)) +
        answer.slice(Math.max(cursor, from), to).replace(/</g, ' ');
      cursor = Math.max(cursor, to);
    }
    plain += answer.slice(cursor);
    const seen = new Set(found.map(({ span }) => `${span.start}:${span.end}`));
    for (const quotation of findQuotations(plain, units, minLength)) {
      const { start, end } = quotation.span;
      if (seen.has(`${start}:${end}`) || acrossLines(quotation.span)) continue;
      const claims = [...new Set(quotation.units.flatMap((u) => claimsOf[u]!))].filter(
        (c) => typed[c] && start < spans[c]!.end && spans[c]!.start < end,
      );
      // Its text as typed: what the `<` stood for is compared, not the space read in its place.
      give(answer.slice(start, end).replace(FILLER, ' ').trim(), claims);
    }
  }
  return out;
}

// A line that opens or closes a fenced code block (after any indent or block quote marks): three or more backticks with
// no backtick after them, or three or more tildes. The marks and spaces are one class (`[ \t>]*`, what
// `[ \t]*(?:>[ \t]*)*` matches): a repeated group keeps a backtrack entry per mark, and millions overflow V8's stack.
const FENCE = /^[ \t>]*(`{3,}(?=[^`]*$)|~{3,})/;
const HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
// Where a raw-text element's content starts or ends: a browser shows everything in it as text.
const RAW_TEXT = /<(\/?)(textarea|xmp|plaintext)(?=[\s/>]|$)/gi;

/**
 * The stretches of the answer shown as typed, in order and not overlapping, as two lists: the lines of fenced and
 * indented code blocks (an indented line after a blank one or another such line: a list item's indented paragraph
 * counts too, which only reads more of it as text), and the content of raw-text elements. Linear in the answer.
 */
function shownAsTyped(answer: string): Array<Array<[number, number]>> {
  const lines: Array<[number, number]> = [];
  let fence = ''; // the open fence's run of backticks or tildes, '' none
  let previous: 'blank' | 'code' | 'text' = 'blank';
  let from = 0;
  for (const match of [...answer.matchAll(LINE_BREAK), null]) {
    const to = match === null ? answer.length : match.index;
    const line = answer.slice(from, to);
    const run = FENCE.exec(line)?.[1];
    let code = false;
    if (fence !== '') {
      code = true;
      if (
        run !== undefined &&
        run[0] === fence[0] &&
        run.length >= fence.length &&
        BLANK.test(line.slice(line.indexOf(run) + run.length))
      )
        fence = '';
    } else if (run !== undefined) {
      fence = run;
      code = true;
    } else if (!BLANK.test(line) && previous !== 'text' && /^(?: {4}| {0,3}\t)/.test(line)) code = true;
    if (code) lines.push([from, to]);
    // A heading is no paragraph: an indented line after it starts a code block, as after a blank line.
    previous = code ? 'code' : BLANK.test(line) || HEADING.test(line) ? 'blank' : 'text';
    if (match !== null) from = match.index + match[0].length;
  }
  const raw: Array<[number, number]> = [];
  let open = ''; // the raw-text element open, '' none
  let start = 0;
  for (const tag of answer.matchAll(RAW_TEXT)) {
    const name = tag[2]!.toLowerCase();
    if (open === '' && tag[1] === '') {
      open = name;
      start = tag.index + tag[0].length;
      if (name === 'plaintext') break; // it has no end
    } else if (open === name && tag[1] === '/') {
      raw.push([start, tag.index]);
      open = '';
    }
  }
  if (open !== '') raw.push([start, answer.length]);
  return [lines, raw];
}

/** Whether `[start, end)` (or the point `start`, when empty) meets one of `regions` (in order, not overlapping). */
function meets(regions: ReadonlyArray<readonly [number, number]>, start: number, end: number): boolean {
  let low = 0;
  let high = regions.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (regions[middle]![1] > start) high = middle;
    else low = middle + 1;
  }
  return low < regions.length && regions[low]![0] <= Math.max(start, end - 1);
}

/**
 * Per claim, whether the text beside it changes how the claim's own text reads: an odd run of backslashes just before
 * it escapes its first character (`\` · `<span title="…">` shows the tag as text), or a code span, comment, tag or
 * link part of the answer runs across its start or end (`` ` `` · `<span title="…">` · `` ` ``). Linear in the answer,
 * but for a binary search per claim.
 */
function readInContext(answer: string, spans: readonly Span[]): boolean[] {
  // Code spans and what a renderer hides, as the claims' lines read them (hiddenSpans holds the code spans too).
  const hidden = hiddenSpans(answer, '', answer.includes('`') ? codeSpans(answer).spans : []).spans;
  const runs = [...answer.matchAll(/\\+/g)];
  const runStarts = runs.map((run) => run.index);
  // Whether `at` is strictly inside a hidden span (flat start and end offsets, in order, not overlapping).
  const inside = (at: number): boolean => {
    let low = 0;
    let high = hidden.length >> 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (hidden[2 * middle + 1]! > at) high = middle;
      else low = middle + 1;
    }
    return 2 * low < hidden.length && hidden[2 * low]! < at;
  };
  return spans.map(({ start, end }) => {
    const run = runs[lastAtMost(runStarts, start - 1)];
    const escaped =
      run !== undefined &&
      run.index < start &&
      start <= run.index + run[0].length &&
      (start - run.index) % 2 === 1;
    return escaped || inside(start) || inside(end);
  });
}

/**
 * The answer's paragraphs cut at every claim boundary, each piece a unit; a piece no claim holds joins the piece after
 * it in its paragraph (the text before a claim is read with it), or at the end of its paragraph the unit before it.
 */
function unitsOf(answer: string, spans: readonly Span[]): ClaimUnit[] {
  // +1 where a claim starts, -1 where one ends: the claims holding a piece are counted as the pieces go by.
  const delta = new Map<number, number>([
    [0, 0],
    [answer.length, 0],
  ]);
  const add = (at: number, by: number): void => {
    delta.set(at, (delta.get(at) ?? 0) + by);
  };
  for (const { start, end } of spans) {
    add(start, 1);
    add(end, -1);
  }
  // Only the line breaks beside a blank line or before a list item, block quote or heading part quotations (a CR LF
  // pair is one break): inside a paragraph a break reads as a space, and a quotation it cuts is read whole, as
  // verifyAnswer reads it.
  const breaks = new Set<number>();
  const found = [...answer.matchAll(LINE_BREAK)];
  const blankLine = (from: number, to: number): boolean => BLANK.test(answer.slice(from, to));
  found.forEach((match, i) => {
    const start = match.index;
    const end = start + match[0].length;
    const lineBefore = blankLine(i === 0 ? 0 : found[i - 1]!.index + found[i - 1]![0].length, start);
    const next = found[i + 1];
    const after = answer.slice(end, next === undefined ? answer.length : next.index);
    if (!lineBefore && !BLANK.test(after) && !BLOCK_START.test(after)) return;
    for (let k = start; k < end; k++) breaks.add(k);
    add(start, 0);
    add(end, 0);
    if (end - start > 1) add(start + 1, 0);
  });
  const points = [...delta.keys()].sort((a, b) => a - b);
  const units: ClaimUnit[] = [];
  let held = 0;
  let from = -1; // start of uncited text waiting to join the next piece in its paragraph
  let line = 0; // index of the first unit in this paragraph
  for (let p = 0; p + 1 < points.length; p++) {
    const start = points[p]!;
    const end = points[p + 1]!;
    held += delta.get(start)!;
    if (breaks.has(start)) line = units.length;
    else if (held > 0) {
      units.push(unitOf(answer, from === -1 ? start : from, end));
      from = -1;
    } else if (end < answer.length && !breaks.has(end)) {
      if (from === -1) from = start;
    } else if (units.length > line) {
      // Uncited text at the end of a paragraph joins the unit before it: a closing mark there quotes back into it.
      units[units.length - 1] = unitOf(answer, units.at(-1)!.span.start, end);
    } else {
      units.push(unitOf(answer, from === -1 ? start : from, end));
    }
    if (breaks.has(end)) from = -1;
  }
  return units;
}

function unitOf(answer: string, start: number, end: number): ClaimUnit {
  const text = answer.slice(start, end);
  return { text, span: { start, end }, markers: [], textWithoutMarkers: text.trim(), hasContent: true };
}

/** Whether the character at `at` is a single quotation mark (or an apostrophe). */
function isSingleMark(answer: string, at: number): boolean {
  const mark = at < 0 ? undefined : MARKS.get(answer.charCodeAt(at));
  return mark !== undefined && mark >> 3 === SINGLE;
}
