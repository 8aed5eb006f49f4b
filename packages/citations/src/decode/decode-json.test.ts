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

describe('decodeJson', () => {
  it('returns the data of a valid output, fenced or not, including what a transform made of it', () => {
    expect(decodeJson('```json\n{"faithful": true, "reasoning": "Quoted from [1]."}\n```', verdict)).toEqual({
      faithful: true,
      reasoning: 'Quoted from [1].',
    });
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

  it('throws the DecodeError with its code, position and excerpt', () => {
    let thrown: unknown;
    try {
      decodeJson('Sure! Here is the verdict: {"faithful": true, "reasoning": "ok"}', verdict);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DecodeError);
    expect(thrown).toMatchObject({ name: 'DecodeError', code: 'not_json', position: 0 });
    expect((thrown as DecodeError).excerpt).toBe(
      'Sure! Here is the verdict: {"faithful": true, "reasoning": "ok"}',
    );
    expect(() => decodeJson('{"faithful": "yes", "reasoning": "ok"}', verdict)).toThrow(
      expect.objectContaining({ code: 'schema', issues: [expect.objectContaining({ path: ['faithful'] })] }),
    );
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
  it('throws a coded DecodeError, not zod’s error, for an async schema or one that runs out of stack', () => {
    const async = z.object({ x: z.number().refine(async () => true) });
    expect(thrownBy(() => decodeJson('{"x":1}', async)).code).toBe('schema');
    const node: z.ZodType = z.lazy(() => z.object({ a: node.optional() }));
    const deep = `${'{"a":'.repeat(5000)}{}${'}'.repeat(5000)}`;
    expect(thrownBy(() => decodeJson(deep, node, { maxDepth: 5001 })).code).toBe('too_deep');
  });
});
