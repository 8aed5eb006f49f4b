import { InvalidArgumentError } from './invalid-argument-error.js';

/** What a failed schema parse reports (zod's `ZodError` has this shape), read for its first issue only. */
export interface SchemaIssues {
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>;
}

/**
 * The InvalidArgumentError for a value a schema refused: it names the field of the first issue under `parameter`
 * (`outcome.verdict.reasoning`, `rows[2].verdict.unsupportedClaims[0]`), says `expected` with the issue's message, and
 * shows what stands at that field (or the last value found on the way), with the parse error as its cause.
 */
export function refuseFirstIssue(
  parameter: string,
  expected: string,
  error: SchemaIssues,
  value: unknown,
): InvalidArgumentError {
  const issue = error.issues[0]!;
  const path = issue.path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
  return new InvalidArgumentError({
    parameter: `${parameter}${path}`,
    expected: `${expected} (${issue.message})`,
    received: valueAt(value, issue.path),
    cause: error,
  });
}

/** The value at `path` in `value`, for the message only, or the last value found there. */
function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, key)) return current;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
