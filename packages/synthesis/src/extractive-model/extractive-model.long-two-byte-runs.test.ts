import { generateText } from 'ai';
import { describe, expect, it } from 'vitest';
import { askExtractive } from '../__fixtures__/ask-extractive.js';
import { passage } from '../__fixtures__/passages.js';
import { DEFAULT_PROMPT, renderPrompt } from '../synthesize/default-prompt.js';
import { extractiveModel } from './extractive-model.js';
import { sentenceCues } from './sentence-cues.js';

// V8 overflows its stack on a `u` pattern repeating a class over a run this long in a text outside Latin-1: about
// 4.2 million characters for a class holding astral code points, 8.5 million for one of the BMP only.
const ASTRAL_RUN = 4_200_000;
const BMP_RUN = 8_500_000;

describe('extractiveModel on long runs in a text outside Latin-1', () => {
  it('reads a run of millions of letters, and a line of words ending in one above a line starting with a digit', {
    timeout: 120_000,
  }, async () => {
    const text = `Pets cats dogs birds ${'ж'.repeat(ASTRAL_RUN)}\n3 dogs over 20 kg.`;
    await expect(askExtractive('pets dogs?', [passage('a', text)])).resolves.toBeTypeOf('string');
  });

  it('reads a sentence end followed by millions of closing brackets', { timeout: 120_000 }, async () => {
    const text = `Tenants may keep pets.${'」'.repeat(BMP_RUN)}\n(pets are fine with approval)`;
    await expect(askExtractive('pets?', [passage('a', text)])).resolves.toBe(
      '(pets are fine with approval) [1]',
    );
  });

  it('reads a line opening with millions of opening brackets', { timeout: 120_000 }, async () => {
    const text = `Tenants may keep pets\n${'「'.repeat(BMP_RUN)}only with approval.`;
    await expect(askExtractive('pets?', [passage('a', text)])).resolves.toBeTypeOf('string');
  });

  it('reads a list item whose `and` follows millions of spaces', { timeout: 120_000 }, async () => {
    const text = `Pets;${'\u3000'.repeat(BMP_RUN)}and`;
    const answer = await askExtractive('pets?', [passage('a', text)]);
    expect(answer.endsWith('and [1]')).toBe(true);
  });

  it('cuts an answer to maxOutputTokens before millions of signs', { timeout: 120_000 }, async () => {
    const passages = [passage('a', `Tenants may keep pets ${'★'.repeat(ASTRAL_RUN)} and cats.`)];
    const prompt = await renderPrompt(DEFAULT_PROMPT, { question: 'pets?', passages });
    const { text, finishReason } = await generateText({
      model: extractiveModel(),
      system: prompt.system,
      prompt: prompt.user,
      maxOutputTokens: 4,
    });
    expect({ text, finishReason }).toEqual({ text: 'Tenants may keep pets', finishReason: 'length' });
  });

  it('reads the cues of sentences holding runs of millions of characters', { timeout: 120_000 }, () => {
    expect(sentenceCues(`Dogs Cats Birds.${'”'.repeat(BMP_RUN)}`).heading).toBe(true);
    expect(sentenceCues(`Dogs cats ${'ж'.repeat(ASTRAL_RUN)}.`).heading).toBe(false);
    expect(sentenceCues(`Pets allowed: ${'★'.repeat(BMP_RUN)}`).leadIn).toBe(true);
  });
});
