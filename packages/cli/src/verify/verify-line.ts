import type { Verification, VerifyOptions } from '@gk/citations';
// The verifier's own entry: the main entry also loads the decoders and zod, which `gk verify` never uses.
import { InvalidPassageError, verifyAnswer } from '@gk/citations/verify';
import { findDuplicateKey } from '../io/find-duplicate-key.js';
import type { CompiledFieldMap } from './field-map.js';
import { type DocumentLookup, type LineIssue, type MappedRecord, mapRecord } from './map-record.js';
import { InputError } from '../input-error.js';
import { mergeLineOptions } from './merge-line-options.js';

/** Everything {@link verifyLine} needs besides the line. */
export interface VerifyLineContext {
  map: CompiledFieldMap;
  /** Options for every line; a line's own `options` may only tighten them (see `mergeLineOptions`). */
  defaults: VerifyOptions;
  documents?: DocumentLookup;
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
 * resolved to in `--documents` (0 without a collection), which the record may copy as a line's own passages would.
 */
export type VerifyLineResult =
  | { success: true; data: VerifiedLine; resolvedBytes: number }
  | { success: false; error: LineIssue };

const EXCERPT = 120;

/** Parses, maps and verifies one log line; a line that cannot be verified becomes a `LineIssue`, never a throw. */
export function verifyLine(text: string, line: number, context: VerifyLineContext): VerifyLineResult {
  if (
    typeof context !== 'object' ||
    context === null ||
    typeof context.map !== 'object' ||
    context.map === null
  )
    throw new InputError({
      code: 'usage',
      field: 'context',
      message: 'verifyLine: context: expected { map, defaults, withInput } with a compiled field map',
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
    const reason =
      error instanceof Error ? `${error.name}: ${error.message}`.slice(0, 300) : String(error).slice(0, 300);
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
  return { success: true, data, resolvedBytes: context.documents === undefined ? 0 : textBytes(passages) };
}

/** The UTF-8 bytes of the distinct texts of `passages`. */
function textBytes(passages: readonly { text: string }[]): number {
  let bytes = 0;
  for (const text of new Set(passages.map((passage) => passage.text)))
    bytes += Buffer.byteLength(text, 'utf8');
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
