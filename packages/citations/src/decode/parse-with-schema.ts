import { excerpt } from '@gk/internal';
import type { ZodSafeParseResult, ZodType } from 'zod';
import { DecodeError } from './decode-error.js';
import { defaultMaxDepth } from './read-json-text.js';
import { asyncKeys } from './to-strict-schema.js';

/**
 * `schema.safeParse(value)`, with the two throws that no text should turn into an uncoded error returned as a
 * DecodeError: zod's refusal of a Promise in a synchronous parse (an async refinement or transform: `schema`) and
 * the call stack running out while a recursive schema checks data nested deeper than the default maxDepth
 * (`too_deep`); zod's plain Error for a record key schema's Promise, marked by the strict copy, is `schema` too. Anything else a schema throws (a bug in the caller's own refinement or transform, its own stack
 * overflow on shallow data) propagates unchanged.
 */
export function parseWithSchema<T>(
  schema: ZodType<T>,
  value: unknown,
  text: string,
): ZodSafeParseResult<T> | DecodeError {
  try {
    return schema.safeParse(value);
  } catch (error) {
    // zod's $ZodAsyncError is a subclass of Error with this message: a bundler may rename the class and zod may be
    // another copy, so neither its name nor instanceof tells it; a caller's own Error saying the same is not it. For a
    // record key schema's Promise zod throws a plain Error, which the record's guard marks in asyncKeys.
    // V8 and JavaScriptCore run out of stack with a RangeError, SpiderMonkey with an InternalError: zod's, only on
    // output nested deeper than a recursive schema can need within the default maxDepth.
    const message = error instanceof Error ? error.message : '';
    const async =
      asyncKeys.has(error as object) ||
      (message.startsWith('Encountered Promise') && (error as Error).constructor !== Error);
    if (!async && !(/^(Maximum call stack|too much recursion)/.test(message) && nestsDeeper(value)))
      throw error;
    return new DecodeError({
      code: async ? 'schema' : 'too_deep',
      message: `The schema could not check the output (${message}); expected ${async ? 'a synchronous schema' : 'a lower maxDepth'}.`,
      excerpt: excerpt(text),
      cause: error,
    });
  }
}

/**
 * Whether `value` nests objects and arrays deeper than the default maxDepth: output the engine's stack may not
 * check through a recursive schema. Shallower output never runs zod out of stack. Iterative, linear in the value.
 */
function nestsDeeper(value: unknown): boolean {
  let level: object[] = [];
  for (
    let depth = 0, items = [value];
    depth <= defaultMaxDepth;
    depth++, items = level.flatMap(Object.values)
  ) {
    level = items.filter((item) => item instanceof Object); // JSON.parse makes no null-prototype object
  }
  return level.length > 0;
}
