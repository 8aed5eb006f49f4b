import { z } from 'zod';
import { InputError } from '../input-error.js';
import { addVerifySummary, createVerifySummary, type VerifySummary } from './verify-summary.js';

const count = z.int().min(0);
const codeCounts = z.record(z.string().regex(/^[a-z_]{1,40}$/), count);
const summarySchema = z.strictObject({
  kind: z.literal('gk-verify-summary'),
  version: z.literal(1),
  input: z.string().nullable(),
  shards: z.strictObject({ count: z.int().min(1), indexes: z.array(z.int().min(1)) }).nullable(),
  lines: count,
  answers: count,
  answered: count,
  abstained: count,
  rejectedAnswers: count,
  claimsWritten: count,
  claimsAccepted: count,
  claimsRejected: count,
  rejectedByCode: codeCounts,
  duplicatesMerged: count,
  claimAcceptance: z.number().min(0).max(1).nullable(),
  invalidLines: count,
  invalidByCode: codeCounts,
  firstIssues: z.array(
    z.strictObject({
      line: z.int().min(1),
      code: z.string(),
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
 * cover 1..n exactly once; summaries without shards (separate logs) simply add up.
 */
export function mergeVerifySummaries(files: ReadonlyArray<{ name: string; data: unknown }>): VerifySummary {
  if (files.length === 0)
    throw new InputError({ code: 'usage', message: '--merge: expected at least one summary file' });
  const parsed = files.map(({ name, data }) => {
    const result = summarySchema.safeParse(data);
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join('.') || '(root)';
      throw new InputError({
        code: 'invalid_summary',
        file: name,
        field,
        message: `${name}: ${field}: ${issue?.message ?? 'invalid'}; expected a summary written by gk verify --summary`,
      });
    }
    if (result.data.claimsWritten !== result.data.claimsAccepted + result.data.claimsRejected) {
      throw new InputError({
        code: 'invalid_summary',
        file: name,
        field: 'claimsWritten',
        message: `${name}: claimsWritten is not claimsAccepted + claimsRejected`,
      });
    }
    return { name, summary: result.data as VerifySummary };
  });
  const sharded = parsed.filter((entry) => entry.summary.shards !== null);
  if (sharded.length > 0 && sharded.length !== parsed.length) {
    throw new InputError({
      code: 'incomplete_shards',
      message: '--merge: some summaries come from --shard runs and some do not',
    });
  }
  const total = createVerifySummary(null, null);
  const inputs = new Set(parsed.map((entry) => entry.summary.input));
  total.input = inputs.size === 1 ? [...inputs][0]! : null;
  if (sharded.length > 0) {
    const counts = new Set(sharded.map((entry) => entry.summary.shards!.count));
    if (counts.size > 1)
      throw new InputError({
        code: 'incomplete_shards',
        message: `--merge: shards of different splits (n = ${[...counts].join(', ')})`,
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
            message: `--merge: shard ${index}/${shardCount} is in both ${other} and ${name}`,
          });
        if (index > shardCount)
          throw new InputError({
            code: 'invalid_summary',
            file: name,
            message: `${name}: shard ${index} of ${shardCount}`,
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
  for (const { summary } of parsed) {
    addVerifySummary(total, summary);
    total.elapsedMs = Math.max(total.elapsedMs, summary.elapsedMs);
    total.cpuMs += summary.cpuMs;
    total.maxRssBytes = Math.max(total.maxRssBytes, summary.maxRssBytes);
  }
  return total;
}
