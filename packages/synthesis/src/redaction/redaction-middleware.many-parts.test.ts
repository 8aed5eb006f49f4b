import { streamText, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import { MockLanguageModel } from '../__fixtures__/mock-models.js';
import {
  generatedThrough,
  partTexts,
  providerStream,
  restoredParts,
} from '../__fixtures__/restored-parts.js';
import type { GenerateResult, StreamPart } from '../model-types.js';
import { redactionMiddleware } from './redaction-middleware.js';

// A review found a token the model streamed over more than two text parts (`[EMA`, an empty part, `IL_1]`) left as
// the token, while generateText, which reads the parts as one text, restored it.

const EMAIL = 'ada@example.org';
const PROMPT = `Mail ${EMAIL}.`;

/** A part of `kind` with `id` and one delta for each of `deltas`. */
const part = (kind: 'text' | 'reasoning', id: string, ...deltas: string[]): StreamPart[] => [
  { type: `${kind}-start`, id },
  ...deltas.map((delta) => ({ type: `${kind}-delta` as const, id, delta })),
  { type: `${kind}-end`, id },
];

/** One text part for each of `texts`, its id `p` and its place. */
const texts = (...pieces: string[]): StreamPart[] => pieces.flatMap((text, i) => part('text', `p${i}`, text));

const streamed = (parts: readonly StreamPart[]) => {
  const inner = new MockLanguageModel({ doStream: async () => ({ stream: providerStream(parts) }) });
  return streamText({
    model: wrapLanguageModel({ model: inner, middleware: redactionMiddleware() }),
    prompt: PROMPT,
  });
};

const generated = (content: GenerateResult['content']) => generatedThrough(content, PROMPT);

const restored = (parts: readonly StreamPart[]) => restoredParts(parts, PROMPT);

describe('redactionMiddleware: a token streamed over more than two parts', () => {
  it.each([
    ['an empty part between', ['Write to [EMA', '', 'IL_1] today.']],
    ['three parts', ['Write to [EM', 'AIL_', '1] today.']],
    ['a part of one character', ['Write to [', 'E', 'MAIL_1] today.']],
    ['two empty parts between', ['Write to [EMAIL', '', '', '_1] today.']],
    ['every character its own part', ['Write to ', ...'[EMAIL_1]', ' today.']],
  ])('restores it as generateText does: %s', async (_label, pieces) => {
    const expected = `Write to ${EMAIL} today.`;
    expect((await generated(pieces.map((text) => ({ type: 'text' as const, text })))).text).toBe(expected);
    expect(await streamed(texts(...pieces)).text).toBe(expected);
  });

  it('gives the value to the part the token starts in and the rest to the part it ends in', async () => {
    const out = await restored(texts('Write to [EMA', '', 'IL_1] today.'));
    expect(partTexts(out)).toEqual({ p0: `Write to ${EMAIL}`, p1: '', p2: ' today.' });
  });

  it('restores reasoning over three parts', async () => {
    const out = await restored([
      ...part('reasoning', 'r0', 'I will mail [EM'),
      ...part('reasoning', 'r1', 'AIL'),
      ...part('reasoning', 'r2', '_1] now'),
    ]);
    expect(partTexts(out, 'reasoning')).toEqual({ r0: `I will mail ${EMAIL}`, r1: '', r2: ' now' });
  });

  it.each([
    ['text that completes no token', ['see [EMA', '', 'X] and [']],
    ['another bracket', ['see [EMAIL', '_', '2] ok']],
    ['a token that goes on', ['see [EMAIL_1', '', '0] ok']],
  ])('leaves each part its text: %s', async (_label, pieces) => {
    const out = await restored(texts(...pieces));
    expect(partTexts(out)).toEqual(Object.fromEntries(pieces.map((text, i) => [`p${i}`, text])));
  });

  it('holds nothing past a part of another kind in between', async () => {
    const out = await restored([
      ...part('text', 'a', 'Write to [EMA'),
      ...part('text', 'b'),
      ...part('reasoning', 'r', 'hm'),
      ...part('text', 'c', 'IL_1] now'),
    ]);
    expect(partTexts(out)).toEqual({ a: 'Write to [EMA', b: '', c: 'IL_1] now' });
  });
});
