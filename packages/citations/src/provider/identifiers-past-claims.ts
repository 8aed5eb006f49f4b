import { findRuns, replaceRuns, runClass, StringMap, StringSet } from '@gk/internal';
import type { Span } from '../types.js';
import { type CompiledIdentifierRule, foldIdentifierText } from '../verify/identifier-rules.js';
import { firstAtLeast } from './first-at-least.js';
import { lastAtMost } from './last-at-most.js';

/** An identifier a claim answers for: its rule and its canonical value. */
export interface PastIdentifier {
  rule: CompiledIdentifierRule;
  value: string;
}

/** An identifier a reader sees in text no claim holds: where it stands, its rule and its canonical value. */
export interface OutsideIdentifier extends PastIdentifier {
  span: Span;
}

// Labels match as CommonMark matches them: trimmed, whitespace runs as one space, Unicode case fold (`ß` and `SS`,
// `ς` and `σ`), here as the reference renderers do it (commonmark.js, markdown-it, micromark): lower case, then upper.
const labelKey = (label: string): string =>
  replaceRuns(foldIdentifierText(label).trim(), WHITESPACE, ' ').toLowerCase().toUpperCase();
// Read by searches: a repeated class keeps a backtrack entry per character where V8 does not optimize it (in a process
// that has compiled many regular expressions), and a word of millions of letters overflowed its stack.
const WHITESPACE = runClass('\\s');

/**
 * For each claim (`spans`), the identifiers the rules read in the answer as a whole that hold some of the claim's text
 * but not all of theirs (`claims`), and the identifiers that stand in text outside every span of `covered` (`outside`:
 * a link written in the answer's uncited text, or the label of one defined elsewhere): a provider's claims are spans of one answer, and a renderer links what their pieces join to
 * (`https://` · `evil.example/x`, `https://vendor.example/download` · `-fake.exe`, `10.1000/` · `x9`). A link's label
 * is the link too (`[` · `the official installer` · `](https://evil.example)`), and a reference link's label is its
 * definition's (`[installer][1]` with `[1]: https://evil.example` elsewhere). The answer is read as identifiers are
 * read ({@link foldIdentifierText}), word by word so that each match maps back to the answer: exactly, or, in a word
 * that folding changes, to the whole word. Linear in the answer and the claims.
 */
export function identifiersPastClaims(
  answer: string,
  spans: readonly Span[],
  rules: readonly CompiledIdentifierRule[],
  covered: readonly Span[] = spans,
): { claims: PastIdentifier[][]; outside: OutsideIdentifier[] } {
  const out: PastIdentifier[][] = spans.map(() => []);
  const outside: OutsideIdentifier[] = [];
  if (rules.length === 0) return { claims: out, outside };
  const isOutside = createCoverTest(covered);
  // Pieces of the answer and where each starts folded; a piece folded to itself maps back character by character.
  const raw: number[] = [];
  const at: number[] = [];
  const same: boolean[] = [];
  const piece = (start: number, from: number, itself: boolean): void => {
    raw.push(start);
    at.push(from);
    same.push(itself);
  };
  let folded = foldIdentifierText(answer);
  if (folded === answer) piece(0, 0, true);
  else {
    folded = '';
    // Each run of whitespace and each word between two.
    const runs = findRuns(answer, WHITESPACE);
    const bounds = [0, ...runs, answer.length].filter((at, k, all) => k === 0 || at !== all[k - 1]);
    for (let k = 0; k + 1 < bounds.length; k++) {
      const index = bounds[k]!;
      const word = answer.slice(index, bounds[k + 1]);
      const fold = foldIdentifierText(word);
      if (fold !== word || !same.at(-1)) piece(index, folded.length, fold === word);
      folded += fold;
    }
  }
  piece(answer.length, folded.length, false);
  const toAnswer = (offset: number, end: boolean): number => {
    const k = lastAtMost(at, end ? offset - 1 : offset);
    return same[k] ? raw[k]! + offset - at[k]! : raw[end ? k + 1 : k]!;
  };
  // Every claim boundary, in answer order: the claims a match holds some but not all of have one strictly inside it.
  const bounds = spans.flatMap(({ start, end }, c) => [[start, c] as const, [end, c] as const]);
  bounds.sort((a, b) => a[0] - b[0]);
  const points = bounds.map(([point]) => point);
  const give = (from: number, to: number, found: PastIdentifier, skip = (_: number) => false): void => {
    for (let i = firstAtLeast(points, from + 1); i < points.length && points[i]! < to; i++) {
      const c = bounds[i]![1];
      if (out[c]!.at(-1) !== found && !skip(c)) out[c]!.push(found);
    }
  };
  // The claims holding each stretch between two boundaries (each claim listed on the stretches it holds, at most as many
  // as its length): built only for a reference definition, whose labels may lie anywhere.
  const unique = [...new Set(points)];
  let cover: number[][] | undefined;
  const holding = (offset: number): number[] => {
    if (cover === undefined) {
      cover = unique.map(() => []);
      spans.forEach(({ start, end }, c) => {
        for (let i = firstAtLeast(unique, start); unique[i]! < end; i++) cover![i]!.push(c);
      });
    }
    return unique.length === 0 || offset < unique[0]! ? [] : cover[lastAtMost(unique, offset)]!;
  };
  // Square brackets paired as a renderer pairs them (escapes skipped): each `]` with its `[`, and the innermost pairs
  // (a reference label holds no bracket) by label.
  let labels: Map<number, number> | undefined;
  let byLabel: StringMap<Array<[number, number]>> | undefined;
  const pair = (): Map<number, number> => {
    if (labels === undefined) {
      labels = new Map();
      byLabel = new StringMap();
      const open: number[] = [];
      let last = -1;
      for (let i = 0; i < answer.length; i++) {
        const char = answer[i];
        if (char === '\\') i++;
        else if (char === '[') {
          open.push(i);
          last = i;
        } else if (char === ']' && open.length > 0) {
          const start = open.pop()!;
          labels.set(i, start);
          if (start === last && i - start <= 1000) {
            const key = labelKey(answer.slice(start + 1, i));
            const list = byLabel.get(key);
            if (list === undefined) byLabel.set(key, [[start, i + 1]]);
            else list.push([start, i + 1]);
          }
        }
      }
    }
    return labels;
  };
  for (const rule of rules) {
    const { pattern } = rule;
    // The labels already charged: CommonMark links a label to its first definition only, so a later one with the same
    // label links nothing (and walking its labels again would cost definitions × labels).
    const charged = new StringSet(); // labels past 16,383 units of one length all collide in a Set
    if (rule.probe?.(folded) === false) continue;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(folded); match !== null; match = pattern.exec(folded)) {
      const text = match[0];
      if (text === '') {
        pattern.lastIndex++;
        continue;
      }
      let start = toAnswer(match.index, false);
      const end = toAnswer(match.index + text.length, true);
      const found = { rule, value: rule.canonical(text) };
      // A link's target: its label is the link too.
      if (text[0] === ']') start = Math.min(start, pair().get(answer.indexOf(']', start)) ?? start);
      give(start, end, found);
      // A reference definition: every label that names it, and the text before a label it completes, links there.
      const label = rule.also ? definitionLabel(text) : undefined;
      if (label === undefined) {
        // A link's span with its closing parenthesis, as it is written.
        const close = text[0] === ']' && answer[end] === ')' ? end + 1 : end;
        if (isOutside(start, close)) outside.push({ ...found, span: { start, end: close } });
        continue;
      }
      const key = labelKey(label);
      if (charged.has(key)) continue;
      charged.add(key);
      pair();
      // A definition no label names shows itself (as text, or nothing): read where it stands, as a link is.
      const named = byLabel!.get(key)?.filter(([open, close]) => open < start || close > end) ?? [];
      if (named.length === 0 && isOutside(start, end)) outside.push({ ...found, span: { start, end } });
      for (const [open, close] of named) {
        const from = labels!.get(open - 1) ?? open;
        if (isOutside(from, close)) outside.push({ ...found, span: { start: from, end: close } });
        // Claims that hold the label's start, and claims it cuts; not one that holds the definition too (it reads it).
        const skip = (c: number): boolean => spans[c]!.start <= start && spans[c]!.end >= end;
        for (const c of holding(from)) if (!skip(c) && out[c]!.at(-1) !== found) out[c]!.push(found);
        give(from, close, found, skip);
      }
    }
  }
  outside.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  return { claims: out, outside };
}

/** Whether a stretch of the answer (not empty) shares no character with `covered`'s spans. Logarithmic per call. */
export function createCoverTest(covered: readonly Span[]): (start: number, end: number) => boolean {
  // The spans merged where they overlap, as parallel lists of starts and ends.
  const starts: number[] = [];
  const ends: number[] = [];
  for (const { start, end } of [...covered].sort((a, b) => a.start - b.start)) {
    if (starts.length > 0 && start <= ends.at(-1)!) ends[ends.length - 1] = Math.max(ends.at(-1)!, end);
    else {
      starts.push(start);
      ends.push(end);
    }
  }
  return (start, end) => {
    const k = firstAtLeast(ends, start + 1); // the first span ending past `start`
    return k === ends.length || starts[k]! >= end;
  };
}

/**
 * A reference definition's label, as the link rule reads one (`[ref]: target`): the text after the first `[` that runs,
 * past escapes (`\]`) but no line feed, to `]:`; or undefined. A loop, as the regex `\[((?:[^\]\\\n]|\\.)*)\]:` it
 * replaces keeps a backtrack entry per character in V8 and overflows its stack on a label of millions. Linear: every
 * `[` inside a label read runs to where that label ends.
 */
function definitionLabel(text: string): string | undefined {
  for (let open = text.indexOf('['); open !== -1; ) {
    let at = open + 1;
    for (;;) {
      const code = text.charCodeAt(at);
      if (code === 0x5c && at + 1 < text.length && !LINE_TERMINATOR.test(text[at + 1]!)) at += 2;
      else if (at < text.length && code !== 0x5d && code !== 0x5c && code !== 0x0a) at++;
      else break;
    }
    if (text.startsWith(']:', at)) return text.slice(open + 1, at);
    open = text.indexOf('[', at);
  }
  return undefined;
}

/** What `.` does not match without the `s` flag. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
