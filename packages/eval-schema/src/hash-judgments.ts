import { checkArgument, InvalidArgumentError, isObject, isOptional } from '@gk/internal';
import { canonicalJson, compareCodeUnits, sha256Hex } from './canonical-json.js';
import { readArgument } from './read-argument.js';

/** One gold span of a judgment, in UTF-16 code units, optionally graded. */
export interface HashableGoldSpan {
  /** Document the span belongs to. */
  documentId: string;
  /** Start offset (inclusive). */
  start: number;
  /** End offset (exclusive). */
  end: number;
  /** Graded relevance, if the judgments are graded. */
  gain?: number;
  /**
   * The passage id the gold was written as (only that chunk is relevant), if any; a span without one makes every
   * chunk that overlaps it relevant, so the two hash apart.
   */
  chunkId?: string;
}

/** One judged query as hashed: its id, text, optional category and gold spans (empty for a no-answer query). */
export interface HashableJudgment {
  /** Unique query id. */
  queryId: string;
  /** The query text. */
  query: string;
  /** Optional category the query is reported under. */
  category?: string;
  /** The gold spans; order does not matter. */
  gold: readonly HashableGoldSpan[];
}

/** A span without a gain before one with a gain, then by gain: spans that tie here encode the same. */
function compareGains(a: number | undefined, b: number | undefined): number {
  if (a === undefined || b === undefined) return (a === undefined ? 0 : 1) - (b === undefined ? 0 : 1);
  return a - b;
}

/** A span without a chunk id before one with a chunk id, then by chunk id. */
function compareChunkIds(a: string | undefined, b: string | undefined): number {
  if (a === undefined || b === undefined) return (a === undefined ? 0 : 1) - (b === undefined ? 0 : 1);
  return compareCodeUnits(a, b);
}

/** A total order consistent with the encoding, so the sorted spans do not depend on the order they came in. */
function compareSpans(a: GoldCopy, b: GoldCopy): number {
  return (
    compareCodeUnits(a.documentId, b.documentId) ||
    a.start - b.start ||
    a.end - b.end ||
    compareGains(a.gain, b.gain) ||
    compareChunkIds(a.chunkId, b.chunkId)
  );
}

/**
 * SHA-256 (lowercase hex, Web Crypto) of a judgment set, independent of query order and of gold-span order:
 * the UTF-8 bytes of `"gk-judgments-v1\n"` followed by canonical JSON (keys sorted) of the judgments sorted by
 * query id, each with its gold spans sorted by document id, start, end, gain (a span without a gain first) and chunk id
 * (a span without one first). A span's `chunkId`, the passage id its gold was written as, is hashed when present: the
 * span of a passage id and the same span written as a span are scored differently, so they hash apart; without
 * `chunkId` a span hashes as it always did.
 * Throws `InvalidArgumentError` for anything but an array of judgments with string ids, query texts and document
 * ids, for a repeated query id, a span without `0 <= start < end` in safe integers, a gain that is no finite
 * number >= 0 (as `ndcgAtK` refuses it) or a chunk id that is no string, and for judgments that throw when read.
 */
export async function hashJudgments(judgments: readonly HashableJudgment[]): Promise<string> {
  const entries = readArgument('judgments', () => {
    checkArgument(Array.isArray(judgments), 'judgments', 'an array of judgments', judgments);
    // Every index in turn, not map: a hole reads as undefined and is refused there, before the rest of a sparse array.
    // Each field is read once into a copy: a getter or proxy cannot pass the check with one value and be hashed with
    // another.
    return Array.from({ length: judgments.length }, (_, index) => {
      const judgment = judgments[index] as HashableJudgment; // checked next: a hole is undefined
      const at = `judgments[${index}]`;
      checkArgument(isObject(judgment), at, 'a judgment with a gold array', judgment);
      const { queryId, query, category, gold: spans } = judgment;
      checkArgument(Array.isArray(spans), at, 'a judgment with a gold array', judgment);
      checkArgument(typeof queryId === 'string', `${at}.queryId`, 'a string', queryId);
      checkArgument(typeof query === 'string', `${at}.query`, 'a string', query);
      checkArgument(isOptional(category, 'string'), `${at}.category`, 'a string', category);
      const gold: GoldCopy[] = [];
      for (let position = 0, length = spans.length; position < length; position += 1)
        gold.push(readSpan(spans[position], `${at}.gold[${position}]`));
      gold.sort(compareSpans);
      return { queryId, query, category, gold };
    });
  });
  entries.sort((a, b) => compareCodeUnits(a.queryId, b.queryId));
  for (let index = 1; index < entries.length; index += 1) {
    if (entries[index]?.queryId === entries[index - 1]?.queryId) {
      throw new InvalidArgumentError({
        parameter: 'judgments[].queryId',
        expected: 'each query id once',
        received: entries[index]?.queryId,
      });
    }
  }
  return sha256Hex('gk-judgments-v1', canonicalJson(entries));
}

/** A gold span as hashed: a plain copy, each field read once. */
type GoldCopy = {
  documentId: string;
  start: number;
  end: number;
  gain: number | undefined;
  chunkId: string | undefined;
};

/** One gold span read once into a plain copy, or an InvalidArgumentError naming `at`. */
function readSpan(span: unknown, at: string): GoldCopy {
  const { documentId, start, end, gain, chunkId } = (span ?? {}) as Partial<HashableGoldSpan>;
  if (typeof documentId !== 'string')
    throw new InvalidArgumentError({
      parameter: `${at}.documentId`,
      expected: 'a string',
      received: documentId,
    });
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start! < 0 || start! >= end!) {
    throw new InvalidArgumentError({
      parameter: at,
      expected: 'a span with 0 <= start < end in safe integers',
      received: `${start}..${end}`,
    });
  }
  if (gain !== undefined && !(typeof gain === 'number' && Number.isFinite(gain) && gain >= 0)) {
    throw new InvalidArgumentError({
      parameter: `${at}.gain`,
      expected: 'a finite number >= 0',
      received: gain,
    });
  }
  if (chunkId !== undefined && typeof chunkId !== 'string')
    throw new InvalidArgumentError({ parameter: `${at}.chunkId`, expected: 'a string', received: chunkId });
  return { documentId, start: start!, end: end!, gain, chunkId };
}
