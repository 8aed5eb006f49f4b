import { InvalidArgumentError } from '@gk/internal';
import { DEFAULT_STOP_WORDS, splitClaims, verifyAnswer } from '@gk/citations';
import { matchRuns, runEndAfter, runStartBefore } from '../match-runs.js';
import { hiddenMarkup, insideMarkup } from './hidden-markup.js';
import { terms, tokenize } from './match-terms.js';
import { questionTermWeights } from './question-term-weights.js';
import { rankSentences, type SentenceCandidate } from './rank-sentences.js';
import {
  cueWeight,
  type QuestionForm,
  questionForm,
  type SentenceCues,
  sentenceCues,
} from './sentence-cues.js';

export { tokenize };

/** Settings for `extractAnswer`. */
export interface ExtractAnswerSettings {
  maxSentences: number;
  noSourceToken: string;
  questionLabel: string;
  stopWords: ReadonlySet<string>;
  locale: string;
  /** A factor on each sentence's score from the caller's domain knowledge (see `ExtractiveModelOptions`). */
  sentenceWeight?: (sentence: string, question: string) => number;
}

/** One numbered source as read back from a `formatSources` list in the prompt. */
export interface PromptSource {
  source: number;
  /** The header's text after `[n] `: the passage's title or document id. */
  heading: string;
  text: string;
}

/** The answer, the sentences it was built from, and what was read from the prompt. */
export interface ExtractedAnswer {
  text: string;
  lines: string[];
  question: string;
  sources: PromptSource[];
}

/** The settings `extractiveModel()` uses when given no options. */
export const DEFAULT_SETTINGS: ExtractAnswerSettings = {
  maxSentences: 3,
  noSourceToken: 'NO_SOURCE',
  questionLabel: 'Question:',
  stopWords: new Set(DEFAULT_STOP_WORDS),
  locale: 'en',
};

// A formatSources header: `[n] heading` alone on its line. Passage text cannot forge one: formatSources turns
// any bracketed number inside a passage into `(n)`.
const HEADER = /^\[([1-9][0-9]{0,8})\] [^\n]*$/gm;
// A heading such as "MIT License" (short, no closing punctuation) is not an answer and is never quoted.
const HEADING_MAX_TERMS = 3;
// A list item that goes on to the next (`(a) it must be made available under this Agreement; and`) is closed too.
// `/(?:[.!?:;)"'”’。！？；：]|[;,]\s+(?:and|or))\s*$/u`, read from the end (see `match-runs.ts`).
const CLOSING_PUNCTUATION = '.!?:;)"\'”’\u3002\uff01\uff1f\uff1b\uff1a';
function closes(text: string): boolean {
  const ended = text.trimEnd();
  return (ended !== '' && CLOSING_PUNCTUATION.includes(ended.at(-1)!)) || itemGoesOn(text);
}

// Sources are listed best first, as retrievers return them: a later one's sentences count a little less.
const SOURCE_ORDER_DISCOUNT = 0.15;
const LIST_ITEM =
  /^[ \t]*(?:[-*+\u2022]|\(?[0-9]{1,3}[.)]|\(?[a-zA-Z][.)]|\([ivxIVX]{1,5}\)|[ivxIVX]{1,5}\.)[ \t]/;
const NONE: ReadonlySet<string> = new Set();
const LIST_PREFIX_REACH = 24;

// A direct quotation (as the verifier finds them) holding a neutralised marker `(7)`: the passage has `[7]` there.
const ALTERED_QUOTATION = /"[^"]*\([^")]*[0-9][^")]*\)[^"]*"|“[^”]*\([^”)]*[0-9][^”)]*\)[^”]*”/;

/**
 * Splits the prompt's texts (its messages, in order) into the question and the numbered sources. The list is read
 * only when exactly one `[1]` header line stands in all the texts together: passage text cannot forge a header and
 * a template holds none, so a second one comes from a question, and which of the two starts the real list depends
 * on where the template put the question, which the prompt does not say. Such a prompt is not read (no sources:
 * the answer is the no-source token). The list runs from that header through the headers `[2]`, `[3]`, ... that
 * follow in order, each after a blank line, as `formatSources` renders them (see `readSources`: a line that starts
 * with `questionLabel` ends what is read of its source, and ends the list unless the next header follows), up to the
 * label line after the last source (or the message's end); a list not as rendered is not read either. The question
 * is the text after the last label line from the list's end on; without one, the messages after the sources, else
 * the text before them.
 */
export function readPrompt(
  prompt: string | readonly string[],
  questionLabel: string,
): { question: string; sources: PromptSource[] } {
  const texts = typeof prompt === 'string' ? [prompt] : prompt;
  const starts = firstHeaders(texts);
  if (starts.length !== 1) {
    const joined = texts.join('\n\n');
    const labelAt = lastLabel(joined, questionLabel);
    return {
      question: (labelAt === -1 ? joined : joined.slice(labelAt + questionLabel.length)).trim(),
      sources: [],
    };
  }
  const { index: at, start } = starts[0]!;
  const text = texts[at]!;
  const list = readSources(text.slice(start), questionLabel);
  const sources = list.sources;
  const end = start + list.end;
  const after = [text.slice(end), ...texts.slice(at + 1)].join('\n\n');
  const lastAt = lastLabel(after, questionLabel);
  let question: string;
  if (lastAt !== -1) question = after.slice(lastAt + questionLabel.length);
  else if (after.trim() !== '') question = after;
  else question = [...texts.slice(0, at), text.slice(0, start)].join('\n\n');
  return { question: question.trim(), sources };
}

/** Where `[1]` header lines stand in the texts: none, one, or the first two (two already make the list ambiguous). */
function firstHeaders(texts: readonly string[]): Array<{ index: number; start: number }> {
  const found: Array<{ index: number; start: number }> = [];
  for (const [index, text] of texts.entries()) {
    for (let at = firstHeader(text, 0); at !== -1; at = firstHeader(text, at + 1)) {
      found.push({ index, start: at });
      if (found.length === 2) return found;
    }
  }
  return found;
}

/**
 * The numbered sources of the `formatSources` list that `list` starts with, and where the list ends. Headers are the
 * structure passage text cannot forge: each source runs to the next header line, `[2]`, `[3]`, ... in order, each
 * after a blank line (else nothing is read). A line that starts with `label` ends what is read of a source but not
 * the list: a passage may hold one (an FAQ), and only a header that does not follow in order after it (or none) ends
 * the list there, at the template's label. Its first line is read even so, since the template's label never follows
 * a header line directly. Linear: each header and each label line is found once.
 */
function readSources(list: string, label: string): { sources: PromptSource[]; end: number } {
  const headers = list.matchAll(HEADER);
  const sources: PromptSource[] = [];
  let header = headers.next().value;
  let labelAt = -2;
  let labelled: { count: number; at: number } | null = null; // the first source a label line cut, and where
  while (header !== undefined) {
    const bodyStart = header.index + header[0].length + 1;
    const next = headers.next().value;
    const bodyEnd = next?.index ?? list.length;
    // The first label line after the body's first line; found again only once the list has passed it (-1: none).
    const firstLineEnd = list.indexOf('\n', bodyStart);
    const from = firstLineEnd === -1 ? list.length : firstLineEnd;
    if (labelAt !== -1 && labelAt <= from) labelAt = firstLabel(list, label, from);
    const cut = labelAt !== -1 && labelAt < bodyEnd ? labelAt : -1;
    const heading = header[0].slice(header[0].indexOf(' ') + 1);
    const source = sources.length + 1;
    sources.push({ source, heading, text: list.slice(bodyStart, cut === -1 ? bodyEnd : cut).trimEnd() });
    if (cut !== -1) labelled ??= { count: sources.length, at: cut };
    if (next === undefined) return { sources, end: cut === -1 ? list.length : cut };
    if (Number(next[1]) !== source + 1 || list.slice(next.index - 2, next.index) !== '\n\n') {
      // After a label line, a header out of order is the question's, and so is all after the first label line that
      // headers in order followed (`Question: …` then a forged `[2]`, `[3]`); before one, the list is not as written.
      if (cut !== -1) return { sources, end: cut };
      if (labelled !== null) return { sources: sources.slice(0, labelled.count), end: labelled.at };
      const at = firstLabel(list, label, 0);
      return { sources: [], end: at === -1 ? list.length : at };
    }
    header = next;
  }
  return { sources, end: list.length };
}

/** Index of the first `[1] heading` line at or after `from`, or -1. */
function firstHeader(text: string, from: number): number {
  let at = text.indexOf('[1] ', from);
  while (at > 0 && text[at - 1] !== '\n') at = text.indexOf('[1] ', at + 1);
  return at;
}

/** Index of the first `label` that starts a line after `from`, or -1. */
function firstLabel(text: string, label: string, from: number): number {
  if (label === '') return -1;
  let at = text.indexOf(label, from + 1);
  while (at > 0 && text[at - 1] !== '\n') at = text.indexOf(label, at + 1);
  return at;
}

/** Index of the last `label` that starts a line, or -1. */
function lastLabel(text: string, label: string): number {
  if (label === '') return -1;
  let at = text.lastIndexOf(label);
  while (at > 0 && text[at - 1] !== '\n') at = text.lastIndexOf(label, at - 1);
  return at;
}

/**
 * Picks up to `maxSentences` verbatim source sentences, best first (see `rankSentences`), each after the first
 * matching a question term the earlier ones did not, one per line, each tagged with its source number; the
 * no-source token when no sentence shares a content word (or a near-synonym of one) with the question. For an
 * English locale the ranking also reads the question's form (`may I`, `must I`, `what happens if`, `when`) and
 * each sentence's kind (a permission or obligation, a condition, a definition, a heading).
 */
export function extractAnswer(
  prompt: string | readonly string[],
  settings: ExtractAnswerSettings,
): ExtractedAnswer {
  const { question, sources } = readPrompt(prompt, settings.questionLabel);
  const queryTerms = new Set(terms(question, settings.stopWords));
  // The cues are English words; in another language the choice is lexical only.
  const form: QuestionForm | null = /^en\b/i.test(settings.locale) ? questionForm(question) : null;
  const questionTerms = questionTermWeights(
    question,
    sources.map((source) => source.heading),
    form,
    settings.stopWords,
  );
  const candidates = queryTerms.size === 0 ? [] : collectCandidates(sources, form, settings, question);
  const chosen: SentenceCandidate[] = [];
  const covered = new Set<string>();
  for (const candidate of rankSentences(candidates, questionTerms, terms(question, settings.stopWords))) {
    if (chosen.length === settings.maxSentences) break;
    // A further sentence must match a question term that the sentences already chosen do not: a lexically
    // similar sentence about another subject (the decoy an echo check plants) adds nothing and is skipped.
    const novel = [...candidate.terms.keys()].filter((term) => queryTerms.has(term) && !covered.has(term));
    if (chosen.length > 0 && novel.length === 0) continue;
    // Keep only a sentence that the verifier will split back into exactly itself and accept whichever brackets the
    // passage held where the prompt shows parentheses (checked for winners only: segmentation is the expensive step).
    const again = splitClaims(candidate.line, { locale: settings.locale });
    if (
      again.length === 1 &&
      again[0]!.textWithoutMarkers === candidate.text &&
      verifiesEitherWay(chosen, candidate, settings.locale)
    ) {
      chosen.push(candidate);
      for (const term of novel) covered.add(term);
      if (chosen.length === 1)
        for (const term of candidate.terms.keys()) if (queryTerms.has(term)) covered.add(term);
    }
  }
  const lines = chosen.map((candidate) => candidate.line);
  return { text: lines.length === 0 ? settings.noSourceToken : lines.join('\n'), lines, question, sources };
}

/**
 * Whether the verifier accepts the answer so far plus `candidate`, each line checked against its own sentence twice:
 * as the prompt shows it, and with every parenthesis a bracket. `formatSources` shows `[7]`-like groups and
 * full-width brackets as parentheses, so the passage may hold either (a link to `notice[2]` is shown `notice(2)`, and
 * quoted so it is not the passage's link); a sentence is kept only when it passes both ways. The first check also
 * catches two lines whose quotation marks the verifier joins into one quotation, found in neither source. Linear in
 * the chosen sentences.
 */
function verifiesEitherWay(
  chosen: readonly SentenceCandidate[],
  candidate: SentenceCandidate,
  locale: string,
): boolean {
  const texts = [...chosen, candidate].map((sentence) => sentence.text);
  const answer = texts.map((text, at) => `${text} [${at + 1}]`).join('\n');
  const bracketed = texts.map((text) => text.replace(/[()]/g, (paren) => (paren === '(' ? '[' : ']')));
  const variants = bracketed.some((text, at) => text !== texts[at]) ? [texts, bracketed] : [texts];
  return variants.every((variant) => {
    const passages = variant.map((text, at) => ({
      documentId: String(at),
      chunkId: String(at),
      text,
      start: 0,
      end: text.length,
    }));
    return verifyAnswer(answer, passages, { locale, support: {} }).rejected.length === 0;
  });
}

/** Every quotable sentence of the sources, with its terms, its cues and the lead-in of the list it is in. */
function collectCandidates(
  sources: readonly PromptSource[],
  form: QuestionForm | null,
  settings: ExtractAnswerSettings,
  question: string,
): SentenceCandidate[] {
  const candidates: SentenceCandidate[] = [];
  for (const [position, { source, text }] of sources.entries()) {
    // The lead-in (`..., You must:`) that the list items after it complete, and the heading of the section.
    let leadIn: { terms: ReadonlySet<string>; cues: SentenceCues; at: number } | null = null;
    let section: ReadonlySet<string> = NONE;
    const units = splitClaims(text, { locale: settings.locale });
    const hidden = hiddenMarkup(text);
    for (const [at, unit] of units.entries()) {
      const next = units[at + 1];
      const found = sentenceCues(unit.text);
      const listFollows = next !== undefined && isListItem(text, next.span.start, next.text);
      // A colon leads into the list items after it, or into the paragraph it ends a line before (`... subject to the
      // following conditions:`, then `The above copyright notice ... shall be included ...`): that paragraph's first
      // sentence completes it. A colon the same line goes on from (`here is a blessing: May you ...`) leads into
      // nothing: a plain statement.
      const announces =
        found.leadIn &&
        (listFollows || (next !== undefined && startsLine(text, unit.span.end, next.span.start)));
      // A lead-in into a paragraph is an answer of its own to whether something may be done (the grant that ends
      // `subject to the following conditions:`), and only an announcement to what must be done.
      const cues =
        found.leadIn && !listFollows && !(announces && form === 'obligation')
          ? { ...found, leadIn: false }
          : found;
      const item =
        leadIn !== null &&
        (isListItem(text, unit.span.start, unit.text) ||
          (at === leadIn.at + 1 && startsLine(text, units[at - 1]!.span.end, unit.span.start)))
          ? leadIn
          : null;
      if (announces) leadIn = { terms: new Set(terms(unit.text, settings.stopWords)), cues: found, at };
      else if (item === null) leadIn = null;
      const context = contextTerms(item?.terms ?? NONE, section);
      if (cues.heading && item === null) section = new Set(terms(unit.text, settings.stopWords));
      if (!unit.hasContent || unit.markers.length > 0 || ALTERED_QUOTATION.test(unit.text)) continue;
      // A sentence that starts or ends inside a comment (`<!-- … -->` over lines) is text no reader sees, and the
      // verifier refuses a quotation in it that starts there.
      if (insideMarkup(hidden, unit.span.start) || insideMarkup(hidden, unit.span.end)) continue;
      // A line of a hard-wrapped sentence is no sentence: `Tenants are not` / `allowed to keep pets.` quoted alone
      // would say the opposite of the source.
      if (
        wrapped(text, units[at - 1], unit, settings.stopWords) ||
        (next !== undefined && wrapped(text, unit, next, settings.stopWords))
      )
        continue;
      const tokens = terms(unit.text, settings.stopWords);
      if (tokens.length <= HEADING_MAX_TERMS && !closes(unit.text)) continue;
      const weight = callerWeight(settings, unit.text, question);
      if (weight === 0) continue;
      const counts = new Map<string, number>();
      for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
      // A list item says what its lead-in announces: `You must:` makes `retain the notice` an obligation.
      const itemCues: SentenceCues =
        item === null
          ? cues
          : {
              ...cues,
              normative: cues.normative || item.cues.normative,
              binding: cues.binding || item.cues.binding,
              addressed: cues.addressed || item.cues.addressed,
              heading: false,
            };
      candidates.push({
        source,
        order: candidates.length,
        line: `${unit.text} [${source}]`,
        text: unit.text,
        // Sentences that read the same (up to case and punctuation) are offered once.
        key: tokenize(unit.text).join(' '),
        terms: counts,
        sequence: tokens,
        context,
        length: tokens.length,
        cue: (form === null ? 1 : cueWeight(form, itemCues)) * weight,
        sourceWeight: 1 / (1 + SOURCE_ORDER_DISCOUNT * position),
        heading: itemCues.heading,
      });
    }
  }
  return candidates;
}

/** The caller's factor for a sentence (1 without `sentenceWeight`); anything but a finite number ≥ 0 is refused. */
function callerWeight(settings: ExtractAnswerSettings, sentence: string, question: string): number {
  if (settings.sentenceWeight === undefined) return 1;
  const weight = settings.sentenceWeight(sentence, question);
  if (typeof weight !== 'number' || !Number.isFinite(weight) || weight < 0) {
    throw new InvalidArgumentError({
      parameter: 'sentenceWeight(sentence, question)',
      expected: 'a finite number >= 0',
      received: weight,
    });
  }
  return weight;
}

/** The terms a sentence's lead-in and section heading add to it. */
function contextTerms(leadIn: ReadonlySet<string>, section: ReadonlySet<string>): ReadonlySet<string> {
  if (leadIn.size === 0) return section;
  if (section.size === 0) return leadIn;
  return new Set([...leadIn, ...section]);
}

// One line break between two units (LF, CRLF, CR, VT, FF, NEL, U+2028 or U+2029; no blank line; a block quote's `>`
// and the next line's list label aside).
const ONE_LINE_BREAK =
  /^[^\S\n\r\v\f\u0085\u2028\u2029]*(?:\r\n|[\n\r\v\f\u0085\u2028\u2029])[^\S\n\r\v\f\u0085\u2028\u2029]*(?:>[^\S\n\r\v\f\u0085\u2028\u2029]*)*(?:(?:[-*+\u2022]|\(?[0-9]{1,3}[.)]|\(?[a-zA-Z][.)]|\([ivxIVX]{1,5}\)|[ivxIVX]{1,5}\.)[ \t]+)?$/;
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
// A sentence's end: a full stop, question or exclamation mark (also as CJK, Arabic and Devanagari write them), an
// ellipsis, a colon or a semicolon, with any closing quotation marks, brackets or emphasis after it.
// Read from the end by a loop as `/[.!?…][\p{Pf}\p{Pe}"'’”*_`]*\s*$/u` reads it (see `match-runs.ts`).
const SENTENCE_END =
  '.!?:;\u2026\u203c\u2047\u2048\u2049\u3002\uff01\uff1f\uff1b\uff1a\uff0e\uff61\u061f\u0964\u0965';
const AFTER_END = /[\p{Pf}\p{Pe}"'\u2019\u201d*_`]/uy;
function endsSentence(text: string): boolean {
  const at = runStartBefore(text, text.trimEnd().length, AFTER_END);
  return at > 0 && SENTENCE_END.includes(text[at - 1]!);
}
// A list item that goes on to the next item (`(a) it must be credited; and`): `/[;,]\s+(?:and|or)\s*$/u`.
function itemGoesOn(text: string): boolean {
  const ended = text.trimEnd();
  const word = ended.endsWith('and') ? 3 : ended.endsWith('or') ? 2 : 0;
  if (word === 0) return false;
  const before = ended.slice(0, -word);
  const spaced = before.trimEnd();
  return spaced.length < before.length && (spaced.endsWith(';') || spaced.endsWith(','));
}
// What may stand before a unit that starts its line: indentation, block quote marks, a Markdown heading's `#`s, a
// list label, a table's `|`.
const LINE_LEAD =
  /^[\s>]*(?:#{1,6}[ \t]+|(?:[-*+\u2022]|\(?[0-9]{1,3}[.)]|\(?[a-zA-Z][.)]|\([ivxIVX]{1,5}\)|[ivxIVX]{1,5}\.)[ \t]+|\|[ \t]*)?$/;
// A table row of two cells or more: `| Pets | Allowed |`.
const TABLE_ROW = /^[\s>]*\|[^|]*\|[^|]*\|/;

// Words that end no sentence beside the stop words: a line that ends in one goes on (`The licensee shall` /
// `Sublicense ...`, `Tenants may keep pets except` / `Dogs over 20 kg.`).
const GOES_ON: ReadonlySet<string> = new Set(
  (
    'shall can cannot could should would will might must may never except unless without within including ' +
    'excluding per via versus vs nor yet but whether because although though whereas than as like every any no ' +
    'such whose which who whom between among toward towards onto into upon'
  ).split(' '),
);
// A note after a line's last word or sentence end, which leaves the line as finished as it was: `[3]` (or `(3)` as
// formatSources shows it), `^3`, `³`, `(see section 4)`, `(2024 edition)`.
const NOTE_REACH = 48;
const NOTE =
  /(?:\[[^[\]\n]{1,40}\]|\([^()\n]{1,40}\)|\^[\p{L}\p{N}]{1,4}|[\u00b9\u00b2\u00b3\u2070-\u2079]{1,4})$/u;
// A line that opens with a quotation mark, a bracket or an emphasis mark and then a small letter (`“only” with`,
// `*only* with`, `(only) with`) goes on the line above.
// `/^[\p{Pi}\p{Ps}"'`*_~]+\p{Ll}/u`, read by a loop.
const OPENER = /[\p{Pi}\p{Ps}"'`*_~]/uy;
const SMALL = /\p{Ll}/uy;
function opensSmall(text: string): boolean {
  const at = runEndAfter(text, 0, OPENER);
  SMALL.lastIndex = at;
  return at > 0 && SMALL.test(text);
}

/**
 * Whether `after`, on the line after `before`'s, goes on the sentence `before` started: then neither is a sentence,
 * and either quoted alone could say the opposite of the source (`Tenants are not` / `allowed to keep pets.`,
 * `The licensee shall not` / `"sublicense" the software.`, `only after` / `“written approval” is given.`). So it does
 * when the lines meet at one line break (no blank line) and `after` starts in lower case (also after a quotation mark,
 * a bracket or an emphasis mark) and is no list item, or `before` ends no sentence (see `SENTENCE_END`; a note after
 * it such as `.[3]` aside) and is no line that stands alone without one (`standsAlone`). Reads the two lines at most
 * once each per pair of neighbouring units: linear.
 */
function wrapped(
  text: string,
  before: { text: string; span: { start: number; end: number } } | undefined,
  after: { text: string; span: { start: number } },
  stopWords: ReadonlySet<string>,
): boolean {
  if (before === undefined || !ONE_LINE_BREAK.test(text.slice(before.span.end, after.span.start)))
    return false;
  const item = isListItem(text, after.span.start, after.text);
  if (!item && /^\p{Ll}/u.test(after.text)) return true;
  // The notes are read on the line's tail: a note the splitter parted (`cats.(` / `3)`) counts as the line's own.
  if (
    endsSentence(before.text) ||
    endsSentence(withoutNotes(text.slice(Math.max(0, before.span.end - NOTE_REACH), before.span.end))) ||
    (item && itemGoesOn(before.text))
  )
    return false;
  if (!item && opensSmall(after.text)) return true;
  return !standsAlone(text, before, withoutNotes(before.text), after, item, stopWords);
}

/** `line` without the notes after its end (see `NOTE`), at most three, each read in a bounded tail: linear. */
function withoutNotes(line: string): string {
  let rest = line.trimEnd();
  for (let step = 0; step < 3; step++) {
    const note = NOTE.exec(rest.slice(-NOTE_REACH));
    if (note === null) break;
    rest = rest.slice(0, rest.length - note[0].length).trimEnd();
  }
  return rest;
}

/**
 * Whether `before`, a line that ends no sentence, stands alone above `after` on the next line: a Markdown heading
 * (`## Pets`); a table row above another; or a line that starts its line and does not stop mid-clause (`ended`, the
 * line without its notes, ends in a letter or digit of a word that is no stop word and no word of `GOES_ON`: not
 * `not`, `to`, `than`, `after`, `if`, `shall`, `except`), above a list item or a line that starts as a sentence does
 * (a capital; after a heading, of at most `HEADING_MAX_TERMS` terms or every term capitalised, also a digit): a title
 * (`Pets and animals in rented flats`), a byline, an address, a line without its full stop. The price: a sentence
 * broken before a capitalised word after a content word (`Tenants may keep pets` / `Only with approval.`) reads as
 * two; the first line is quoted as the source wrote it.
 */
function standsAlone(
  text: string,
  before: { text: string; span: { start: number; end: number } },
  ended: string,
  after: { text: string; span: { start: number } },
  afterIsItem: boolean,
  stopWords: ReadonlySet<string>,
): boolean {
  const lead = lineLead(text, before.span.start);
  if (lead === null || !LINE_LEAD.test(lead)) return false;
  if (/#[ \t]+$/.test(lead)) return true;
  if (TABLE_ROW.test(lead + before.text)) {
    const afterLead = lineLead(text, after.span.start);
    if (afterLead === null) return false;
    return TABLE_ROW.test(text.slice(after.span.start - afterLead.length, lineEnd(text, after.span.start)));
  }
  const last = tokenize(ended).at(-1);
  if (last === undefined || stopWords.has(last) || GOES_ON.has(last) || !/[\p{L}\p{N}\p{M}]$/u.test(ended))
    return false;
  if (afterIsItem || /^[\p{Lu}\p{Lt}]/u.test(after.text)) return true;
  const heading =
    terms(ended, stopWords).length <= HEADING_MAX_TERMS ||
    words(ended).every((word) => /^[\p{Lu}\p{Lt}\p{N}]/u.test(word) || stopWords.has(word.toLowerCase()));
  return heading && /^\p{N}/u.test(after.text);
}

// `/[\p{L}\p{N}][\p{L}\p{N}\p{M}'’-]*/gu`: each run of such characters from its first letter or digit.
const WORD_RUN = /[\p{L}\p{N}\p{M}'\u2019-]{1,65536}/gu;
const NOT_WORD_START = /[\p{M}'\u2019-]/uy;
function words(text: string): string[] {
  const out: string[] = [];
  for (const run of matchRuns(text, WORD_RUN)) {
    const start = runEndAfter(run.text, 0, NOT_WORD_START);
    if (start < run.text.length) out.push(run.text.slice(start));
  }
  return out;
}

/**
 * What stands on `start`'s line before it (from the line's start), or null when the line starts more than
 * `LIST_PREFIX_REACH` characters before the spaces and tabs right before `start` (`#` and 40 spaces before a heading
 * is found). Each unit's spaces are its own: linear in the text over every unit.
 */
function lineLead(text: string, start: number): string | null {
  let spaces = start;
  while (spaces > 0 && (text[spaces - 1] === ' ' || text[spaces - 1] === '\t')) spaces--;
  for (let at = spaces - 1; at >= Math.max(0, spaces - LIST_PREFIX_REACH); at--) {
    if (LINE_BREAK.test(text[at]!)) return text.slice(at + 1, start);
  }
  return spaces <= LIST_PREFIX_REACH ? text.slice(0, start) : null;
}

/** Where `start`'s line ends. */
function lineEnd(text: string, start: number): number {
  const match = /[\n\r\v\f\u0085\u2028\u2029]/g;
  match.lastIndex = start;
  return match.exec(text)?.index ?? text.length;
}

/** Whether a line break stands between the end of one unit and the start of the next. */
function startsLine(text: string, end: number, start: number): boolean {
  return text.slice(end, start).includes('\n');
}

/** Whether the unit at `start` opens a list item: its line begins with a bullet or an item label. */
function isListItem(text: string, start: number, unitText: string): boolean {
  // A list marker and its indentation fit in this many characters before the unit: looking further back, to the
  // start of a long line, for every sentence on it would cost the square of the line.
  const from = Math.max(0, start - LIST_PREFIX_REACH);
  const before = text.slice(from, start);
  const lineStart = before.lastIndexOf('\n');
  if (lineStart === -1 && from > 0) return false;
  return LIST_ITEM.test(`${before.slice(lineStart + 1)}${unitText.slice(0, 8)}`);
}
