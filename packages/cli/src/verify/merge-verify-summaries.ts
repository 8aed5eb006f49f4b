import { createHash } from 'node:crypto';
import { normalize } from 'node:path';
import { z } from 'zod';
import { InputError } from '../input-error.js';
import { escapeTerminalText } from '../terminal/escape-terminal-text.js';
import { isLineIssueCode, isRejectionCode } from './known-codes.js';
import { addVerifySummary, createVerifySummary, type VerifySummary } from './verify-summary.js';

const count = z.int().min(0);
const codeCounts = z.record(z.string().regex(/^[a-z_]{1,40}$/), count);
/** The counts of answers and claims a summary holds, as a report page draws them too. */
export const SUMMARY_COUNTS = {
  answers: count,
  answered: count,
  abstained: count,
  rejectedAnswers: count,
  claimsWritten: count,
  claimsAccepted: count,
  claimsRejected: count,
  claimAcceptance: z.number().min(0).max(1).nullable(),
  invalidLines: count,
};
const shards = z.strictObject({ count: z.int().min(1), indexes: z.array(z.int().min(1)) }).nullable();
const summarySchema = z.strictObject({
  kind: z.literal('gk-verify-summary'),
  version: z.literal(1),
  input: z.string().nullable(),
  shards,
  runs: z
    .array(
      z.strictObject({ input: z.string().nullable(), shards, digest: z.string().regex(/^[0-9a-f]{64}$/) }),
    )
    .min(1)
    .optional(),
  lines: count,
  ...SUMMARY_COUNTS,
  rejectedByCode: codeCounts,
  duplicatesMerged: count,
  invalidByCode: codeCounts,
  firstIssues: z.array(
    z.strictObject({
      line: z.int().min(1),
      code: z.string().refine(isLineIssueCode, 'unknown line code'),
      field: z.string().optional(),
      message: z.string(),
    }),
  ),
  elapsedMs: z.number().min(0),
  cpuMs: z.number().min(0),
  maxRssBytes: z.number().min(0),
});

/**
 * Merges the summaries of `gk verify --shard i/n --summary <file>` runs. Shards must share `n` and together
 * cover 1..n exactly once; summaries without shards (separate logs) simply add up. A summary given twice (the same
 * content) or two unsharded summaries of the same `input` are `invalid_summary`: one run would be counted twice. The
 * merged summary lists the runs it is made of (`runs`), so a run is found again inside a merge, at any depth.
 */
export function mergeVerifySummaries(files: ReadonlyArray<{ name: string; data: unknown }>): VerifySummary {
  if (!Array.isArray(files) || !files.every((file) => isRecord(file) && typeof file.name === 'string'))
    throw new InputError({
      code: 'usage',
      message: 'mergeVerifySummaries: expected an array of { name: string, data }',
    });
  if (files.length === 0)
    throw new InputError({ code: 'usage', message: '--merge: expected at least one summary file' });
  const parsed = files.map(({ name, data }) => {
    const shown = escapeTerminalText(name);
    const invalid = (field: string, message: string): InputError =>
      new InputError({
        code: 'invalid_summary',
        file: name,
        field,
        message: `${shown}: ${field}: ${message}`,
      });
    const result = summarySchema.safeParse(data);
    if (!result.success) {
      const issue = result.error.issues[0];
      // The path and message can quote keys from the file: escaped before they reach a terminal.
      const field = escapeTerminalText(issue?.path.map(String).join('.').slice(0, 200) || '(root)');
      throw invalid(
        field,
        `${escapeTerminalText((issue?.message ?? 'invalid').slice(0, 200))}; expected a summary written by gk verify --summary`,
      );
    }
    const raw = data as Record<string, Record<string, number>>;
    const summary = result.data as VerifySummary;
    // Read from the file's own keys (a "__proto__" key is one), into null-prototype objects of known codes.
    summary.rejectedByCode = knownCounts(raw.rejectedByCode!, isRejectionCode, (code) =>
      invalid(
        'rejectedByCode',
        `unknown rejection code ${JSON.stringify(escapeTerminalText(code.slice(0, 40)))}`,
      ),
    );
    summary.invalidByCode = knownCounts(raw.invalidByCode!, isLineIssueCode, (code) =>
      invalid('invalidByCode', `unknown line code ${JSON.stringify(escapeTerminalText(code.slice(0, 40)))}`),
    );
    if (summary.answers !== summary.answered + summary.abstained + summary.rejectedAnswers)
      throw invalid('answers', 'answers is not answered + abstained + rejectedAnswers');
    if (summary.lines !== summary.answers + summary.invalidLines)
      throw invalid('lines', 'lines is not answers + invalidLines');
    if (summary.claimsWritten !== summary.claimsAccepted + summary.claimsRejected)
      throw invalid('claimsWritten', 'claimsWritten is not claimsAccepted + claimsRejected');
    if (sum(summary.rejectedByCode) !== summary.claimsRejected)
      throw invalid('rejectedByCode', 'the counts by code do not add up to claimsRejected');
    if (sum(summary.invalidByCode) !== summary.invalidLines)
      throw invalid('invalidByCode', 'the counts by code do not add up to invalidLines');
    return { name, summary };
  });
  // The same run given twice would be counted twice: the same file (or a copy), a run a merged summary already
  // holds, or two whole runs of one log.
  const seenFiles = new Map<string, string>();
  const seenRuns = new Map<string, string>();
  const seenInputs = new Map<string | null, string>();
  for (const [index, { name, summary }] of parsed.entries()) {
    const repeated = (other: string, why: string): InputError =>
      new InputError({
        code: 'invalid_summary',
        file: name,
        message: `--merge: ${escapeTerminalText(name)} and ${escapeTerminalText(other)} ${why}; each run is merged once`,
      });
    const content = JSON.stringify(files[index]!.data);
    const sameFile = seenFiles.get(content);
    if (sameFile !== undefined) throw repeated(sameFile, 'hold the same summary');
    seenFiles.set(content, name);
    if (summary.runs === undefined && summary.input === null && summary.shards === null)
      throw new InputError({
        code: 'invalid_summary',
        file: name,
        field: 'runs',
        message: `${escapeTerminalText(name)}: a merged summary that does not list its runs (written by an older gk --merge) could hold a run given again; merge the summaries it was made of instead`,
      });
    summary.runs ??= [
      {
        input: summary.input,
        shards: summary.shards,
        digest: createHash('sha256').update(content).digest('hex'),
      },
    ];
    for (const run of summary.runs) {
      const sameRun = seenRuns.get(run.digest);
      const of = run.input === null ? '' : ` (of ${escapeTerminalText(run.input)})`;
      if (sameRun !== undefined) throw repeated(sameRun, `hold the same run${of}`);
      seenRuns.set(run.digest, name);
      // Standard input (`-`) names no log: two such runs may be two logs.
      if (run.shards !== null || run.input === null || run.input === '-') continue;
      const log = logKey(run.input, true);
      const sameInput = seenInputs.get(log);
      if (sameInput !== undefined)
        throw repeated(sameInput, `are both a whole run of ${escapeTerminalText(run.input)}`);
      seenInputs.set(log, name);
    }
  }
  const sharded = parsed.filter((entry) => entry.summary.shards !== null);
  if (sharded.length > 0 && sharded.length !== parsed.length) {
    throw new InputError({
      code: 'incomplete_shards',
      message: '--merge: some summaries come from --shard runs and some do not',
    });
  }
  const total = createVerifySummary(null, null);
  const inputs = new Set(parsed.map((entry) => logKey(entry.summary.input)));
  total.input = inputs.size === 1 ? parsed[0]!.summary.input : null;
  if (sharded.length > 0) {
    const counts = new Set(sharded.map((entry) => entry.summary.shards!.count));
    if (counts.size > 1)
      throw new InputError({
        code: 'incomplete_shards',
        message: `--merge: shards of different splits (n = ${[...counts].join(', ')})`,
      });
    // Shards of two logs would add up to a whole that no log is (half of one, half of another), and pass a gate
    // the log that failed would fail: shards must name the same input, as runs of one command do.
    const logs = new Map(sharded.map((entry) => [logKey(entry.summary.input), entry.summary.input]));
    if (logs.size > 1)
      throw new InputError({
        code: 'incomplete_shards',
        message: `--merge: shards of different logs (${[...logs.values()]
          .slice(0, 5)
          .map((input) => escapeTerminalText(JSON.stringify(input)))
          .join(', ')}); run every shard on the same input path`,
      });
    const shardCount = [...counts][0]!;
    const seen = new Map<number, string>();
    for (const { name, summary } of sharded) {
      for (const index of summary.shards!.indexes) {
        const other = seen.get(index);
        if (other !== undefined)
          throw new InputError({
            code: 'incomplete_shards',
            file: name,
            message: `--merge: shard ${index}/${shardCount} is in both ${escapeTerminalText(other)} and ${escapeTerminalText(name)}`,
          });
        if (index > shardCount)
          throw new InputError({
            code: 'invalid_summary',
            file: name,
            message: `${escapeTerminalText(name)}: shard ${index} of ${shardCount}`,
          });
        seen.set(index, name);
      }
    }
    const missing = Array.from({ length: shardCount }, (_, i) => i + 1).filter((index) => !seen.has(index));
    if (missing.length > 0) {
      throw new InputError({
        code: 'incomplete_shards',
        message: `--merge: missing shard${missing.length === 1 ? '' : 's'} ${missing.slice(0, 20).join(', ')} of ${shardCount}`,
      });
    }
    total.shards = { count: shardCount, indexes: [...seen.keys()].sort((a, b) => a - b) };
  }
  total.runs = parsed.flatMap(({ summary }) => summary.runs!);
  for (const { summary } of parsed) {
    addVerifySummary(total, summary);
    total.elapsedMs = Math.max(total.elapsedMs, summary.elapsedMs);
    total.cpuMs += summary.cpuMs;
    total.maxRssBytes = Math.max(total.maxRssBytes, summary.maxRssBytes);
  }
  if (sharded.length > 0) {
    // Shards of one log interleave: the first skipped lines of the log are the lowest-numbered of every shard's
    // first ones (each shard keeps its own in line order), as one run over the whole log would have kept them.
    const issues = parsed.flatMap(({ summary }) => summary.firstIssues);
    issues.sort((a, b) => a.line - b.line);
    total.firstIssues = issues.slice(0, total.firstIssues.length);
  }
  return total;
}

/**
 * A log as a merge can know it from the path a run was given: spellings that name one file from any folder (`x`,
 * `./x`, `a//x`) are one log. A relative and an absolute path, or two relative paths written from different
 * folders, cannot be told apart or together without the folder each run was in, which a summary does not record.
 * Standard input (`-`) is kept apart from a file named `-` (`./-`). `a/../x` is `x` only `loosely`: where `a` is a
 * link to another folder it names another file, so it counts as the same log where that refuses a merge (two whole
 * runs), never where it lets one through (shards of one log).
 */
function logKey(input: string | null, loosely = false): string | null {
  if (input === null) return null;
  if (input === '-') return '-';
  if (loosely) return `file:${normalize(input)}`;
  const absolute = input.startsWith('/');
  const parts = input.split('/').filter((part) => part !== '' && part !== '.');
  return `file:${absolute ? '/' : ''}${parts.join('/')}`;
}

function knownCounts<Code extends string>(
  counts: Record<string, number>,
  known: (code: string) => code is Code,
  unknown: (code: string) => InputError,
): Partial<Record<Code, number>> {
  const result = Object.create(null) as Partial<Record<Code, number>>;
  for (const [code, count] of Object.entries(counts)) {
    if (!known(code)) throw unknown(code);
    result[code] = count;
  }
  return result;
}

function sum(counts: Partial<Record<string, number>>): number {
  let total = 0;
  for (const count of Object.values(counts)) total += count ?? 0;
  return total;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
