import { InvalidArgumentError } from '@gk/internal';
import { generateText, streamText } from 'ai';
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passages.js';
import { synthesize } from '../synthesize/synthesize.js';
import { extractiveModel } from './extractive-model.js';
import { tokenize } from './match-terms.js';

const PROMPT = 'Sources:\n\n[1] a\nYou may sell copies of the software.\n\nQuestion: may I sell copies?';
const PASSAGES = [
  passage(
    'a',
    'You may sell copies of the software. Selling requires a notice. The notice must keep the copyright line.',
  ),
  passage('b', 'Copies of the software may be modified and sold with notice.', 1000),
];
const QUESTION = 'May I sell copies of the software with a notice and copyright?';

// A review found the offline model answering in full, with finish reason `stop` and no warning, whatever
// `maxOutputTokens` and `stopSequences` said.
describe('extractiveModel holds to the call settings a real model honours', () => {
  it('cuts its output at maxOutputTokens, finish reason length, counting tokens as its usage does', async () => {
    for (const maxOutputTokens of [1, 3, 7]) {
      const generated = await generateText({ model: extractiveModel(), prompt: PROMPT, maxOutputTokens });
      expect(generated.finishReason).toBe('length');
      expect(generated.usage.outputTokens).toBe(maxOutputTokens);
      expect(tokenize(generated.text)).toHaveLength(maxOutputTokens);
      expect('You may sell copies of the software. [1]'.startsWith(generated.text)).toBe(true);
      const streamed = streamText({ model: extractiveModel(), prompt: PROMPT, maxOutputTokens });
      expect(await streamed.text).toBe(generated.text);
      expect(await streamed.finishReason).toBe('length');
    }
    // Room enough: the whole answer, finish reason stop.
    const whole = await generateText({ model: extractiveModel(), prompt: PROMPT, maxOutputTokens: 100 });
    expect([whole.text, whole.finishReason]).toEqual(['You may sell copies of the software. [1]', 'stop']);
  });

  it('stops before the first stop sequence, which it leaves out', async () => {
    const generated = await generateText({
      model: extractiveModel(),
      prompt: PROMPT,
      stopSequences: ['software', 'copies'],
    });
    expect([generated.text, generated.finishReason]).toEqual(['You may sell ', 'stop']);
    expect(generated.usage.outputTokens).toBe(3);
    const streamed = streamText({ model: extractiveModel(), prompt: PROMPT, stopSequences: ['software'] });
    expect(await streamed.text).toBe('You may sell copies of the ');
  });

  it('lets synthesize see the cut: the cut-off claim is rejected as unfinished, never accepted whole', async () => {
    // The first line whole (7 tokens with its marker), the second cut.
    const cut = await synthesize({
      model: extractiveModel(),
      question: QUESTION,
      passages: PASSAGES,
      maxOutputTokens: 12,
      policy: 'drop-claims',
    });
    expect(cut.finishReason).toBe('length');
    expect(cut.claims.map((claim) => claim.text)).toEqual(['You may sell copies of the software. [1]']);
    expect(cut.rejected.map((claim) => claim.code)).toEqual(['unfinished_claim']);
    for (const settings of [{ maxOutputTokens: 5 }, { stopSequences: ['software'] }]) {
      const error = await synthesize({
        model: extractiveModel(),
        question: QUESTION,
        passages: PASSAGES,
        ...settings,
      }).catch((caught: unknown) => caught);
      expect([settings, (error as { code?: string }).code]).toEqual([settings, 'no_accepted_claims']);
    }
  });

  it('warns of each sampling setting it ignores, in the v3 warning shape', async () => {
    const generated = await generateText({
      model: extractiveModel(),
      prompt: PROMPT,
      temperature: 1.5,
      topP: 0.1,
      topK: 3,
      seed: 4,
      presencePenalty: 1,
      frequencyPenalty: 1,
    });
    expect(generated.warnings).toEqual(
      ['temperature', 'topP', 'topK', 'presencePenalty', 'frequencyPenalty', 'seed'].map((feature) => ({
        type: 'unsupported',
        feature,
        details: expect.any(String),
      })),
    );
    const plain = await generateText({ model: extractiveModel(), prompt: PROMPT });
    expect(plain.warnings).toEqual([]);
  });
});

// A review timed extractAnswer at 2.1 s for 300 sentences and 32.1 s for 2400: each new one re-verifies the chosen.
describe('extractiveModel bounds maxSentences', () => {
  it('refuses a maxSentences above 100 with an InvalidArgumentError, and takes 100', () => {
    for (const maxSentences of [101, 2400, 2 ** 40])
      expect(() => extractiveModel({ maxSentences })).toThrow(InvalidArgumentError);
    expect(() => extractiveModel({ maxSentences: 100 })).not.toThrow();
  });
});
