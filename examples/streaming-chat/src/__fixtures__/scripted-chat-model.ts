import { type Passage, splitClaims, verifyAnswer } from '@gk/citations';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';

/** A claim no licence passage supports: the checks must withhold it. */
export const FABRICATED_CLAIM =
  'You must also pay the Apache Software Foundation a fee of 500 euros for every copy you distribute. [1]';

/**
 * A scripted stand-in for a cloud model: it answers with a quotation of one source, the fabricated claim, and a
 * verbatim sentence of a later source, in that order, streamed a few characters at a time.
 */
export function scriptedChatModel(passages: readonly Passage[]): MockLanguageModelV3 {
  return replyingModel(scriptedAnswer(passages).claims.join('\n'));
}

/** What {@link scriptedChatModel} writes for these passages, claim by claim, and the passages it cites. */
export function scriptedAnswer(passages: readonly Passage[]): { claims: string[]; cited: [number, number] } {
  const first = passages.findIndex((passage) => citableSentence(passage, { quotable: true }) !== undefined);
  const second = passages.findIndex((passage, i) => i > first && citableSentence(passage) !== undefined);
  if (first === -1 || second === -1) throw new Error('the passages hold no two citable sentences');
  const quoted = citableSentence(passages[first]!, { quotable: true })!.replace(/[.;,:]$/, '');
  return {
    claims: [
      `The licence states that "${quoted}" [${first + 1}].`,
      fabricatedClaim(first + 1),
      `${citableSentence(passages[second]!)} [${second + 1}]`,
    ],
    cited: [first, second],
  };
}

/** The fabricated claim, citing source `n`. */
export const fabricatedClaim = (n: number): string => FABRICATED_CLAIM.replace('[1]', `[${n}]`);

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

/**
 * The longest sentence of the passage that verifies alone, with the support check, when cited; `quotable` asks for
 * one without quotation marks, to be quoted whole.
 */
export function citableSentence(passage: Passage, options: { quotable?: boolean } = {}): string | undefined {
  return splitClaims(passage.text)
    .filter(
      (unit) =>
        unit.markers.length === 0 &&
        !unit.text.includes('\n') &&
        !unit.text.endsWith(':') &&
        !(options.quotable === true && /["“”]/.test(unit.text)) &&
        unit.text.split(' ').length >= 6,
    )
    .map((unit) => unit.text)
    .sort((a, b) => b.length - a.length)
    .find((sentence) => verifyAnswer(`${sentence} [1]`, [passage], { support: {} }).claims.length === 1);
}
