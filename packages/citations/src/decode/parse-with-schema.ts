import { excerpt } from '@gk/internal';
import type { ZodSafeParseResult, ZodType } from 'zod';
import { DecodeError } from './decode-error.js';

/**
 * `schema.safeParse(value)`, with the two throws that no text should turn into an uncoded error returned as a
 * DecodeError: zod's refusal of a Promise in a synchronous parse (an async refinement or transform: `schema`) and
 * the call stack running out while a recursive schema checks deep data (`too_deep`). Anything else a schema throws
 * (a bug in the caller's own refinement or transform) propagates unchanged.
 */
export function parseWithSchema<T>(
  schema: ZodType<T>,
  value: unknown,
  text: string,
): ZodSafeParseResult<T> | DecodeError {
  try {
    return schema.safeParse(value);
  } catch (error) {
    // zod's $ZodAsyncError is matched by its message (a bundler may rename the class; zod may be another copy).
    // V8 and JavaScriptCore run out of stack with a RangeError, SpiderMonkey with "too much recursion".
    const message = error instanceof Error ? error.message : '';
    if (!/^(Encountered Promise|Maximum call stack|too much recursion)/.test(message)) throw error;
    const async = message[0] === 'E';
    return new DecodeError({
      code: async ? 'schema' : 'too_deep',
      message: `The schema could not check the output (${message}); expected ${async ? 'a synchronous schema' : 'a lower maxDepth'}.`,
      excerpt: excerpt(text),
      cause: error,
    });
  }
}
