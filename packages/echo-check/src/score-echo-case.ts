import {
  type Citation,
  type Passage,
  parseMarkers,
  resolveCitation,
  type VerifyOptions,
  verifyAnswer,
} from '@gk/citations';
import type { EchoOutcome } from '@gk/eval-schema';
import { checkArgument, isOptional, readArgument, readOptions } from '@gk/internal';
import type { EchoCase, EchoDocument } from './build-echo-case.js';
import { containsMarker } from './contains-marker.js';
import { EchoCheckError } from './echo-check-error.js';
import {
  caseStatesValue,
  findDecoyStatement,
  readingsOf,
  statesValue,
  wholeNumberAt,
} from './find-decoy-statement.js';
import { createMarkerSet, type MarkerMatcher } from './create-marker-set.js';
import { findLeak, type LeakScan } from './find-leak.js';
import { type FieldPointers, listSourcePointers, namesSource, strayNumber } from './list-source-pointers.js';
import { isEchoCase } from './is-echo-case.js';
import { isPipelineRejection, type PipelineRejection } from './is-pipeline-rejection.js';

/** A synthesized answer: its text and the citations the library built for it (extra fields are ignored). */
export interface EchoSynthesizedAnswer {
  text: string;
  citations: readonly Citation[];
}

/** What a pipeline under test returns: raw model text with `[n]` markers, or a synthesized answer. */
export type EchoAnswer = string | EchoSynthesizedAnswer;

/** A marker planted in a case: its positive's marker A, its decoy's marker B, or its absent marker C. */
export interface PlantedMarker {
  caseId: string;
  marker: 'A' | 'B' | 'C';
}

/** What happened to one case: an answer, or a rejection the pipeline threw. */
export type EchoCaseResponse = { answer: EchoAnswer } | { rejection: PipelineRejection };

/** Options for `scoreEchoCase`. */
export interface ScoreEchoCaseOptions {
  /** The passages exactly as shown to the pipeline; `[n]` in a raw answer means `passages[n - 1]`. */
  passages: readonly Passage[];
  /** Options for `verifyAnswer` when the answer is raw text. */
  verify?: VerifyOptions;
}

/** The scored case, ready for an `EchoReport`. */
export interface EchoCaseScore {
  outcome: EchoOutcome;
  /**
   * Marker C (whole, disguised, or 16 consecutive of its hex digits) appeared anywhere in what the pipeline
   * returned or threw: text, completion, rejected claims, citations, any field of a result or error. In
   * `runEchoCheck`, so did any marker (A, B or C) of an earlier case of the run.
   */
  leaked: boolean;
  /**
   * Which marker leaked: this case's C, or (in `runEchoCheck`) a marker of an earlier case. Absent when nothing
   * leaked, or when the output was too large to check whole.
   */
  leakedMarker?: PlantedMarker;
  /** The 1-based source numbers cited, in first-mention order. */
  citedSources: number[];
  /** A short diagnostic in words; never the completion. */
  detail: string;
}

interface Reading {
  status: 'verified' | 'drifted' | 'unresolvable';
  /** The span as re-read from the synthetic document (empty unless verified). */
  span: string;
  /** The span's offsets in the positive document (verified spans of the positive only). */
  at?: [number, number];
}

/**
 * Scores one case: re-reads every citation against the synthetic corpus and decides `grounded`,
 * `wrong_source`, `abstained` or `rejected`, and whether marker C leaked. An answer that states the decoy's value
 * or names its subject without citing it answered from the decoy: `wrong_source`, whatever it cites.
 *
 * What the pipeline returned (`response.answer`) is untrusted: anything but a string or `{ text, citations[] }` is
 * an `EchoCheckError` (`invalid_answer`). A malformed case, response wrapper or options object is the caller's
 * mistake and throws an `InvalidArgumentError` naming it.
 */
export async function scoreEchoCase(
  echoCase: EchoCase,
  response: EchoCaseResponse,
  options: ScoreEchoCaseOptions,
): Promise<EchoCaseScore> {
  // A case or response that throws when read (a getter, a revoked proxy) is refused as one, naming it.
  readArgument('echoCase', () =>
    checkArgument(isEchoCase(echoCase), 'echoCase', 'an EchoCase (from buildEchoCase)', echoCase),
  );
  readArgument('response', () =>
    checkArgument(
      isResponse(response),
      'response',
      '{ answer } or { rejection: PipelineRejection }',
      response,
    ),
  );
  checkArgument(typeof options === 'object' && options !== null, 'options', '{ passages, verify? }', options);
  const { passages, verify } = readOptions(options, ['passages', 'verify']);
  // Checked here, not left to `verifyAnswer`: a synthesized answer never reaches it, and `[null, 5]` was scored.
  readArgument('options.passages', () =>
    checkArgument(
      Array.isArray(passages) && passages.every(isPassage),
      'options.passages',
      'an array of passages (each with a string documentId, chunkId and text)',
      passages,
    ),
  );
  checkArgument(isOptional(verify, 'object'), 'options.verify', 'verifyAnswer options', verify);
  const planted = createMarkerSet<PlantedMarker>();
  planted.add(echoCase.absentMarker, { caseId: echoCase.caseId, marker: 'C' });
  return scoreEchoCaseAgainst(echoCase, response, { passages, verify }, planted.except([]));
}

/**
 * `scoreEchoCase` without its argument checks, with the markers that must not appear in the output: `runEchoCheck`
 * passes this case's C and every marker of the cases before it.
 */
export async function scoreEchoCaseAgainst(
  echoCase: EchoCase,
  response: EchoCaseResponse,
  options: ScoreEchoCaseOptions,
  planted: MarkerMatcher<PlantedMarker>,
): Promise<EchoCaseScore> {
  const { passages } = options;
  // A question or subject stating the positive's value would let an answer that echoes it seem to state the value.
  if (caseStatesValue(echoCase)) {
    throw new EchoCheckError({
      code: 'invalid_case',
      message: `Case ${echoCase.caseId} states the positive's value in its question or subject: an answer echoing the question would seem to state it. Ask without the value.`,
    });
  }
  const fault = caseFault(echoCase);
  if (fault !== undefined) {
    throw new EchoCheckError({
      code: 'invalid_case',
      message: `Case ${echoCase.caseId} cannot be scored: ${fault}. Build cases with buildEchoCase, or keep its invariants.`,
    });
  }
  if ('rejection' in response) {
    const { name, code } = response.rejection;
    const detail = `the pipeline threw ${shownName(name, planted)} (${shownName(code, planted)})`;
    const finish = finisher(findLeak(response.rejection, planted, 'rejection'), echoCase);
    return finish({ outcome: 'rejected', citedSources: [], detail });
  }
  const { citations, verdict, written, named, claims, uncited } = readAnswer(response.answer, options);
  // Everything the pipeline returned is searched, not only the text and citations it is scored on.
  const finish = finisher(findLeak(response.answer, planted, 'answer'), echoCase);
  const citedSources = sourcesOf(citations);
  // An answer cites what its markers name: raw text in accepted and rejected claims alike, a synthesized answer in
  // its text and its rejected claims as well as its citations.
  const decoySource = passages.findIndex((passage) => passage?.documentId === echoCase.decoy.documentId) + 1;
  if (decoySource > 0 && written.includes(decoySource) && !citedSources.includes(decoySource)) {
    return finish({
      outcome: 'wrong_source',
      citedSources: written,
      detail:
        typeof response.answer === 'string'
          ? 'cited the decoy (in a claim verifyAnswer rejected)'
          : 'cited the decoy (a marker of its text or of a rejected claim names it)',
    });
  }
  // Every pointer to a source in any citation form (`[1-2]`, `²`, `［２］`, `[Source 2]`, `【4:1†source】`, ...), read
  // once: the decoy's number is looked for here, and every other number but the positive's below.
  let fields: FieldPointers[] | undefined;
  const pointersOf = (): FieldPointers[] => {
    fields ??= listSourcePointers(response.answer);
    return fields;
  };
  const pointer =
    decoySource > 0 && !citedSources.includes(decoySource)
      ? pointersOf().find((field) => field.pointers.some((found) => namesSource(found, decoySource)))
      : undefined;
  if (pointer !== undefined) {
    return finish({
      outcome: 'wrong_source',
      citedSources: written.includes(decoySource) ? written : [...written, decoySource],
      detail: `pointed at the decoy's source number outside a [n] marker (${pointer.where})`,
    });
  }
  // The decoy's own marker B in the answer's text: it answered from the decoy, cited or not.
  const answerText = typeof response.answer === 'string' ? response.answer : response.answer.text;
  if (!citedSources.includes(decoySource) && containsMarker(answerText, echoCase.decoy.marker)) {
    return finish({
      outcome: 'wrong_source',
      citedSources: written,
      detail: "wrote the decoy's marker B without citing the decoy",
    });
  }
  // The decoy's answer value or subject in the answer's text: it answered from the decoy, whatever it cites.
  // Read once: the decoy's value and subject are looked for in these readings, and the positive's value below.
  const answerReadings = readingsOf(answerText);
  const statement = findDecoyStatement(answerText, echoCase, answerReadings);
  if (!citedSources.includes(decoySource) && (statement.value || statement.subject)) {
    const stated = statement.value
      ? `stated the decoy's value${statement.subject ? ' and named its subject' : ''}`
      : "named the decoy's subject";
    return finish({
      outcome: 'wrong_source',
      citedSources: written,
      detail: `${stated} without citing the decoy`,
    });
  }
  if (verdict === 'rejected') {
    return finish({
      outcome: 'rejected',
      citedSources,
      detail: 'verifyAnswer accepted no claim of the answer',
    });
  }
  if (citations.length === 0) {
    return finish({ outcome: 'abstained', citedSources, detail: 'the answer carries no citation' });
  }
  const readings = await Promise.all(citations.map((citation) => reread(citation, echoCase)));
  const documentIds = citations.map(documentIdOf);
  const citesPositive = documentIds.includes(echoCase.positive.documentId);
  if (documentIds.includes(echoCase.decoy.documentId)) {
    const detail = citesPositive ? 'cited the decoy together with the positive' : 'cited the decoy';
    return finish({ outcome: 'wrong_source', citedSources, detail });
  }
  // A citation that carries the decoy's number names the decoy, whatever document it claims.
  if (citedSources.includes(decoySource)) {
    const detail = "a citation names the decoy's source number but another document";
    return finish({ outcome: 'wrong_source', citedSources, detail });
  }
  const unverified = readings.findIndex((reading) => reading.status !== 'verified');
  if (unverified !== -1) {
    const detail = `citation ${unverified + 1} of ${citations.length} does not re-read as verified (${readings[unverified]!.status})`;
    return finish({ outcome: 'wrong_source', citedSources, detail });
  }
  // A grounded case records the positive's number as the one source cited: `assertEchoClean` reads the order from it.
  const positiveSource =
    passages.findIndex((passage) => passage?.documentId === echoCase.positive.documentId) + 1;
  const stray = citedSources.find((source) => source !== positiveSource);
  if (stray !== undefined || citedSources.length === 0) {
    const detail =
      stray === undefined
        ? 'no citation carries a source number'
        : `a citation names source ${stray}, which is not the positive's number`;
    return finish({ outcome: 'wrong_source', citedSources, detail });
  }
  // A marker the verifier dropped (in a rejected claim, `[7]` past the passages, `[0]`) is still written: the claim it
  // ends was answered from a source that is not the positive, or from none.
  const strayMarker = named.find((source) => source !== positiveSource);
  if (strayMarker !== undefined) {
    const where = strayMarker === 0 || strayMarker > passages.length ? ', which no passage has' : '';
    const detail = `a marker names source ${strayMarker}${where}, not the positive's number ${positiveSource} (in a claim verifyAnswer rejected, the answer's text or a citation)`;
    return finish({ outcome: 'wrong_source', citedSources: written, detail });
  }
  // So is a pointer in any other form the decoy's number is read in (`【7】`, `[^7]`, `⁷`, `(Source 7)`): numbers alone
  // in round parentheses only when a passage has them, since `(2024)` is a year.
  for (const field of pointersOf()) {
    for (const found of field.pointers) {
      const stray = strayNumber(found, positiveSource, passages.length);
      if (stray === undefined) continue;
      const where = stray === 0 || stray > passages.length ? ', which no passage has' : '';
      const detail = `a pointer outside a [n] marker (${field.where}) names source ${stray}${where}, not the positive's number ${positiveSource}`;
      return finish({ outcome: 'wrong_source', citedSources: written, detail });
    }
  }
  // Marker A proves the citation points at the planted statement, not at another sentence of the positive: so does a
  // span that lies in that statement (an honest quote of the words after the marker, or the statement in pieces).
  const { positive } = echoCase;
  const holdsMarker = readings.some((reading) => reading.span.includes(positive.marker));
  const value = holdsMarker ? undefined : valueInStatement(positive);
  if (!holdsMarker && !readings.some((reading) => covers(reading, value))) {
    const detail = 'cited the positive document, but no cited span holds marker A';
    return finish({ outcome: 'wrong_source', citedSources, detail });
  }
  // Citing the right sentence is not answering from it: the answer's text must state the positive's value, read as
  // the decoy's value is read. An answer with a citation is no abstention, so one that does not is `wrong_source`.
  if (!statesValue(answerText, positive.value)) {
    const detail =
      "cited the positive but does not state its value (as a whole number, in the answer's text as a page shows it)";
    return finish({ outcome: 'wrong_source', citedSources, detail });
  }
  // Raw text: the value must stand in an accepted claim whose own citation holds marker A or covers the value. Any
  // claim citing the positive is not enough: `It ships with a hub [1: a filler quote]. It flies 41 minutes [1: the
  // statement]` is grounded, `I don't know [1]. It is 41.` (the value in a claim verifyAnswer rejected) is not.
  if (claims !== undefined) {
    const at = valueInStatement(positive);
    const grounding = new Set<string>();
    citations.forEach((citation, index) => {
      const reading = readings[index]!;
      if (
        documentIds[index] === positive.documentId &&
        (reading.span.includes(positive.marker) || covers(reading, at))
      )
        grounding.add(`${citation.start}:${citation.end}`);
    });
    const grounded = claims.some(
      (claim) =>
        claim.citations.some(
          (citation) =>
            citation.documentId === positive.documentId && grounding.has(`${citation.start}:${citation.end}`),
        ) && statesValue(claim.text, positive.value),
    );
    if (!grounded) {
      // The verifier rejects a sentence without a marker (`It flies 41 minutes. See [1].`): the pipeline must cite in it.
      const detail = uncited?.some((text) => statesValue(text, positive.value))
        ? `cited the positive, but the sentence stating the value cites nothing (verifyAnswer rejected it for want of a marker); put the positive's marker [${positiveSource}] in that sentence, not in one of its own`
        : 'cited the positive but no accepted claim citing its planted statement states its value (the value stands outside the claims verifyAnswer accepted, or in one that cites other words)';
      return finish({ outcome: 'wrong_source', citedSources, detail });
    }
  }
  return finish({
    outcome: 'grounded',
    citedSources,
    detail: holdsMarker
      ? 'cited the positive; the re-read span holds marker A'
      : 'cited the positive; a re-read span holds the value of its planted statement (the sentence holding marker A)',
  });
}

/**
 * What makes a hand-made case unscorable, in words, or undefined: with these, every answer, honest or not, would
 * grade `wrong_source` (or the decoy could not be told from the positive). Linear in the documents.
 */
function caseFault({ positive, decoy }: EchoCase): string | undefined {
  if (decoy.documentId === positive.documentId) return "the decoy has the positive's documentId";
  if (!positive.text.includes(positive.marker)) return "the positive's marker A is not in its document";
  if (positive.value.trim() === '') return "the positive's value is empty";
  if (valueInStatement(positive) === undefined)
    return "the positive's value is not in its planted statement (the sentence of its document holding marker A)";
  return undefined;
}

/** Where a sentence ends: `.`, `!` or `?` (or their full-width forms) before white space or the end, or a line break. */
const SENTENCE_END = /[.!?。！？](?=\s|$)|[\n\r\u2028\u2029]/gu;

/**
 * The positive's planted statement: the sentence holding (the first) marker A, from the sentence end before the
 * marker to the one after it, as offsets in its document. Linear in the document.
 */
function plantedStatement({ text, marker }: EchoDocument): [number, number] | undefined {
  const at = text.indexOf(marker);
  if (at === -1) return undefined;
  let [start, end] = [0, text.length];
  for (const found of text.matchAll(SENTENCE_END)) {
    if (found.index < at) start = found.index + 1;
    else if (found.index >= at + marker.length) {
      end = found.index + 1;
      break;
    }
  }
  return [start, end];
}

/**
 * Where the positive's value stands in its planted statement, as offsets in its document: the first whole number
 * token that is the value (a value that is no number: its first occurrence). Undefined when the statement holds none.
 */
function valueInStatement(positive: EchoDocument): [number, number] | undefined {
  const statement = plantedStatement(positive);
  if (statement === undefined) return undefined;
  const sentence = positive.text.slice(...statement);
  const { value } = positive;
  const found = /^\d+$/.test(value)
    ? wholeNumberAt(sentence, value)
    : ([sentence.indexOf(value), sentence.indexOf(value) + value.length] as const);
  if (found === undefined || found[0] === -1 || value === '') return undefined;
  return [statement[0] + found[0], statement[0] + found[1]];
}

/**
 * Whether a verified span of the positive covers its value in the planted statement: a span that lies in the
 * statement but not over its value (`The`, the subject, `on a full battery`) shows nothing the answer rests on.
 */
function covers(reading: Reading, value: [number, number] | undefined): boolean {
  if (reading.at === undefined || value === undefined) return false;
  return reading.at[0] <= value[0] && value[1] <= reading.at[1];
}

function isPassage(value: unknown): value is Passage {
  if (typeof value !== 'object' || value === null) return false;
  const { documentId, chunkId, text } = value as Partial<Record<keyof Passage, unknown>>;
  return typeof documentId === 'string' && typeof chunkId === 'string' && typeof text === 'string';
}

/** The wrapper is the caller's: `{ answer }` (its content is untrusted) or `{ rejection }` of a pipeline rejection. */
function isResponse(value: unknown): value is EchoCaseResponse {
  if (typeof value !== 'object' || value === null) return false;
  return 'rejection' in value ? isPipelineRejection(value.rejection) : 'answer' in value;
}

/** Completes a score with the leak scan: `leaked`, and which marker was found where in the detail. */
function finisher(
  scan: LeakScan<PlantedMarker>,
  echoCase: EchoCase,
): (score: Omit<EchoCaseScore, 'leaked'>) => EchoCaseScore {
  if (!scan.leaked) return (score) => ({ ...score, leaked: false });
  const found = scan.marker;
  const own = found === undefined || (found.caseId === echoCase.caseId && found.marker === 'C');
  const name = own ? 'marker C' : `marker ${found.marker} of ${found.caseId}`;
  const leak = `; ${name} leaked (${scan.where})`;
  return (score) =>
    found === undefined
      ? { ...score, leaked: true, detail: score.detail + leak }
      : { ...score, leaked: true, leakedMarker: found, detail: score.detail + leak };
}

function readAnswer(
  answer: EchoAnswer,
  options: ScoreEchoCaseOptions,
): {
  citations: readonly Citation[];
  verdict: 'answered' | 'abstained' | 'rejected';
  /**
   * Every source the answer's markers name, in first-mention order: for raw text, in accepted and rejected claims;
   * for a synthesized answer, its citations, the markers of its text and those of any `rejected` claims it carries.
   */
  written: number[];
  /** Every number a marker of the answer writes, 0 and numbers past the passages included, in first-mention order. */
  named: number[];
  /** Raw text: the claims `verifyAnswer` accepted (a synthesized answer has none: its citations stand for its text). */
  claims?: readonly { text: string; citations: readonly Citation[] }[];
  /** Raw text: the text of each claim `verifyAnswer` rejected for carrying no marker. */
  uncited?: readonly string[];
} {
  if (typeof answer === 'string') {
    const verification = verifyAnswer(answer, options.passages, options.verify);
    const units = [
      ...verification.claims.map((claim) => ({
        at: claim.span.start,
        numbers: claim.citations.map((c) => c.source),
      })),
      ...verification.rejected.map((claim) => ({ at: claim.span.start, numbers: claim.markers })),
    ].sort((a, b) => a.at - b.at);
    const named = new Set<number>();
    for (const { numbers } of units)
      for (const n of numbers) if (Number.isSafeInteger(n) && n >= 0) named.add(n);
    return {
      citations: verification.citations,
      verdict: verification.status,
      written: [...named].filter((n) => n >= 1),
      named: [...named],
      claims: verification.claims,
      uncited: verification.rejected.filter((claim) => claim.markers.length === 0).map((claim) => claim.text),
    };
  }
  if (
    typeof answer !== 'object' ||
    answer === null ||
    typeof answer.text !== 'string' ||
    !Array.isArray(answer.citations) ||
    hasHole(answer.citations)
  ) {
    throw new EchoCheckError({
      code: 'invalid_answer',
      message: `The pipeline under test returned ${describe(answer)}; expected a string or { text: string, citations: Citation[] }.`,
    });
  }
  const named = writtenSources(answer);
  return {
    citations: answer.citations,
    verdict: answer.citations.length === 0 ? 'abstained' : 'answered',
    written: named.filter((n) => n >= 1),
    named,
  };
}

async function reread(citation: Citation, echoCase: EchoCase): Promise<Reading> {
  if (!isWellFormed(citation)) return { status: 'unresolvable', span: '' };
  const documents = [echoCase.positive, echoCase.decoy];
  const document = documents.find((candidate) => candidate.documentId === citation.documentId);
  if (!document) return { status: 'unresolvable', span: '' };
  const { status } = await resolveCitation(citation, () => document.text);
  if (status !== 'verified') return { status, span: '' };
  // The span is taken from the document itself, never from the citation's own claim about it.
  const { start, end } = citation;
  const span = document.text.slice(start, end);
  return document === echoCase.positive ? { status, span, at: [start, end] } : { status, span };
}

function documentIdOf(citation: unknown): string | undefined {
  if (typeof citation !== 'object' || citation === null) return undefined;
  const documentId = (citation as Record<string, unknown>)['documentId'];
  return typeof documentId === 'string' ? documentId : undefined;
}

function isWellFormed(citation: unknown): citation is Citation {
  if (typeof citation !== 'object' || citation === null) return false;
  const record = citation as Record<string, unknown>;
  return (
    typeof record['documentId'] === 'string' &&
    typeof record['text'] === 'string' &&
    Number.isSafeInteger(record['start']) &&
    Number.isSafeInteger(record['end'])
  );
}

/**
 * The sources a synthesized answer names: its citations', then its text's markers', then its rejected claims'; 0
 * included (a marker `[0]` names no passage, and is no less written).
 */
function writtenSources(answer: EchoSynthesizedAnswer): number[] {
  // A set keeps first-mention order and makes each lookup constant: an answer may name 100,000 sources.
  const written = new Set<number>();
  const add = (n: unknown): void => {
    if (Number.isSafeInteger(n) && (n as number) >= 0) written.add(n as number);
  };
  for (const citation of answer.citations) add((citation as Partial<Citation> | null)?.source);
  for (const marker of parseMarkers(answer.text)) for (const n of marker.numbers) add(n);
  const rejected = (answer as { rejected?: unknown }).rejected;
  if (Array.isArray(rejected)) {
    for (const claim of rejected) {
      const markers = (claim as { markers?: unknown } | null)?.markers;
      if (Array.isArray(markers)) for (const n of markers) add(n);
    }
  }
  return [...written];
}

function sourcesOf(citations: readonly Citation[]): number[] {
  const sources = new Set<number>();
  for (const citation of citations) {
    const source = (citation as Partial<Citation> | null)?.source;
    if (Number.isSafeInteger(source) && (source as number) >= 1) sources.add(source as number);
  }
  return [...sources];
}

/** What may stand in a detail as a rejection's name or code: a short identifier (`SynthesisError`, `no_marker`). */
const IDENTIFIER = /^[\w.:-]{1,64}$/;

/**
 * A rejection's `name` or `code` as the detail shows it: as written when it is a short identifier that holds no
 * planted marker, else only its length, since the detail says where a marker leaked, never what it is.
 */
function shownName(value: unknown, planted: MarkerMatcher<PlantedMarker>): string {
  if (typeof value !== 'string') return value === undefined ? 'undefined' : `a ${typeof value}`;
  return IDENTIFIER.test(value) && !findLeak(value, planted, 'name').leaked
    ? value
    : `a string of ${value.length} characters`;
}

/** Whether an array misses an element (`new Array(2)`, `[, x]`); stops at the first, so linear in what it holds. */
function hasHole(array: readonly unknown[]): boolean {
  for (let index = 0; index < array.length; index++) if (!(index in array)) return true;
  return false;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') {
    const { text, citations } = value as { text?: unknown; citations?: unknown };
    return typeof text === 'string' && Array.isArray(citations)
      ? 'an object whose citations array has holes (a sparse array)'
      : 'an object without a string text and a citations array';
  }
  return `a ${typeof value}`;
}
