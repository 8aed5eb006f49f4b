import { generateText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { generateResult, MockLanguageModel } from '../__fixtures__/mock-models.js';
import { type RedactionMiddlewareOptions, redactionMiddleware } from './redaction-middleware.js';

// V8 overflows its stack on a `u` pattern repeating a class holding astral code points over about 4.2 million
// characters of a text outside Latin-1.
const ASTRAL_RUN = 4_200_000;
// V8 overflows its stack on a class repeated `{n,}` (n past three) over about 4,194,000 characters, in any text.
const COUNTED_RUN = 4_300_000;

/** What the model receives for `prompt` through the middleware (its default patterns unless `options` say). */
async function seenByModel(prompt: string, options?: RedactionMiddlewareOptions): Promise<string> {
  let seen = '';
  const model = wrapLanguageModel({
    model: new MockLanguageModel({
      doGenerate: async (options) => {
        seen = JSON.stringify(options.prompt);
        return generateResult('Done.');
      },
    }),
    middleware: redactionMiddleware(options),
  });
  const { text } = await generateText({ model, prompt });
  expect(text).toBe('Done.');
  return seen;
}

describe('redactionMiddleware on long runs in a text outside Latin-1', () => {
  // The caller's own pattern overflows V8's stack where V8 does not optimize it (`npm run test:unoptimized`): then the
  // call is refused with a code naming it (ADR 0069).
  it('hides a value a pattern of the caller takes that holds millions of combining marks', {
    timeout: 120_000,
  }, async () => {
    const value = `Qa${'\u0301'.repeat(ASTRAL_RUN)}AZ`;
    const options = { defaults: false, patterns: [{ name: 'code', pattern: /Q[^Z]{8,}Z/g }] };
    if (process.execArgv.includes('--no-regexp-optimization')) {
      await expect(seenByModel(`Code ${value} here.`, options)).rejects.toMatchObject({
        parameter: 'patterns.code.pattern',
      });
    } else expect(await seenByModel(`Code ${value} here.`, options)).toContain('Code [CODE_1] here.');
  });

  it('hides a run of millions of characters a default secret rule reads as hex or base64', {
    timeout: 120_000,
  }, async () => {
    const seen = await seenByModel(`東 ${'aB3'.repeat(1_450_000)}`);
    expect(seen).toContain('東 [SECRET_1]');
    expect(seen).not.toContain('aB3');
  });

  it('hides a token of a known prefix followed by millions of characters', { timeout: 120_000 }, async () => {
    const seen = await seenByModel(`東 Key sk-${'a'.repeat(COUNTED_RUN)} here.`);
    expect(seen).toContain('東 Key [SECRET_1] here.');
  });
});
