import type { ZodType } from 'zod';
import { type SafeDecodeJsonOptions, safeDecodeJson } from './safe-decode-json.js';

/** Like {@link safeDecodeJson}, but returns the data or throws the {@link DecodeError}. */
export function decodeJson<T>(text: string, schema: ZodType<T>, options?: SafeDecodeJsonOptions): T {
  const result = safeDecodeJson(text, schema, options);
  if (!result.success) throw result.error;
  return result.data;
}
