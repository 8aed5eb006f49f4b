import type { RejectionCode, Verification } from '@gk/citations';
import { isLineIssueCode, isRejectionCode } from './known-codes.js';
import type { LineIssue, LineIssueCode } from './map-record.js';

/** The totals of one `gk verify` run (or of merged shards); written as JSON by `--summary` and read by `--merge`. */
export interface VerifySummary {
  kind: 'gk-verify-summary';
  version: 1;
  /** The input file (`-` for standard input), or `null` for a merge of several. */
  input: string | null;
  /** Which shards the numbers cover: `index` is 1-based; a merge lists every shard it read. */
  shards: { count: number; indexes: number[] } | null;
  /**
   * A merge only: the runs it adds up, each with its input, its shard and the SHA-256 of its summary file as read, so
   * a later merge refuses a run it already holds.
   */
  runs?: VerifyRun[];
  /** Non-blank lines this run was responsible for (its shard's lines). */
  lines: number;
  /** Lines verified. */
  answers: number;
  answered: number;
  abstained: number;
  /** Answers with no accepted claim. */
  rejectedAnswers: number;
  /** Claims written after duplicates merged: accepted plus rejected. */
  claimsWritten: number;
  claimsAccepted: number;
  claimsRejected: number;
  /** Rejected claims by rejection code (a null-prototype object holding known codes only). */
  rejectedByCode: Partial<Record<RejectionCode, number>>;
  duplicatesMerged: number;
  /** Accepted over written claims, or `null` when none was written. */
  claimAcceptance: number | null;
  /** Lines reported and skipped. */
  invalidLines: number;
  invalidByCode: Partial<Record<LineIssueCode, number>>;
  /** The first few skipped lines, for the person reading the summary. */
  firstIssues: LineIssue[];
  /** Wall-clock time of the run, in milliseconds. */
  elapsedMs: number;
  /** CPU time of the process (all threads), in milliseconds. */
  cpuMs: number;
  /** Peak resident memory of the process, in bytes. */
  maxRssBytes: number;
}

/** One run a merged summary is made of (see {@link VerifySummary.runs}). */
export interface VerifyRun {
  input: string | null;
  shards: { count: number; indexes: number[] } | null;
  /** SHA-256 (hex) of the run's summary, as `JSON.stringify` writes the value read from its file. */
  digest: string;
}

const KEPT_ISSUES = 20;

/** An empty summary. */
export function createVerifySummary(
  input: string | null,
  shard: { index: number; count: number } | null,
): VerifySummary {
  return {
    kind: 'gk-verify-summary',
    version: 1,
    input,
    shards: shard === null ? null : { count: shard.count, indexes: [shard.index] },
    lines: 0,
    answers: 0,
    answered: 0,
    abstained: 0,
    rejectedAnswers: 0,
    claimsWritten: 0,
    claimsAccepted: 0,
    claimsRejected: 0,
    rejectedByCode: Object.create(null) as VerifySummary['rejectedByCode'],
    duplicatesMerged: 0,
    claimAcceptance: null,
    invalidLines: 0,
    invalidByCode: Object.create(null) as VerifySummary['invalidByCode'],
    firstIssues: [],
    elapsedMs: 0,
    cpuMs: 0,
    maxRssBytes: 0,
  };
}

/** Counts one verification into the summary. */
export function countVerification(summary: VerifySummary, verification: Verification): void {
  summary.lines++;
  summary.answers++;
  if (verification.status === 'answered') summary.answered++;
  else if (verification.status === 'abstained') summary.abstained++;
  else summary.rejectedAnswers++;
  summary.claimsAccepted += verification.claims.length;
  summary.claimsRejected += verification.rejected.length;
  summary.claimsWritten += verification.claims.length + verification.rejected.length;
  summary.duplicatesMerged += verification.duplicatesMerged;
  // Only known codes are counted (a verification read from a file may hold any string, "constructor" too).
  for (const rejected of verification.rejected) {
    if (isRejectionCode(rejected.code))
      summary.rejectedByCode[rejected.code] = (summary.rejectedByCode[rejected.code] ?? 0) + 1;
  }
  summary.claimAcceptance =
    summary.claimsWritten === 0 ? null : summary.claimsAccepted / summary.claimsWritten;
}

/** Counts one skipped line into the summary. */
export function countIssue(summary: VerifySummary, issue: LineIssue): void {
  summary.lines++;
  summary.invalidLines++;
  if (isLineIssueCode(issue.code))
    summary.invalidByCode[issue.code] = (summary.invalidByCode[issue.code] ?? 0) + 1;
  if (summary.firstIssues.length < KEPT_ISSUES) summary.firstIssues.push(issue);
}

/** Adds `part` (a batch's or a shard's counts) into `total`; times add up too. */
export function addVerifySummary(total: VerifySummary, part: VerifySummary): void {
  const numeric = [
    'lines',
    'answers',
    'answered',
    'abstained',
    'rejectedAnswers',
    'claimsWritten',
    'claimsAccepted',
    'claimsRejected',
    'duplicatesMerged',
    'invalidLines',
  ] as const;
  for (const key of numeric) total[key] += part[key];
  for (const [code, count] of Object.entries(part.rejectedByCode)) {
    if (isRejectionCode(code)) total.rejectedByCode[code] = (total.rejectedByCode[code] ?? 0) + (count ?? 0);
  }
  for (const [code, count] of Object.entries(part.invalidByCode)) {
    if (isLineIssueCode(code)) total.invalidByCode[code] = (total.invalidByCode[code] ?? 0) + (count ?? 0);
  }
  for (const issue of part.firstIssues)
    if (total.firstIssues.length < KEPT_ISSUES) total.firstIssues.push(issue);
  total.claimAcceptance = total.claimsWritten === 0 ? null : total.claimsAccepted / total.claimsWritten;
}
