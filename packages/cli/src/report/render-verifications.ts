import type { Citation } from '@gk/citations';
import { parseMarkers } from '@gk/citations/verify';
import type { VerifiedLine } from '../verify/verify-line.js';
import type { VerifySummary } from '../verify/verify-summary.js';
import { escapeHtml } from './escape-html.js';
import { renderBarChart } from './render-bar-chart.js';
import type { ReportIssue } from './read-report-input.js';
import type { PageContent } from './render-page.js';

/** What {@link renderVerifications} shows. */
export interface VerificationsInput {
  name: string;
  lines: readonly VerifiedLine[];
  summary: VerifySummary;
  /** The skipped lines to list (the first 50 are); `summary.invalidLines` counts them all. */
  issues: readonly ReportIssue[];
  /** Verified lines counted but not shown (past `--max-answers`). */
  truncated: number;
  /** Lines shown whose record carries no passages, so their citations could not be re-checked. */
  unchecked?: number;
}

const LISTED_ISSUES = 50;
const UNCHECKED_NOTE =
  '<p class="muted">Not re-checked: this line carries no passages (gk verify --with-input keeps them), so its citations are shown as the file states them.</p>';

/**
 * Markup in a `<bdi>`, an isolate: the direction of the letters inside (a right-to-left claim) cannot reorder the
 * text beside it (move the numbers of the next claim), nor the text beside it what is inside. Each piece of an
 * answer, each claim and each logged string in a heading or list item is one; controls are already made visible
 * by escapeHtml.
 */
const bdi = (html: string): string => `<bdi>${html}</bdi>`;
const isolate = (text: string | number): string => bdi(escapeHtml(text));
const codeBadge = (code: string): string => `<span class="code">${escapeHtml(code)}</span>`;
const rejectedMark = (text: string, code: string): string =>
  `<mark class="claim bad">${escapeHtml(text)}</mark>${codeBadge(code)}`;

// Numbers as numbers whatever a caller passed: nothing but digits and signs reaches the page.
const percent = (value: number | null): string =>
  value === null ? 'n/a' : `${(Number(value) * 100).toFixed(1)}%`;
const count = (value: number): string => Number(value).toLocaleString('en-US');

/** The page for `gk verify` output: summary, rejections by code, then every answer with its claims and sources. */
export function renderVerifications(input: VerificationsInput): PageContent {
  const { summary } = input;
  const cards = [
    ['answers', count(summary.answers)],
    ['answered', count(summary.answered)],
    ['abstained', count(summary.abstained)],
    ['rejected answers', count(summary.rejectedAnswers)],
    ['claims written', count(summary.claimsWritten)],
    ['claims accepted', count(summary.claimsAccepted)],
    ['claims rejected', count(summary.claimsRejected)],
    ['claim acceptance', percent(summary.claimAcceptance)],
  ];
  if (summary.invalidLines > 0) cards.push(['lines skipped', count(summary.invalidLines)]);
  if ((input.unchecked ?? 0) > 0) cards.push(['shown without re-check', count(input.unchecked ?? 0)]);
  const codes = Object.entries(summary.rejectedByCode).sort((a, b) => (b[1] ?? 0) - (a[1] ?? 0)) as Array<
    [string, number]
  >;
  const chart = renderBarChart(
    'Rejected claims by code',
    codes.map(([code, value]) => ({
      label: code,
      value,
      note: summary.claimsRejected === 0 ? undefined : percent(value / summary.claimsRejected),
    })),
    { empty: 'No claim was rejected.' },
  );
  const listed = input.issues.slice(0, LISTED_ISSUES);
  const unlisted = Math.max(summary.invalidLines, input.issues.length) - listed.length;
  const skipped =
    listed.length === 0 && unlisted === 0
      ? ''
      : `<h2>Skipped lines</h2><ul>${listed
          .map(
            (issue) =>
              `<li>line ${escapeHtml(issue.line)}: ${codeBadge(issue.code)}${issue.field === undefined ? '' : ` ${isolate(issue.field)}`}: ${isolate(issue.message)}</li>`,
          )
          .join(
            '',
          )}</ul>${unlisted === 0 ? '' : `<p class="muted">${count(unlisted)} more skipped lines are counted above but not listed here.</p>`}`;
  const truncated =
    input.truncated === 0
      ? ''
      : `<p class="muted">Showing the first ${count(input.lines.length)} answers; ${count(input.truncated)} more are counted in the summary but not shown (--max-answers).</p>`;

  const perCode = new Map<string, number>();
  let withRejections = 0;
  let abstained = 0;
  for (const line of input.lines) {
    const lineCodes = new Set(line.verification.rejected.map((claim) => claim.code));
    for (const code of lineCodes) perCode.set(code, (perCode.get(code) ?? 0) + 1);
    if (lineCodes.size > 0) withRejections++;
    if (line.verification.status === 'abstained') abstained++;
  }
  const filters = [
    { value: 'all', label: 'all answers', count: input.lines.length },
    { value: 'has-rejections', label: 'with rejected claims', count: withRejections },
    ...[...perCode.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([code, value]) => ({ value: code, label: code, count: value })),
    { value: 'abstained', label: 'abstained', count: abstained },
  ];
  const head = `<section aria-labelledby="summary"><h2 id="summary">Summary</h2><ul class="cards">${cards
    .map(([label, value]) => `<li><strong>${escapeHtml(value!)}</strong>${escapeHtml(label!)}</li>`)
    .join(
      '',
    )}</ul>${chart}${skipped}</section><section aria-labelledby="answers"><h2 id="answers">Answers</h2><p class="muted">Accepted claims are <mark class="claim ok">green</mark>, rejected ones <mark class="claim bad">red</mark> with their code, and one accepted without a citation (requireCitations: false) <mark class="claim uncited">grey</mark>. Each citation number opens the passage it cites, with the cited span highlighted.</p>${truncated}`;
  // One piece per answer: the page is written to its file answer by answer, never held as one string.
  function* body(): Generator<string> {
    yield head;
    for (const [index, line] of input.lines.entries()) {
      yield `${index === 0 ? '' : '\n'}${renderAnswer(line, index, new Set(line.verification.rejected.map((claim) => claim.code)))}`;
    }
    yield '</section>';
  }
  return {
    title: `Verification report: ${input.name}`,
    subtitle: `${count(summary.answers)} answers verified by gk verify · claim acceptance ${percent(summary.claimAcceptance)}`,
    body: body(),
    filters,
  };
}

function renderAnswer(line: VerifiedLine, index: number, codes: ReadonlySet<string>): string {
  const { verification } = line;
  const prefix = `a${index}`;
  const filterCodes = [
    ...codes,
    codes.size > 0 ? 'has-rejections' : '',
    verification.status === 'abstained' ? 'abstained' : '',
  ].filter(Boolean);
  const sources = renderSources(line, prefix);
  const title = line.id === null ? `line ${line.line}` : `${String(line.id)}`;
  const text =
    line.answer === undefined
      ? renderClaimList(line, prefix, sources.spanIds)
      : renderAnswerText(line.answer, line, prefix, sources.spanIds);
  const rejected =
    verification.rejected.length === 0
      ? ''
      : `<ul class="rejections" aria-label="Rejected claims">${verification.rejected
          .map((claim) => `<li>${codeBadge(claim.code)} ${isolate(claim.message)}</li>`)
          .join('')}</ul>`;
  const abstained =
    (verification.status === 'abstained'
      ? '<p class="muted">Abstained: the answer cites nothing, so nothing was checked.</p>'
      : '') + (line.passages === undefined ? UNCHECKED_NOTE : '');
  return `<article class="item" id="${prefix}" tabindex="-1" data-codes="${escapeHtml(filterCodes.join(' '))}" aria-labelledby="${prefix}-title"><h3 id="${prefix}-title">${isolate(title)} <span class="muted">line ${escapeHtml(line.line)}</span><span class="status status-${escapeHtml(verification.status)}">${escapeHtml(verification.status)}</span></h3>${abstained}${text}${rejected}${sources.html}</article>`;
}

interface Segment {
  start: number;
  end: number;
  html: string;
  /** `accepted` or the rejection code, for a segment listed apart. */
  label: string;
}

function renderAnswerText(
  answer: string,
  line: VerifiedLine,
  prefix: string,
  spanIds: ReadonlyMap<string, string>,
): string {
  const segments: Segment[] = [];
  // A merged duplicate (`duplicates`) is drawn as the claim it joined, whose verdict covers it too, when its words are
  // that claim's: the file says it repeats the claim, and the page shows that only where it can see so.
  for (const claim of line.verification.claims) {
    const draw = acceptedDrawer(claim.citations, prefix, spanIds);
    const own = answer.slice(claim.span.start, claim.span.end);
    segments.push({ ...claim.span, html: draw(own), label: 'accepted' });
    const repeated = repeatOf(own);
    for (const span of claim.duplicates ?? []) {
      const text = answer.slice(span.start, span.end);
      segments.push({
        ...span,
        html: repeated(text) ? draw(text) : notRepeat(text, 'accepted'),
        label: 'accepted',
      });
    }
  }
  for (const claim of line.verification.rejected) {
    const own = answer.slice(claim.span.start, claim.span.end);
    segments.push({ ...claim.span, html: rejectedMark(own, claim.code), label: claim.code });
    const repeated = repeatOf(own);
    for (const span of claim.duplicates ?? []) {
      const text = answer.slice(span.start, span.end);
      segments.push({
        ...span,
        html: repeated(text) ? rejectedMark(text, claim.code) : notRepeat(text, 'rejected'),
        label: claim.code,
      });
    }
  }
  segments.sort((a, b) => a.start - b.start);
  let html = '';
  let position = 0;
  const unplaced: string[] = [];
  for (const segment of segments) {
    // Spans come from a file (checkVerifiedLine refuses these, renderReportPage's callers may not have run it): a
    // span that overlaps another, runs backwards or lies outside the answer is listed apart, never dropped.
    if (segment.start < position || segment.end > answer.length || segment.end < segment.start) {
      // Plain text, never a green mark: the line contradicts itself, so nothing in it reads as checked.
      unplaced.push(
        `<li>${codeBadge(segment.label)} ${isolate(answer.slice(segment.start, segment.end))} <span class="muted">(span ${escapeHtml(segment.start)}–${escapeHtml(segment.end)})</span></li>`,
      );
      continue;
    }
    html += gap(answer.slice(position, segment.start)) + bdi(segment.html);
    position = segment.end;
  }
  html += gap(answer.slice(position));
  return `<p class="answer">${html}</p>${
    unplaced.length === 0
      ? ''
      : `<p class="bad-text">Not placed in the answer: these spans overlap another claim or lie outside the answer, so the line contradicts itself.</p><ul class="rejections">${unplaced.join('')}</ul>`
  }`;
}

/** Answer text between claims, isolated like them, so every piece of the answer is an isolate. */
const gap = (text: string): string => (text === '' ? '' : isolate(text));

/**
 * What a merged duplicate's words must be to be drawn as its claim: the claim's, markers (and the spaces before them)
 * aside, with each run of white space read as one space. The verifier merges a unit whose words match once
 * normalized (white space folded so too, and case, look-alike quotes and dashes, NFKD, invisible characters); the
 * page repeats only the white space, which the verifier folds alike, so a repeat that differs otherwise is shown as
 * text, never as checked, and neither is a span a file calls a repeat that is not one. Each text is read once:
 * linear in the claim and its duplicates.
 */
function repeatOf(claim: string): (text: string) => boolean {
  let words: string | undefined;
  return (text) => {
    words ??= withoutMarkers(claim);
    return withoutMarkers(text) === words;
  };
}

/**
 * The white space the verifier's comparison reads as one space (`normalizeForComparison` in @gk/citations): ASCII
 * tab to carriage return, the space, NEL and the Unicode spaces and separators. Not U+FEFF, which `\s` holds but the
 * verifier drops: read as a space, `a\ufeffb` would repeat `a b`, which the verifier keeps apart from its `ab`.
 */
const WHITE_SPACE = /[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;

function withoutMarkers(text: string): string {
  let out = '';
  let position = 0;
  for (const marker of parseMarkers(text)) {
    out += text.slice(position, marker.start).trimEnd();
    position = marker.end;
  }
  return (out + text.slice(position)).replace(WHITE_SPACE, ' ').trim();
}

/** A span the file merges into a claim whose words it does not repeat: plain text, with a note, never a verdict. */
const notRepeat = (text: string, verdict: 'accepted' | 'rejected'): string =>
  `${escapeHtml(text)}<span class="muted"> (merged into an ${verdict} claim by the file, but not its words: not shown as checked)</span>`;

/**
 * How an accepted claim (and each repeat of it) is drawn: green with its citations, or, when it cites nothing (only
 * `requireCitations: false` accepts such a claim), grey and marked as uncited, since nothing about it was checked.
 * The citations are indexed once per claim, not once per repeat: a claim of k citations repeated d times cost k × d.
 */
function acceptedDrawer(
  citations: readonly Citation[],
  prefix: string,
  spanIds: ReadonlyMap<string, string>,
): (text: string) => string {
  if (citations.length === 0)
    return (text) =>
      `<mark class="claim uncited">${escapeHtml(text)}</mark><span class="muted"> (no citation: accepted unchecked)</span>`;
  const bySource = new Map(citations.map((citation) => [citation.source, citation]));
  return (text) => `<mark class="claim ok">${renderClaimText(text, bySource, prefix, spanIds)}</mark>`;
}

// Without the answer a merged duplicate's own text is unknown (it matched after normalizing), so it is counted.
const repeats = (duplicates: readonly unknown[] | undefined): string =>
  duplicates === undefined || duplicates.length === 0
    ? ''
    : `<span class="muted"> (and ${duplicates.length} identical ${duplicates.length === 1 ? 'claim' : 'claims'} later, merged into this one)</span>`;

function renderClaimList(line: VerifiedLine, prefix: string, spanIds: ReadonlyMap<string, string>): string {
  const items = [
    ...line.verification.claims.map((claim) => ({
      start: claim.span.start,
      html: acceptedDrawer(claim.citations, prefix, spanIds)(claim.text) + repeats(claim.duplicates),
    })),
    ...line.verification.rejected.map((claim) => ({
      start: claim.span.start,
      html: rejectedMark(claim.text, claim.code) + repeats(claim.duplicates),
    })),
  ].sort((a, b) => a.start - b.start);
  if (items.length === 0) return '';
  return `<p class="answer">${items.map((item) => bdi(item.html)).join(' ')}</p><p class="muted">The answer text is not in this file; claims are shown in order (gk verify --with-input keeps it).</p>`;
}

/** Claim text with each cited number turned into a button that opens its passage. */
function renderClaimText(
  text: string,
  bySource: ReadonlyMap<number, Citation>,
  prefix: string,
  spanIds: ReadonlyMap<string, string>,
): string {
  let html = '';
  let position = 0;
  for (const marker of parseMarkers(text)) {
    html += escapeHtml(text.slice(position, marker.start));
    const buttons = marker.numbers.map((number) => {
      const citation = bySource.get(number);
      if (citation === undefined) return escapeHtml(number);
      const spanId = spanIds.get(citationKey(citation));
      return `<button type="button" class="cite" aria-controls="${prefix}-s${number}"${spanId === undefined ? '' : ` data-span="${spanId}"`} aria-label="open source ${number}">${number}</button>`;
    });
    html += `[${buttons.join(', ')}]`;
    position = marker.end;
  }
  return html + escapeHtml(text.slice(position));
}

function citationKey(citation: Citation): string {
  return `${citation.source}:${citation.start}:${citation.end}`;
}

/** One collapsible passage per cited source, with every span cited from it highlighted. */
function renderSources(line: VerifiedLine, prefix: string): { html: string; spanIds: Map<string, string> } {
  const spanIds = new Map<string, string>();
  const bySource = new Map<number, Citation[]>();
  // One set of keys for the line, not a scan of the source's list per citation: a line may cite one source
  // thousands of times, and the key holds the source.
  const seen = new Set<string>();
  const add = (citation: Citation): void => {
    const key = citationKey(citation);
    if (seen.has(key)) return;
    seen.add(key);
    const list = bySource.get(citation.source);
    if (list === undefined) bySource.set(citation.source, [citation]);
    else list.push(citation);
  };
  for (const citation of line.verification.citations) add(citation);
  for (const claim of line.verification.claims) for (const citation of claim.citations) add(citation);
  if (bySource.size === 0) return { html: '', spanIds };
  const panels = [...bySource.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([source, citations]) => {
      // Escaped although the input's schema makes it a number: the page never writes a field as it is.
      const id = `${prefix}-s${escapeHtml(source)}`;
      const passage = line.passages?.[source - 1];
      const first = citations[0]!;
      const heading = `[${escapeHtml(source)}] ${isolate(first.documentId)}${first.chunkId !== first.documentId ? ` · ${isolate(first.chunkId)}` : ''}${passage?.title === undefined ? '' : ` · ${isolate(passage.title)}`}`;
      let body: string;
      if (passage !== undefined) {
        const marks = citations
          .map((citation) => ({
            citation,
            start: citation.start - passage.start,
            end: citation.end - passage.start,
          }))
          .filter(
            (mark) =>
              mark.start >= 0 &&
              mark.end <= passage.text.length &&
              mark.start < mark.end &&
              passage.text.slice(mark.start, mark.end) === mark.citation.text,
          );
        const html = highlight(passage.text, marks, id, (mark, dataSpan) =>
          spanIds.set(citationKey(mark.citation), dataSpan),
        );
        body = `<div class="passage-text">${html}</div><p class="muted">document offsets ${escapeHtml(passage.start)}–${escapeHtml(passage.end)}${passage.uri === undefined ? '' : ` · ${isolate(passage.uri)}`}</p>`;
      } else {
        body = citations
          .map((citation, k) => {
            spanIds.set(citationKey(citation), `${id}-h${k}`);
            return `<div class="passage-text"><mark class="cited" id="${id}-h${k}">${escapeHtml(citation.text)}</mark></div><p class="muted">cited span, document offsets ${escapeHtml(citation.start)}–${escapeHtml(citation.end)}</p>`;
          })
          .join('');
      }
      return `<details class="passage" id="${id}"><summary>${heading}</summary>${body}</details>`;
    });
  return {
    html: `<div class="sources"><h4 class="visually-hidden">Sources</h4>${panels.join('')}</div>`,
    spanIds,
  };
}

interface Highlight {
  start: number;
  end: number;
}

/**
 * Text with every span highlighted, however the spans overlap: the text is cut at every span's start and end into
 * pieces, each piece some span covers is a flat `<mark class="cited">` with an id of its own (`overlap` when two or
 * more spans cover it), and a span is the run of pieces from its first to its last. `owner` learns each span's
 * `data-span`: the ids of its first and last piece (one id when it is one piece), which the page's script highlights
 * with every piece between them. A span nested in another or crossing its edge thus highlights exactly its own text.
 * At most two pieces per span, plus one, each with a tag of constant size: linear in the text and the spans.
 */
function highlight<T extends Highlight>(
  text: string,
  spans: readonly T[],
  prefix: string,
  owner: (span: T, dataSpan: string) => void,
): string {
  // How many spans start (+1) and end (-1) at each edge, in order.
  const change = new Map<number, number>();
  for (const span of spans) {
    change.set(span.start, (change.get(span.start) ?? 0) + 1);
    change.set(span.end, (change.get(span.end) ?? 0) - 1);
  }
  const edges = [...change.keys()].sort((a, b) => a - b);
  const piece = new Map<number, number>(edges.map((edge, index) => [edge, index]));
  let html = escapeHtml(text.slice(0, edges[0] ?? text.length));
  let depth = 0;
  for (let index = 0; index < edges.length; index++) {
    const edge = edges[index]!;
    depth += change.get(edge)!;
    const next = edges[index + 1] ?? text.length;
    const part = escapeHtml(text.slice(edge, next));
    if (depth === 0) html += part;
    else html += `<mark class="cited${depth > 1 ? ' overlap' : ''}" id="${prefix}-h${index}">${part}</mark>`;
  }
  for (const span of spans) {
    const first = piece.get(span.start)!;
    // The piece that ends at the span's end is the one before the edge there.
    const last = piece.get(span.end)! - 1;
    owner(span, first === last ? `${prefix}-h${first}` : `${prefix}-h${first} ${prefix}-h${last}`);
  }
  return html;
}
