import {
  checkArgument,
  checkOptionKeys,
  checkOptions,
  excerpt,
  GroundkitError,
  isObject,
} from '@gk/internal';
import { readArgument } from './read-argument.js';

const BRAND = '@gk/eval-schema.ReportParseError';

/**
 * Why an artifact failed to parse or check: bad JSON text, a key repeated in one object of the text, a key of the text
 * longer than any report key (refused before parsing), a wrong version, an unknown key, a bad field, a broken
 * cross-field rule, or (from `checkLabelSetHash`) a stored hash that is not the hash of the content.
 */
export type ReportParseErrorCode =
  | 'not_json'
  | 'duplicate_key'
  | 'key_too_long'
  | 'unsupported_version'
  | 'unknown_key'
  | 'invalid_field'
  | 'rule'
  | 'hash_mismatch';

/** One problem found while parsing an artifact, located by its field path. */
export interface ReportIssue {
  /** What kind of problem it is. */
  code: ReportParseErrorCode;
  /** Field path from the artifact root, e.g. `['counts', 'total']`. */
  path: Array<string | number>;
  /** Human-readable explanation naming what was expected and what was received. */
  message: string;
}

const KEY_TYPES: readonly string[] = ['string', 'number', 'symbol'];

type Path = Array<string | number | symbol>;

/**
 * A copy of `path` (its length and each part read once) when it is an array of strings, numbers and symbols, else
 * null. It stops at the first hole or other part, so a sparse path of length 2^32 - 1 costs what it holds.
 */
function readPath(path: unknown): Path | null {
  if (!Array.isArray(path)) return null;
  const copy: Path = [];
  for (let index = 0, length = path.length; index < length; index += 1) {
    const part: unknown = path[index];
    if (!KEY_TYPES.includes(typeof part)) return null;
    copy.push(part as Path[number]);
  }
  return copy;
}

/**
 * Formats a field path as `stages[0].metrics.recall` (an empty path is the artifact root). Throws
 * `InvalidArgumentError` for an artifact that is no string and a path that is no array of strings, numbers and
 * symbols (a hole included) or throws when read.
 */
export function formatIssuePath(artifact: string, path: ReadonlyArray<string | number | symbol>): string {
  checkArgument(typeof artifact === 'string', 'artifact', 'a string', artifact);
  const parts = readArgument('path', () => {
    const copy = readPath(path);
    checkArgument(copy !== null, 'path', 'an array of strings, numbers and symbols', path);
    return copy as Path;
  });
  let text = artifact;
  for (const part of parts) {
    if (typeof part === 'number') text += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) text += `.${part}`;
    else text += `[${excerpt(JSON.stringify(String(part)), { length: 60 })}]`;
  }
  return text;
}

/** A copy of `value` (each field and path part read once) when it is a `{ code, path, message }` issue, else null. */
function readIssue(value: unknown): ReportIssue | null {
  if (!isObject(value)) return null;
  const { code, path, message } = value;
  const parts = readPath(path);
  const ok = typeof code === 'string' && parts !== null && typeof message === 'string';
  return ok ? ({ code, path: parts, message } as ReportIssue) : null;
}

/** An artifact failed to parse; `issues` lists every problem, `code` and `path` are those of the first. */
export class ReportParseError extends GroundkitError {
  override readonly name = 'ReportParseError';
  /** Code of the first issue. */
  readonly code: ReportParseErrorCode;
  /** Field path of the first issue. */
  readonly path: Array<string | number>;
  /** The artifact that was being parsed, e.g. `EvalReport`. */
  readonly artifact: string;
  /** Every issue found, in schema order (copies, each read once from the issues given). */
  readonly issues: ReportIssue[];

  constructor(artifact: string, issues: ReportIssue[], options?: { cause?: unknown }) {
    checkArgument(typeof artifact === 'string', 'artifact', 'a string', artifact);
    const copies = readArgument('issues', () => {
      const expected = 'an array of { code, path, message } issues';
      checkArgument(Array.isArray(issues), 'issues', expected, issues);
      const read: ReportIssue[] = [];
      // By index, its length read once: a hole is refused where it is, before the rest of a sparse array.
      for (let index = 0, length = issues.length; index < length; index += 1) {
        const issue = readIssue(issues[index]);
        checkArgument(issue !== null, 'issues', expected, issues);
        read.push(issue as ReportIssue);
      }
      return read;
    });
    checkOptions(options);
    // A misspelt `cause` is refused, not dropped (ADR 0051); the one option is read once.
    const cause = readArgument('options', () => {
      if (options !== undefined) checkOptionKeys(options, ['cause']);
      return options?.cause;
    });
    const [first, ...rest] = copies;
    const head =
      first === undefined
        ? `${artifact}: invalid`
        : `${formatIssuePath(artifact, first.path)}: ${first.message}`;
    super(
      BRAND,
      rest.length === 0 ? head : `${head} (and ${rest.length} more issue${rest.length === 1 ? '' : 's'})`,
      { cause },
    );
    this.artifact = artifact;
    this.issues = copies;
    this.code = first?.code ?? 'invalid_field';
    this.path = first?.path ?? [];
  }

  /** True for a `ReportParseError` from any copy of this package. */
  static override isInstance(value: unknown): value is ReportParseError {
    return GroundkitError.hasBrand(value, BRAND);
  }
}
