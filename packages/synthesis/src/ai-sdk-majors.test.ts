import { generateText, streamText, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import {
  AI_MAJOR,
  generateResult,
  type MockCallOptions,
  MockLanguageModel,
  textStream,
} from './__fixtures__/mock-models.js';
import { licencePassages as passages, passage } from './__fixtures__/passages.js';
import { DEFAULT_PROMPT, renderPrompt } from './synthesize/default-prompt.js';
import { extractiveModel } from './extractive-model/extractive-model.js';
import { redactionMiddleware } from './redaction/redaction-middleware.js';
import { rewriteQuery } from './rewrite-query/rewrite-query.js';
import { synthesize } from './synthesize/synthesize.js';

// The workspace runs these tests on AI SDK 6; the runtime matrix runs them again on AI SDK 7 (GK_AI_MAJOR=7).
// Each exported function is exercised with a v3 model (both majors) and, on AI SDK 7, a v4 model as well.

const EMAIL = 'legal@example.org';
const contact = passage('contact', `Licensing questions go to ${EMAIL} by e-mail. The office is in Berlin.`);
const GOOD = 'The GPL version 3 is compatible with the Apache License 2.0 [2].';

const mocks: Array<[string, typeof MockLanguageModelV3]> = [['v3', MockLanguageModelV3]];
if (AI_MAJOR >= 7) mocks.push(['v4', MockLanguageModel]);

const promptOf = (call: MockCallOptions | undefined): string => JSON.stringify(call?.prompt ?? null);

describe('the AI SDK these tests run on', () => {
  it('is the major the run asked for', () => {
    expect([6, 7]).toContain(AI_MAJOR);
    const expected = process.env['GK_AI_MAJOR'];
    if (expected !== undefined && expected !== '') expect(AI_MAJOR).toBe(Number(expected));
  });

  it(`hands out ${AI_MAJOR >= 7 ? 'v4' : 'v3'} mocks as the newest mock model`, () => {
    expect(new MockLanguageModel().specificationVersion).toBe(AI_MAJOR >= 7 ? 'v4' : 'v3');
  });
});

describe.each(mocks)('with a %s model', (version, Mock) => {
  it('synthesize answers, cites, and records the identity', async () => {
    const model = new Mock({
      provider: `p-${version}`,
      modelId: 'm',
      doGenerate: async () => generateResult(GOOD),
    });
    expect(model.specificationVersion).toBe(version);
    const result = await synthesize({ model, question: 'Is GPL-3.0 compatible with Apache-2.0?', passages });
    expect(result.status).toBe('answered');
    expect(result.citations.map((citation) => citation.documentId)).toEqual(['gpl-3.0']);
    expect(result.model).toEqual({ provider: `p-${version}`, modelId: 'm' });
    expect(result.usage).toEqual({ inputTokens: 11, outputTokens: 7, totalTokens: 18 });
    // The system prompt reaches the model on both majors (`system` in 6, read as `instructions` in 7).
    const sent = model.doGenerateCalls[0]?.prompt;
    expect(sent?.[0]).toEqual({
      role: 'system',
      content: (
        await renderPrompt(DEFAULT_PROMPT, { question: 'Is GPL-3.0 compatible with Apache-2.0?', passages })
      ).system,
    });
  });

  it('redactionMiddleware hides values from the model and restores them before synthesize verifies', async () => {
    const inner = new Mock({
      doGenerate: async (options) => {
        const token = promptOf(options).includes('[EMAIL_1]') ? '[EMAIL_1]' : 'nobody';
        return generateResult(`Licensing questions go to ${token} by e-mail. [1]`);
      },
    });
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const result = await synthesize({
      model,
      question: 'Where do licensing questions go?',
      passages: [contact],
    });
    expect(promptOf(inner.doGenerateCalls[0])).not.toContain(EMAIL);
    expect(result.text).toBe(`Licensing questions go to ${EMAIL} by e-mail. [1]`);
    expect(result.citations[0]?.documentId).toBe('contact');
  });

  it('redactionMiddleware restores tokens split across stream chunks', async () => {
    const inner = new Mock({
      doStream: async () => ({ stream: textStream(['Mail [EMA', 'IL_1] or [EMAIL_2', '].']) }),
    });
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const result = streamText({ model, prompt: `Reach ${EMAIL}.` });
    let text = '';
    for await (const delta of result.textStream) text += delta;
    expect(text).toBe(`Mail ${EMAIL} or [EMAIL_2].`);
    expect(promptOf(inner.doStreamCalls[0])).toContain('Reach [EMAIL_1].');
  });

  it('rewriteQuery returns the one-line rewrite', async () => {
    const model = new Mock({ doGenerate: async () => generateResult('  apache patent grant  ') });
    await expect(rewriteQuery({ model, query: 'does apache give me patents?' })).resolves.toBe(
      'apache patent grant',
    );
    expect(promptOf(model.doGenerateCalls[0])).toContain('"role":"system"');
  });
});

describe('extractiveModel (v3) on this AI SDK', () => {
  it('answers the same through generate and stream, wrapped in redactionMiddleware', async () => {
    const model = wrapLanguageModel({ model: extractiveModel(), middleware: redactionMiddleware() });
    const prompt = await renderPrompt(DEFAULT_PROMPT, {
      question: 'Where do licensing questions go?',
      passages: [contact],
    });
    const generated = await generateText({ model, system: prompt.system, prompt: prompt.user });
    const streamed = streamText({ model, system: prompt.system, prompt: prompt.user });
    let text = '';
    for await (const delta of streamed.textStream) text += delta;
    expect(generated.text).toBe(`Licensing questions go to ${EMAIL} by e-mail. [1]`);
    expect(text).toBe(generated.text);
    expect(generated.warnings ?? []).toEqual([]);
  });

  it('synthesize cites from it through the middleware', async () => {
    const model = wrapLanguageModel({ model: extractiveModel(), middleware: redactionMiddleware() });
    const result = await synthesize({
      model,
      question: 'Where do licensing questions go?',
      passages: [contact],
    });
    expect(result.status).toBe('answered');
    expect(result.model).toEqual({ provider: 'groundkit', modelId: 'extractive' });
    expect(result.citations[0]?.text).toBe(contact.text);
  });
});
