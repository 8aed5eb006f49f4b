import { type Citation, DEFAULT_MIN_COVERAGE, locateQuote, parseMarkers } from '@gk/citations';
import type { AnswerRecord } from './pipeline.js';
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

const QUOTE_LIMIT = 160;

/** The lines printed once, before the answers. */
export function renderHeader(header: RunHeader, style: TerminalStyle): string {
  return [
    style.bold('groundkit demo: cited answers over the SPDX licence texts'),
    `  corpus  ${header.documents} licences from spdx-license-list, ${header.passages} passages ` +
      `(${header.distinctPassages} distinct), indexed in ${formatMs(header.buildMs)}`,
    `  model   ${header.modelLabel}`,
    `  checks  markers in range, quotations located${header.support ? `, lexical support (${Math.round(DEFAULT_MIN_COVERAGE * 100)}% of content words)` : ''}`,
    `  policy  ${header.policy}: ${header.policy === 'drop-claims' ? 'a failing claim is dropped and listed' : 'a failing claim refuses the whole answer'}; nothing is repaired`,
    '',
  ]
    .join('\n')
    .concat('\n');
}

/** One answer: outcome, answer text, each citation with its offsets and quoted span, every rejected claim. */
export function renderAnswer(record: AnswerRecord, ordinal: string, style: TerminalStyle): string {
  const lines: string[] = [];
  lines.push(`${style.bold(ordinal)}  ${style.bold(oneLine(record.question, 200))}`);
  const named = record.mentionedLicences.join(', ');
  const from =
    named === '' ? '' : record.passages.length > 0 ? ` from ${named}` : ` (searched ${named} only)`;
  lines.push(
    `    ${outcomeLabel(record, style)} · ${plural(record.passages.length, 'passage')}${from} · ` +
      `retrieval ${formatMs(record.timings.retrievalMs)} · synthesis ${formatMs(record.timings.synthesisMs)}`,
  );

  if (record.abstainedAt === 'retrieval') {
    const why =
      named === ''
        ? 'no passage contains enough of the question'
        : `${named} ${record.mentionedLicences.length === 1 ? 'contains' : 'contain'} none of the question's search terms`;
    lines.push(`    ${style.yellow(`Abstained: ${why}, so no model was asked and nothing is cited.`)}`);
  } else if (record.abstainedAt === 'model') {
    lines.push(
      `    ${style.yellow(`Abstained: the model found no answer in the ${record.passages.length} passages it was shown.`)}`,
    );
  } else if (record.outcome === 'rejected' && record.error !== null) {
    lines.push(
      `    ${style.red(`Answer refused (${record.error.code}): ${oneLine(record.error.message, 200)}`)}`,
    );
  }

  if (record.claims.length > 0) {
    lines.push(`  ${style.bold('Answer')}`);
    for (const claim of record.claims) lines.push(`    ${oneLine(claim.text, 400)}`);
    lines.push(`  ${style.bold('Citations')}`);
    for (const citation of record.citations) lines.push(...renderCitation(citation, record, style));
  }

  if (record.outcome !== 'abstained') {
    lines.push(`  ${style.bold('Rejected claims')}`);
    if (record.rejected.length === 0) {
      lines.push(`    ${style.dim('none: every claim passed the checks')}`);
    }
    for (const rejected of record.rejected) {
      lines.push(`    ${style.red(rejected.code)}  ${oneLine(rejected.message, 200)}`);
      lines.push(`      ${style.dim(`"${oneLine(rejected.text, QUOTE_LIMIT)}"`)}`);
    }
  }
  lines.push('');
  return lines.join('\n');
}

function renderCitation(citation: Citation, record: AnswerRecord, style: TerminalStyle): string[] {
  const lines = [
    `    ${style.cyan(`[${citation.source}]`)} ${style.bold(citation.documentId)} ` +
      `${citation.start}–${citation.end} ${style.dim(`(${citation.chunkId})`)}`,
  ];
  // Under the cited span, where each claim that cites it sits in the licence (when it can be located).
  for (const claim of record.claims) {
    if (!claim.citations.some((cited) => cited.chunkId === citation.chunkId)) continue;
    const quote = stripMarkers(claim.text);
    const found = quote === '' ? null : locateQuote(quote, citation.text);
    if (found === null) continue;
    const start = citation.start + found.start;
    const end = citation.start + found.end;
    const excerpt = oneLine(citation.text.slice(found.start, found.end), QUOTE_LIMIT);
    lines.push(`        ${style.dim(`${start}–${end}`)} "${excerpt}"`);
  }
  if (lines.length === 1) lines.push(`        "${oneLine(citation.text, QUOTE_LIMIT)}"`);
  return lines;
}

function stripMarkers(text: string): string {
  let result = '';
  let from = 0;
  for (const marker of parseMarkers(text)) {
    result += text.slice(from, marker.start);
    from = marker.end;
  }
  return (result + text.slice(from)).trim();
}

function outcomeLabel(record: AnswerRecord, style: TerminalStyle): string {
  switch (record.outcome) {
    case 'answered':
      return style.green('answered');
    case 'abstained':
      return style.yellow(record.abstainedAt === 'retrieval' ? 'abstained (retrieval)' : 'abstained');
    case 'rejected':
      return style.red('rejected');
  }
}

// Terminal control characters and bidi overrides in model output or passages must not reach the terminal.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Collapses whitespace (licence texts are hard-wrapped), neutralises control characters, truncates with `…`. */
export function oneLine(text: string, limit: number): string {
  const flat = text.replace(/\s+/g, ' ').replace(UNSAFE, '\ufffd').trim();
  if (flat.length <= limit) return flat;
  let cut = Math.max(0, limit - 1);
  const last = flat.charCodeAt(cut - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut--;
  return `${flat.slice(0, cut).trimEnd()}…`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** Milliseconds, rounded for reading. */
export function formatMs(ms: number): string {
  return ms >= 100 ? `${Math.round(ms)} ms` : `${ms.toFixed(1)} ms`;
}
