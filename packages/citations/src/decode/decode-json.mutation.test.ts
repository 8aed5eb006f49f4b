// Behaviour pinned by mutation testing (npm run mutation -- citations): decodeJson returns exactly the data
// safeDecodeJson accepts (transforms included), throws exactly the DecodeError it would return, and passes the
// bounds through.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DecodeError } from './decode-error.js';
import { decodeJson } from './decode-json.js';
import { safeDecodeJson } from './safe-decode-json.js';

const verdict = z.strictObject({ faithful: z.boolean(), reasoning: z.string() });

/** What decodeJson threw, or a failure when it returned. */
function thrownBy(run: () => unknown): DecodeError {
  try {
    run();
  } catch (error) {
    if (DecodeError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected decodeJson to throw');
}

describe('decodeJson (mutation-pinned)', () => {
  it('returns the data, including what a transform made of it', () => {
    const text = '{"faithful": false, "reasoning": "Claim 2 cites [4], which was not shown."}';
    expect(decodeJson(text, verdict)).toEqual({
      faithful: false,
      reasoning: 'Claim 2 cites [4], which was not shown.',
    });
    expect(
      decodeJson(
        text,
        verdict.transform(({ faithful }) => faithful),
      ),
    ).toBe(false);
    expect(decodeJson('null', z.null())).toBeNull();
  });

  it('throws the same error safeDecodeJson returns, code, message, position and excerpt', () => {
    const text = '{"faithful": true, "reasoning": "ok"} Let me know if you need more.';
    const returned = safeDecodeJson(text, verdict);
    const thrown = thrownBy(() => decodeJson(text, verdict));
    expect(returned.success).toBe(false);
    expect(thrown).toMatchObject({
      code: 'trailing_content',
      message: returned.success ? '' : returned.error.message,
      position: 38,
      excerpt: text,
    });
  });

  it('passes maxBytes and maxDepth through', () => {
    const text = '{"faithful": true, "reasoning": "ok"}';
    expect(thrownBy(() => decodeJson(text, verdict, { maxBytes: 10 })).code).toBe('too_large');
    expect(decodeJson(text, verdict, { maxBytes: text.length })).toEqual({ faithful: true, reasoning: 'ok' });
    expect(thrownBy(() => decodeJson('[[1]]', z.unknown(), { maxDepth: 1 })).code).toBe('too_deep');
  });
});
