import { createAnswerVerifier, type Passage, type VerifyOptions } from '@gk/citations';
import { countEchoCases, type EchoOutcome, type EchoReport, safeParseEchoReport } from '@gk/eval-schema';
import { excerpt, InvalidArgumentError, readOptions } from '@gk/internal';
import { buildEchoCase, type EchoCase } from './build-echo-case.js';
import { createMarkerSet } from './create-marker-set.js';
import { EchoCheckError } from './echo-check-error.js';
import { ECHO_TEMPLATES } from './echo-templates.js';
import { findLeak, type LeakScan } from './find-leak.js';
import { isEchoCase } from './is-echo-case.js';
import { isPipelineRejection } from './is-pipeline-rejection.js';
import { randomInt } from './random-int.js';
import {
  type EchoAnswer,
  type EchoCaseResponse,
  type EchoCaseScore,
  type PlantedMarker,
  scoreEchoCaseAgainst,
} from './score-echo-case.js';
import { snapshotAnswer, snapshotRejection } from './snapshot-output.js';

/** What the pipeline under test receives for one case. */
export interface EchoPipelineInput {
  question: string;
  /** The positive and the decoy passage, in an order that alternates across cases. */
  passages: Passage[];
}

/** The pipeline under test: question and passages in, raw text or a synthesized answer out. */
export type EchoPipeline = (input: EchoPipelineInput) => EchoAnswer | Promise<EchoAnswer>;

/** Reported after each case. */
export interface EchoProgress {
  done: number;
  total: number;
  caseId: string;
  outcome: EchoOutcome;
  leaked: boolean;
}

/** Options for `runEchoCheck`: the pipeline under test (`pipeline`, or its deprecated name `answer`) and the run. */
export type RunEchoCheckOptions = {
  /** Number of cases, 1 to 10,000 (default 5). */
  cases?: number;
  onProgress?: (progress: EchoProgress) => void;
  /** Checked before each case; an aborted run throws the signal's reason (an `AbortError` by default). */
  signal?: AbortSignal;
  /** Options for `verifyAnswer` when the pipeline returns raw text. */
  verify?: VerifyOptions;
  /** Builds case `index` (0-based); the default cycles through `ECHO_TEMPLATES` with fresh markers. */
  createCase?: (index: number) => EchoCase;
} & (
  | {
      /** The pipeline under test: question and passages in, raw text or a synthesized answer out. */
      pipeline: EchoPipeline;
      answer?: never;
    }
  | {
      /** @deprecated Renamed `pipeline` (everywhere else an answer is text); this name keeps working. */
      answer: EchoPipeline;
      pipeline?: never;
    }
);

/** The `EchoReport` artifact returned by `runEchoCheck`. */
export type RunEchoCheckResult = EchoReport;

const MAX_CASES = 10_000;
const OPTION_KEYS = ['pipeline', 'answer', 'cases', 'onProgress', 'signal', 'verify', 'createCase'];

/**
 * Runs the planted-marker echo check against a pipeline and returns a validated `EchoReport`.
 *
 * Rejections the pipeline throws (`SynthesisError` and friends) are recorded as `rejected`; any other error
 * propagates.
 *
 * Bad options, and keys that are no option, throw an `InvalidArgumentError` naming the option.
 *
 * @example
 * const report = await runEchoCheck({ pipeline: ({ question, passages }) => myPipeline(question, passages) });
 * assertEchoClean(report); // throws, listing each case that cited the decoy or leaked
 */
export async function runEchoCheck(options: RunEchoCheckOptions): Promise<RunEchoCheckResult> {
  if (typeof options !== 'object' || options === null) {
    throw new InvalidArgumentError({
      parameter: 'options',
      expected: 'an object with a pipeline function',
      received: options,
    });
  }
  // Each option read once, into a copy: a getter of the caller's that throws is refused, naming the option.
  const read = readOptions(options, OPTION_KEYS);
  const { cases = 5, onProgress, signal, verify } = read;
  const pipeline = readPipeline(read);
  if (!Number.isSafeInteger(cases) || cases < 1 || cases > MAX_CASES) {
    throw new InvalidArgumentError({
      parameter: 'options.cases',
      expected: `an integer from 1 to ${MAX_CASES}`,
      received: cases,
    });
  }
  if (signal !== undefined && typeof (signal as Partial<AbortSignal> | null)?.throwIfAborted !== 'function') {
    throw new InvalidArgumentError({
      parameter: 'options.signal',
      expected: 'an AbortSignal',
      received: signal,
    });
  }
  if (onProgress !== undefined && typeof onProgress !== 'function') {
    throw new InvalidArgumentError({
      parameter: 'options.onProgress',
      expected: 'a function',
      received: onProgress,
    });
  }
  if (read.createCase !== undefined && typeof read.createCase !== 'function') {
    throw new InvalidArgumentError({
      parameter: 'options.createCase',
      expected: 'a function',
      received: read.createCase,
    });
  }
  checkVerify(verify);
  const offset = randomInt(0, ECHO_TEMPLATES.length - 1);
  const createCase =
    read.createCase ??
    ((index: number): EchoCase =>
      buildEchoCase({
        caseId: `case-${index + 1}`,
        templateId: ECHO_TEMPLATES[(offset + index) % ECHO_TEMPLATES.length]!.id,
      }));
  const startedAt = new Date().toISOString();
  const rows: EchoReport['cases'] = [];
  // Every marker planted so far: one case's output holding another case's marker leaked across cases.
  const planted = createMarkerSet<PlantedMarker>();
  for (let index = 0; index < cases; index++) {
    signal?.throwIfAborted();
    const echoCase: unknown = createCase(index);
    if (!isEchoCase(echoCase)) {
      throw new EchoCheckError({
        code: 'invalid_case',
        message: `options.createCase(${index}) returned ${kindOf(echoCase)}, not an EchoCase: expected string caseId, templateId, question and absentMarker, and a positive and a decoy each with string documentId, text, marker, subject and value and a passage of that document; each marker holding an ASCII letter or digit after its prefix, and marker C unlike A and B.`,
      });
    }
    // Alternate the order so a pipeline that always cites [1] (or always [2]) cannot pass; `assertEchoClean` wants a
    // grounded case in each order, so declining every case of one order does not hide it either.
    const pair = [echoCase.positive.passage, echoCase.decoy.passage];
    const passages = (index % 2 === 0 ? pair : pair.reverse()).map((passage) => ({ ...passage }));
    let response: EchoCaseResponse;
    // What the pipeline returned or threw, as it did: the scorer reads a snapshot of it (each field read once, as a
    // caller reads it), and the leak search walks both.
    let output: { value: unknown; root: string } | undefined;
    try {
      // The pipeline gets its own copies: whatever it does to them, verification uses `passages`.
      const shown = passages.map((passage) => ({ ...passage }));
      const { answer } = await settle(pipeline({ question: echoCase.question, passages: shown }));
      if (typeof answer === 'object' && answer !== null) output = { value: answer, root: 'answer' };
      response = { answer: snapshotAnswer(answer) as EchoAnswer };
    } catch (error) {
      if (!isPipelineRejection(error)) throw error;
      output = { value: error, root: 'rejection' };
      response = { rejection: snapshotRejection(error) };
    }
    const { caseId, positive, decoy, absentMarker } = echoCase;
    planted.add(absentMarker, { caseId, marker: 'C' });
    // This case's own A and B were shown to the pipeline; every other planted marker counts as a leak.
    const unshown = planted.except([positive.marker, decoy.marker]);
    let score = await scoreEchoCaseAgainst(echoCase, response, { passages, verify }, unshown);
    if (!score.leaked && output !== undefined) {
      score = withLeak(score, findLeak(output.value, unshown, output.root), echoCase.caseId);
    }
    planted.add(positive.marker, { caseId, marker: 'A' });
    planted.add(decoy.marker, { caseId, marker: 'B' });
    rows.push({
      caseId: echoCase.caseId,
      outcome: score.outcome,
      leaked: score.leaked,
      question: echoCase.question,
      citedSources: score.citedSources,
      detail: `${echoCase.templateId}: ${score.detail}`,
    });
    onProgress?.({
      done: index + 1,
      total: cases,
      caseId: echoCase.caseId,
      outcome: score.outcome,
      leaked: score.leaked,
    });
  }
  const report = {
    schemaVersion: 1 as const,
    kind: 'echo' as const,
    runId: globalThis.crypto.randomUUID(),
    startedAt,
    finishedAt: new Date().toISOString(),
    cases: rows,
    counts: countEchoCases(rows),
  };
  const parsed = safeParseEchoReport(report);
  if (!parsed.success) {
    throw new EchoCheckError({
      code: 'invalid_report',
      message: `The echo report failed its schema: ${excerpt(parsed.error.message, { length: 300 })}`,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** The pipeline under test, from `pipeline` or its deprecated name `answer` (never both). */
function readPipeline(options: RunEchoCheckOptions): EchoPipeline {
  const { pipeline, answer } = options as { pipeline?: unknown; answer?: unknown };
  if (pipeline !== undefined && answer !== undefined) {
    throw new InvalidArgumentError({
      parameter: 'options.answer',
      expected: 'to be left out when options.pipeline is given (answer is the deprecated name of pipeline)',
      received: answer,
    });
  }
  const given = pipeline ?? answer;
  if (typeof given !== 'function') {
    throw new InvalidArgumentError({
      parameter: answer !== undefined ? 'options.answer' : 'options.pipeline',
      expected: 'a function ({ question, passages }) => answer',
      received: given,
    });
  }
  return given as EchoPipeline;
}

/**
 * Throws an InvalidArgumentError naming `options.verify` or the option inside it that `verifyAnswer` would refuse,
 * before any case runs: `verifyAnswer` checks its options only when a pipeline returns raw text, after the pipeline
 * ran, and names them `options.…`, as if they were `runEchoCheck`'s own.
 */
function checkVerify(verify: unknown): void {
  if (verify === undefined) return;
  if (typeof verify !== 'object' || verify === null) {
    throw new InvalidArgumentError({
      parameter: 'options.verify',
      expected: 'verifyAnswer options (an object)',
      received: verify,
    });
  }
  try {
    createAnswerVerifier([], verify as VerifyOptions);
  } catch (error) {
    if (!InvalidArgumentError.isInstance(error)) throw error;
    const parameter = error.parameter.replace(/^options\b/, 'options.verify');
    let received: unknown = verify;
    for (const key of parameter.split('.').slice(2)) received = (received as Record<string, unknown>)?.[key];
    throw new InvalidArgumentError({ parameter, expected: error.expected, received, cause: error });
  }
}

/** A score with a leak found in the value as returned: a field the scorer does not read, or a getter read again. */
function withLeak(score: EchoCaseScore, scan: LeakScan<PlantedMarker>, caseId: string): EchoCaseScore {
  if (!scan.leaked) return score;
  const found = scan.marker;
  const own = found === undefined || (found.caseId === caseId && found.marker === 'C');
  const detail = `${score.detail}; ${own ? 'marker C' : `marker ${found.marker} of ${found.caseId}`} leaked (${scan.where})`;
  return found === undefined
    ? { ...score, leaked: true, detail }
    : { ...score, leaked: true, leakedMarker: found, detail };
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * What a pipeline returned, awaited as `await` would, in a box (a promise cannot resolve to a revoked proxy). A
 * revoked proxy is the answer as is: `await` would throw a raw `TypeError` reading its `then`, and the snapshot
 * refuses it as `invalid_answer` (`Array.isArray` throws for a revoked proxy and nothing else). Any other error
 * reading `then` is the pipeline's, as before.
 */
async function settle(returned: unknown): Promise<{ answer: unknown }> {
  try {
    return { answer: await returned };
  } catch (error) {
    if (isRevokedProxy(returned)) return { answer: returned };
    throw error;
  }
}

function isRevokedProxy(value: unknown): boolean {
  try {
    Array.isArray(value);
    return false;
  } catch {
    return true;
  }
}
