import { checkArgument, checkOptions, excerpt, GroundkitError, isObject } from '@gk/internal';

const BRAND = '@gk/eval-schema.ReportParseError';

/**
 * Why an artifact failed to parse or check: bad JSON text, a key repeated in one object of the text, a wrong version, an unknown key, a bad field, a broken
 * cross-field rule, or (from `checkLabelSetHash`) a stored hash that is not the hash of the content.
 */
export type ReportParseErrorCode =
  | 'not_json'
  | 'duplicate_key'
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

/** Formats a field path as `stages[0].metrics.recall` (an empty path is the artifact root). */
export function formatIssuePath(artifact: string, path: ReadonlyArray<string | number | symbol>): string {
  checkArgument(typeof artifact === 'string', 'artifact', 'a string', artifact);
  const ok = Array.isArray(path) && path.every((part) => KEY_TYPES.includes(typeof part));
  checkArgument(ok, 'path', 'an array of strings, numbers and symbols', path);
  let text = artifact;
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_$][\w$]*$/.test(part)) text += `.${part}`;
    else text += `[${excerpt(JSON.stringify(String(part)), { length: 60 })}]`;
  }
  return text;
}

function isIssue(value: unknown): boolean {
  return (
    isObject(value) &&
    typeof value.code === 'string' &&
    Array.isArray(value.path) &&
    typeof value.message === 'string'
  );
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
  /** Every issue found, in schema order. */
  readonly issues: ReportIssue[];

  constructor(artifact: string, issues: ReportIssue[], options?: { cause?: unknown }) {
    checkArgument(typeof artifact === 'string', 'artifact', 'a string', artifact);
    const ok = Array.isArray(issues) && issues.every((issue) => isIssue(issue));
    checkArgument(ok, 'issues', 'an array of { code, path, message } issues', issues);
    checkOptions(options);
    const [first, ...rest] = issues;
    const head =
      first === undefined
        ? `${artifact}: invalid`
        : `${formatIssuePath(artifact, first.path)}: ${first.message}`;
    super(
      BRAND,
      rest.length === 0 ? head : `${head} (and ${rest.length} more issue${rest.length === 1 ? '' : 's'})`,
      options,
    );
    this.artifact = artifact;
    this.issues = issues;
    this.code = first?.code ?? 'invalid_field';
    this.path = first?.path ?? [];
  }

  /** True for a `ReportParseError` from any copy of this package. */
  static override isInstance(value: unknown): value is ReportParseError {
    return GroundkitError.hasBrand(value, BRAND);
  }
}
