import { excerpt } from '@gk/internal';
import type { ZodType } from 'zod';
import { DecodeError } from './decode-error.js';
import { parseWithSchema } from './parse-with-schema.js';
import { readJsonText, readLimits } from './read-json-text.js';
import { forbiddenKeys, mergedKeys, toStrictSchema } from './to-strict-schema.js';

/** Bounds for {@link safeDecodeJson}. */
export interface SafeDecodeJsonOptions {
  /** Largest accepted output in UTF-8 bytes (default 1 MiB); larger is `too_large`. */
  maxBytes?: number;
  /** Deepest accepted nesting of arrays and objects (default 64); deeper is `too_deep`. */
  maxDepth?: number;
}

/** zod's result shape: the validated data, or the {@link DecodeError} that explains the refusal. */
export type SafeDecodeJsonResult<T> = { success: true; data: T } | { success: false; error: DecodeError };

/**
 * Decodes one model output as strictly as an HTTP body from an anonymous client: size bound, one enclosing
 * markdown fence unwrapped, strict JSON (no trailing content, no repeated or `__proto__`/`constructor`/
 * `prototype` keys, bounded depth), then the schema with unknown keys rejected. Never throws for any text (an
 * async schema is `schema`, a recursive schema running out of stack on deep output `too_deep`); throws an
 * InvalidArgumentError for a schema that is not a zod 4 schema or that holds `.catch()` / `z.success()` (a fallback
 * is a repair) or for invalid options, and rethrows what the schema's own refinements or transforms throw.
 *
 * @example
 * const verdict = z.strictObject({ faithful: z.boolean(), reasoning: z.string() });
 * safeDecodeJson('```json\n{"faithful": true, "reasoning": "All claims quoted."}\n```', verdict);
 * // { success: true, data: { faithful: true, reasoning: 'All claims quoted.' } }
 * safeDecodeJson('Sure! {"faithful": true}', verdict).error?.code;
 * // 'not_json'
 */
export function safeDecodeJson<T>(
  text: string,
  schema: ZodType<T>,
  options?: SafeDecodeJsonOptions,
): SafeDecodeJsonResult<T> {
  const limits = readLimits(options);
  // A plain z.object would drop unknown keys; an unknown field must be a rejection, never pass silently.
  const strict = toStrictSchema(schema, 'schema');
  const read = readJsonText(text, limits);
  if (!read.success) return read;
  const parsed = parseWithSchema(strict, read.value, text);
  if (parsed instanceof DecodeError) return { success: false, error: parsed };
  if (!parsed.success) return { success: false, error: schemaError(text, parsed.error.issues) };
  return { success: true, data: parsed.data };
}

/**
 * A `schema` DecodeError summarising zod's issues: how many, and the first with its path; `duplicate_key` when a
 * record read two keys as one, as for a key the text repeats, and `forbidden_key` when it read a key as `__proto__`,
 * `constructor` or `prototype`, as for one the text writes (also when a union's options all failed and one failed so).
 */
export function schemaError(text: string, issues: DecodeError['issues'], subject = 'Output'): DecodeError {
  const first = issues[0];
  const where = first === undefined || first.path.length === 0 ? 'the top level' : formatPath(first.path);
  const summary = first === undefined ? '' : ` first at ${where}: ${excerpt(first.message, { length: 160 })}`;
  return new DecodeError({
    code: holds(issues, forbiddenKeys)
      ? 'forbidden_key'
      : holds(issues, mergedKeys)
        ? 'duplicate_key'
        : 'schema',
    message: `${subject} does not match the schema (${issues.length} issue${issues.length === 1 ? '' : 's'};${summary}).`,
    excerpt: excerpt(text),
    issues,
  });
}

/**
 * Whether an issue says `message`, or a union's, every option of which failed, holds one in an option's issues: the
 * record's refusal is the more specific answer than the union's "Invalid input".
 */
function holds(issues: readonly unknown[], message: string): boolean {
  return issues.some((issue) => {
    const { message: said, errors } = (issue ?? {}) as { message?: unknown; errors?: unknown };
    return said === message || (Array.isArray(errors) && holds(errors.flat(), message));
  });
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path)
    out += typeof part === 'number' ? `[${part}]` : `.${excerpt(String(part), { length: 40 })}`;
  return out.startsWith('.') ? out.slice(1) : out;
}
