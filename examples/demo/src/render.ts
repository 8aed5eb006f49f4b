import { DEFAULT_MIN_COVERAGE } from '@gk/citations';
import type { SynthesisRejectedClaim } from '@gk/synthesis';
import type { AnswerRecord } from './pipeline.js';
import type { ShownCitation, ShownClaim } from './show-claims.js';
import type { TerminalStyle } from './terminal-style.js';

/** What the header says about the run. */
export interface RunHeader {
  documents: number;
  passages: number;
  distinctPassages: number;
  buildMs: number;
  modelLabel: string;
  policy: string;
  /** Whether the lexical support check is on. */
  support: boolean;
}

/** How the terminal is drawn: colours, and the column at which lines wrap. */
export interface RenderOptions {
  style: TerminalStyle;
  /** Lines wrap at this many columns (default 100); nothing is ever cut. */
  width?: number;
}

// A passage is shown (for a claim that is not verbatim in it) up to this many characters; `--json` has it whole.
const PASSAGE_EXCERPT = 240;

/** The lines printed once, before the answers. */
export function renderHeader(header: RunHeader, options: RenderOptions): string {
  const { style } = options;
  const width = widthOf(options);
  const field = (name: string, value: string): string[] =>
    wrap(value, width, `  ${name.padEnd(6)}  `, ' '.repeat(10));
  return [
    style.bold('groundkit demo: cited answers over the SPDX licence texts'),
    ...field(
      'corpus',
      `${header.documents} licences from spdx-license-list, ${header.passages} passages ` +
        `(${header.distinctPassages} distinct), indexed in ${formatMs(header.buildMs)}`,
    ),
    ...field('model', header.modelLabel),
    ...field(
      'checks',
      `markers in range, quotations located${header.support ? `, lexical support (${Math.round(DEFAULT_MIN_COVERAGE * 100)}% of content words)` : ''}`,
    ),
    ...field(
      'policy',
      `${header.policy}: ${header.policy === 'drop-claims' ? 'a failing claim is dropped and listed' : 'a failing claim refuses the whole answer'}; nothing is repaired`,
    ),
    '',
  ]
    .join('\n')
    .concat('\n');
}

/**
 * One answer: the question, its outcome, each accepted claim whole with its citations, every rejected claim. Built
 * from `renderQuestion`, `renderOutcome`, `renderClaim` and `renderRejected`; a streamed answer is printed with
 * `renderQuestion`, `renderAnswerHeading` and `renderClaim` as claims are verified, then `renderAnswerEnd`.
 */
export function renderAnswer(record: AnswerRecord, ordinal: string, options: RenderOptions): string {
  const lines = [...renderQuestion(record.question, ordinal, options), ...renderOutcome(record, options)];
  if (record.claims.length > 0) {
    lines.push(...renderAnswerHeading(options));
    for (const claim of record.claims) lines.push(...renderClaim(claim, options));
  }
  lines.push(...renderRejectedSection(record, options), '');
  return lines.join('\n');
}

/** The heading above the claims of an answer. */
export function renderAnswerHeading(options: RenderOptions): string[] {
  return [`  ${options.style.bold('Answer')}`];
}

/** What follows the claims of a streamed answer: the outcome (known only at the end) and the rejected claims. */
export function renderAnswerEnd(record: AnswerRecord, options: RenderOptions): string {
  return [...renderOutcome(record, options), ...renderRejectedSection(record, options), ''].join('\n');
}

function renderRejectedSection(record: AnswerRecord, options: RenderOptions): string[] {
  if (record.outcome === 'abstained' || record.outcome === 'failed') return [];
  const lines = [`  ${options.style.bold('Rejected claims')}`];
  if (record.rejected.length === 0)
    lines.push(`    ${options.style.dim('none: every claim passed the checks')}`);
  for (const rejected of record.rejected) lines.push(...renderRejected(rejected, options));
  return lines;
}

/** The question line, wrapped. */
export function renderQuestion(question: string, ordinal: string, options: RenderOptions): string[] {
  const indent = ' '.repeat(ordinal.length + 2);
  return wrap(question, widthOf(options), `${ordinal}  `, indent).map((line, i) =>
    i === 0
      ? `${options.style.bold(ordinal)}  ${options.style.bold(line.slice(ordinal.length + 2))}`
      : options.style.bold(line),
  );
}

/** The outcome line (passages, licences, timings) and, for an abstention, a refusal or a failed call, why. */
export function renderOutcome(record: AnswerRecord, options: RenderOptions): string[] {
  const { style } = options;
  const width = widthOf(options);
  const named = record.searchedLicences.join(', ');
  const from =
    named === '' ? '' : record.passages.length > 0 ? ` from ${named}` : ` (searched ${named} only)`;
  const lines = wrap(
    `${outcomeLabel(record)} · ${plural(record.passages.length, 'passage')}${from} · ` +
      `retrieval ${formatMs(record.timings.retrievalMs)} · synthesis ${formatMs(record.timings.synthesisMs)}`,
    width,
    '    ',
    '    ',
  );
  lines[0] = lines[0]!.replace(outcomeLabel(record), colourOutcome(record, style));
  let why: string | null = null;
  let colour = style.yellow;
  if (record.abstainedAt === 'retrieval' && record.unaddressed.length > 0) {
    why = `${named} does not address the question: it says nothing about ${record.unaddressed
      .map((name) => name.replace(/-/g, ' '))
      .join(' or ')}`;
    why = `Abstained: ${why}, so no model was asked and nothing is cited.`;
  } else if (record.abstainedAt === 'retrieval') {
    why =
      named === ''
        ? 'no passage contains enough of the question'
        : `${named} ${record.searchedLicences.length === 1 ? 'contains' : 'contain'} none of the question's search terms`;
    why = `Abstained: ${why}, so no model was asked and nothing is cited.`;
  } else if (record.abstainedAt === 'model') {
    const shown = named === '' ? '' : ` from ${named}`;
    why = `Abstained: the model found no answer in the ${plural(record.passages.length, 'passage')}${shown} it was shown.`;
  } else if (record.outcome === 'rejected' && record.error !== null) {
    why = `Answer refused (${record.error.code}): ${record.error.message}`;
    colour = style.red;
  } else if (record.outcome === 'failed' && record.error !== null) {
    why = `The model call failed (${record.error.code}): ${record.error.message}; the question has no answer.`;
    colour = style.red;
  } else if (record.ambiguousWith.length > 0 && record.licenceRanking[0] !== undefined) {
    const families = [record.licenceRanking[0].family, ...record.ambiguousWith];
    why =
      `Ambiguous: the question names no licence, and ${families.join(', ')} fit it about as well as each ` +
      'other; name one to be answered from it alone.';
  }
  if (why !== null) for (const line of wrap(why, width, '    ', '    ')) lines.push(colour(line));
  return lines;
}

/** One accepted claim, whole and wrapped, then each of its citations. */
export function renderClaim(claim: ShownClaim, options: RenderOptions): string[] {
  const width = widthOf(options);
  const lines = wrap(claim.text, width, '    ', '    ');
  for (const citation of claim.citations) lines.push(...renderCitation(citation, options, width));
  return lines;
}

function renderCitation(citation: ShownCitation, options: RenderOptions, width: number): string[] {
  const { style } = options;
  const ordinal = citation.chunkId.startsWith(`${citation.documentId}#`)
    ? citation.chunkId.slice(citation.documentId.length)
    : citation.chunkId;
  const passage = `passage ${ordinal} (${citation.passage.start}–${citation.passage.end})`;
  let text: string;
  if (citation.narrowed) {
    text = `${citation.documentId} ${citation.start}–${citation.end}, narrowed to the quotation "${citation.text}" · ${passage}`;
  } else if (citation.claimAt !== null) {
    text = `${citation.documentId} ${passage} · claim at ${citation.claimAt.start}–${citation.claimAt.end}`;
  } else {
    text = `${citation.documentId} ${passage}, whole · the claim's words are not verbatim in it`;
  }
  const marker = `[${citation.source}]`;
  const lines = wrap(`${marker} ${text}`, width, '      ', '          ');
  lines[0] = lines[0]!.replace(marker, style.cyan(marker));
  if (!citation.narrowed && citation.claimAt === null) {
    const excerpt =
      citation.text.length <= PASSAGE_EXCERPT
        ? `"${citation.text}"`
        : `"${citation.text.slice(0, PASSAGE_EXCERPT)}…" (first ${PASSAGE_EXCERPT} of ${citation.text.length} characters)`;
    for (const line of wrap(excerpt, width, '          ', '          ')) lines.push(style.dim(line));
  }
  return lines;
}

/** One rejected claim: its code and message, then the claim whole. */
export function renderRejected(rejected: SynthesisRejectedClaim, options: RenderOptions): string[] {
  const width = widthOf(options);
  const { style } = options;
  const lines = wrap(rejected.message, width, `    ${rejected.code}  `, '      ');
  lines[0] = lines[0]!.replace(rejected.code, style.red(rejected.code));
  for (const line of wrap(`"${rejected.text}"`, width, '      ', '       ')) lines.push(style.dim(line));
  return lines;
}

function outcomeLabel(record: AnswerRecord): string {
  if (record.outcome === 'abstained' && record.abstainedAt === 'retrieval') return 'abstained (retrieval)';
  return record.outcome;
}

function colourOutcome(record: AnswerRecord, style: TerminalStyle): string {
  const label = outcomeLabel(record);
  switch (record.outcome) {
    case 'answered':
      return style.green(label);
    case 'abstained':
      return style.yellow(label);
    case 'rejected':
    case 'failed':
      return style.red(label);
  }
}

// Terminal control characters and bidi overrides in model output or passages must not reach the terminal.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const WORD = /\S+/g;

/** `text` with terminal control characters and bidi overrides replaced by U+FFFD, for untrusted text on a terminal. */
export function neutralize(text: string): string {
  return text.replace(UNSAFE, '\ufffd');
}

/**
 * Word-wraps `text` to `width` columns: the first line starts with `first`, the rest with `rest`. Whitespace
 * (licence texts are hard-wrapped) becomes single spaces and control characters are neutralised. Nothing is cut;
 * a word longer than a line is broken between code points, never inside a surrogate pair. Linear in the text.
 */
export function wrap(text: string, width: number, first: string, rest: string): string[] {
  const lines: string[] = [];
  let prefix = first;
  let parts: string[] = [];
  let used = 0;
  const room = (): number => Math.max(8, width - prefix.length);
  const flush = (): void => {
    lines.push(prefix + parts.join(' '));
    prefix = rest;
    parts = [];
    used = 0;
  };
  for (const match of text.matchAll(WORD)) {
    const word = neutralize(match[0]);
    if (used > 0 && used + 1 + word.length > room()) flush();
    // A word longer than a whole line is broken; the index walks it once.
    let at = 0;
    while (word.length - at > room() - (used === 0 ? 0 : used + 1)) {
      if (used > 0) {
        flush();
        continue;
      }
      let cut = at + room();
      const code = word.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut--;
      parts.push(word.slice(at, cut));
      at = cut;
      flush();
    }
    const piece = at === 0 ? word : word.slice(at);
    parts.push(piece);
    used += (used === 0 ? 0 : 1) + piece.length;
  }
  if (used > 0 || lines.length === 0) lines.push(prefix + parts.join(' '));
  return lines;
}

function widthOf(options: RenderOptions): number {
  return Math.max(40, Math.floor(options.width ?? 100));
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Milliseconds, rounded for reading. */
export function formatMs(ms: number): string {
  return ms >= 100 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`;
}
