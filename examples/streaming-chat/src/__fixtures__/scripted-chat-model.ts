import { type Passage, splitClaims, verifyAnswer } from '@gk/citations';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';

/** A claim no licence passage supports: the checks must withhold it. */
export const FABRICATED_CLAIM =
  'You must also pay the Apache Software Foundation a fee of 500 euros for every copy you distribute. [1]';

/**
 * A scripted stand-in for a cloud model: it answers with a quotation of source [1], the fabricated claim, and a
 * verbatim sentence of source [2], in that order, streamed a few characters at a time.
 */
export function scriptedChatModel(passages: readonly Passage[]): MockLanguageModelV3 {
  return replyingModel(scriptedClaims(passages).join('\n'));
}

/** What {@link scriptedChatModel} writes for these passages, claim by claim. */
export function scriptedClaims(passages: readonly Passage[]): string[] {
  const quoted = citableSentence(passages[0]!).replace(/[.;,]$/, '');
  return [
    `The licence states that "${quoted}" [1].`,
    FABRICATED_CLAIM,
    `${citableSentence(passages[1]!)} [2]`,
  ];
}

/** A model that streams `text`, nine characters at a time, whatever it is asked. */
export function replyingModel(text: string): MockLanguageModelV3 {
  const chunks = text.match(/[\s\S]{1,9}/g) ?? [];
  return new MockLanguageModelV3({
    provider: 'scripted',
    modelId: 'fabricates-one-claim',
    doStream: async () => ({
      stream: convertArrayToReadableStream([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        ...chunks.map((delta) => ({ type: 'text-delta' as const, id: 't', delta })),
        { type: 'text-end', id: 't' },
        {
          type: 'finish',
          finishReason: { unified: 'stop', raw: 'stop' },
          usage: {
            inputTokens: {
              total: undefined,
              noCache: undefined,
              cacheRead: undefined,
              cacheWrite: undefined,
            },
            outputTokens: { total: undefined, text: undefined, reasoning: undefined },
          },
        },
      ]),
    }),
  });
}

/** The longest sentence of the passage that verifies, alone and with the support check, when cited. */
export function citableSentence(passage: Passage): string {
  const sentences = splitClaims(passage.text)
    .filter(
      (unit) =>
        unit.markers.length === 0 &&
        !unit.text.includes('"') &&
        !unit.text.includes('\n') &&
        /[.;a-z]$/.test(unit.text) &&
        unit.text.split(' ').length >= 6,
    )
    .map((unit) => unit.text)
    .sort((a, b) => b.length - a.length);
  const found = sentences.find(
    (sentence) => verifyAnswer(`${sentence} [1]`, [passage], { support: {} }).claims.length === 1,
  );
  if (found === undefined) throw new Error(`no citable sentence in ${passage.chunkId}`);
  return found;
}
