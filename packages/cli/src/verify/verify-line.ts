import type { Passage, Verification, VerifyOptions } from '@gk/citations';
// The verifier's own entry: the main entry also loads the decoders and zod, which `gk verify` never uses.
import { InvalidPassageError, verifyAnswer } from '@gk/citations/verify';
import { findDuplicateKey } from '../io/find-duplicate-key.js';
import type { CompiledFieldMap } from './field-map.js';
import { type DocumentLookup, type LineIssue, type MappedRecord, mapRecord } from './map-record.js';
import { InputError } from '../input-error.js';
import { mergeLineOptions } from './merge-line-options.js';
import { MAX_COUNTED_INPUT_BYTES } from './output-line-limit.js';
import { describeThrown } from '../describe-thrown.js';

/** Everything {@link verifyLine} needs besides the line. */
export interface VerifyLineContext {
  map: CompiledFieldMap;
  /** Options for every line; a line's own `options` may only tighten them (see `mergeLineOptions`). */
  defaults: VerifyOptions;
  documents?: DocumentLookup;
  /** The most passage text one line may take from `documents` (see `MapRecordOptions.maxResolvedBytes`). */
  maxResolvedBytes?: number;
  /** Copy the answer and passages into the output record, so `gk report` can show them. */
  withInput: boolean;
}

/** One verified line as written to the output (one JSON object per line). */
export interface VerifiedLine {
  /** The line's id from the log, or `null`. */
  id: string | number | null;
  /** 1-based line number in the input. */
  line: number;
  verification: Verification;
  /** With `--with-input`: the answer as logged. */
  answer?: string;
  /** With `--with-input`: the passages as read through the field map. */
  passages?: MappedRecord['passages'];
}

/**
 * The result of {@link verifyLine}. `resolvedBytes`: the UTF-8 bytes of the distinct passage texts the line's ids
 * resolved to in `--documents` (0 without a collection), which the record may copy as a line's own passages would;
 * counted up to `MAX_COUNTED_INPUT_BYTES`, past which the output limit no longer grows.
 */
export type VerifyLineResult =
  | { success: true; data: VerifiedLine; resolvedBytes: number }
  | { success: false; error: LineIssue };

const EXCERPT = 120;

/** Parses, maps and verifies one log line; a line that cannot be verified becomes a `LineIssue`, never a throw. */
export function verifyLine(text: string, line: number, context: VerifyLineContext): VerifyLineResult {
  const { map, defaults } = (
    typeof context === 'object' && context !== null ? context : {}
  ) as Partial<VerifyLineContext>;
  if (
    typeof map !== 'object' ||
    map === null ||
    !Array.isArray(map.passages) ||
    typeof map.answer !== 'object' ||
    map.answer === null ||
    typeof map.passage !== 'object' ||
    map.passage === null ||
    typeof defaults !== 'object' ||
    defaults === null
  )
    throw new InputError({
      code: 'usage',
      field: 'context',
      message:
        'verifyLine: context: expected { map, defaults, withInput } with a field map from compileFieldMap and defaults an object',
    });
  if (typeof text !== 'string')
    throw new InputError({
      code: 'usage',
      field: 'text',
      message: `verifyLine: text: expected the line as a string, received ${text === null ? 'null' : typeof text}`,
    });
  if (!Number.isSafeInteger(line) || line < 1)
    throw new InputError({
      code: 'usage',
      field: 'line',
      message: 'verifyLine: line: expected a line number, an integer from 1',
    });
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, EXCERPT) : 'invalid JSON';
    return { success: false, error: { line, code: 'not_json', message: `not a JSON value: ${reason}` } };
  }
  const duplicate = findDuplicateKey(text, watchedKeys(context.map));
  if (duplicate !== null) {
    return {
      success: false,
      error: {
        line,
        code: 'duplicate_key',
        field: duplicate.length > 40 ? `${duplicate.slice(0, 40)}…` : duplicate,
        message: `an object holds the key ${JSON.stringify(duplicate.slice(0, 40))} twice; JSON readers keep one of the two, so which was meant is unknown`,
      },
    };
  }
  const mapped = mapRecord(record, context.map, {
    documents: context.documents,
    ranges: context.defaults.ranges === true,
    text,
    ...(context.maxResolvedBytes === undefined ? {} : { maxResolvedBytes: context.maxResolvedBytes }),
  });
  if (!mapped.success) return { success: false, error: { line, ...mapped.error } };
  const { id, answer, passages, options } = mapped.data;
  let verification: Verification;
  try {
    verification = verifyAnswer(
      answer,
      passages,
      options === undefined ? context.defaults : mergeLineOptions(context.defaults, options),
    );
  } catch (error) {
    if (InvalidPassageError.isInstance(error)) {
      return {
        success: false,
        error: {
          line,
          code: 'offsets_mismatch',
          field: `passages[${error.index}]`,
          message: error.message.slice(0, 300),
        },
      };
    }
    const reason = describeThrown(error).slice(0, 300);
    return {
      success: false,
      error: { line, code: 'verify_failed', message: `verification failed: ${reason}` },
    };
  }
  const data: VerifiedLine = { id, line, verification };
  if (context.withInput) {
    data.answer = answer;
    data.passages = passages;
  }
  return {
    success: true,
    data,
    resolvedBytes: context.documents === undefined ? 0 : resolvedBytes(passages, context.documents),
  };
}

/**
 * The UTF-8 bytes of the distinct texts `passages` took from the collection, counted until the output limit stops
 * growing. A text is known by where it was taken from (document id and offsets), never hashed itself: V8 hashes a
 * string longer than 16,383 characters by its length alone, so same-length slices of one document would all collide
 * in a Set and be compared in full (quadratic in the passages). Collection ids are short (loadDocuments refuses
 * ids over MAX_DOCUMENT_ID_LENGTH), so the key is hashed by its content.
 */
function resolvedBytes(passages: readonly Passage[], documents: DocumentLookup): number {
  const seen = new Set<string>();
  let bytes = 0;
  for (const passage of passages) {
    if (bytes >= MAX_COUNTED_INPUT_BYTES) break;
    // A text from the log is in the line's own bytes already; an empty one adds nothing.
    if (passage.text === '' || documents(passage.documentId) === undefined) continue;
    const where = `${passage.start}:${passage.end}:${passage.documentId}`;
    if (seen.has(where)) continue;
    seen.add(where);
    bytes += Buffer.byteLength(passage.text, 'utf8');
  }
  return bytes;
}

const WATCHED = new WeakMap<CompiledFieldMap, ReadonlySet<string>>();

// The keys of the paths a line's id, answer, passages and options are read from: one of them held twice is refused.
function watchedKeys(map: CompiledFieldMap): ReadonlySet<string> {
  let keys = WATCHED.get(map);
  if (keys === undefined) {
    const found = new Set<string>();
    for (const path of [map.id, map.answer, ...map.passages, ...Object.values(map.passage), map.options])
      for (const segment of path?.segments ?? [])
        if (segment.kind === 'key' || segment.kind === 'match') found.add(segment.key);
    keys = found;
    WATCHED.set(map, keys);
  }
  return keys;
}
