import { checkArgument, checkOptions, isObject, isOptional } from '@gk/internal';
import type { SynthesisEvent } from '../stream-synthesize/synthesis-event.js';
import { SynthesisError } from '../synthesize/synthesis-error.js';
import type { SynthesisWrittenChunk } from './synthesis-data-parts.js';

/** What the bridge writes to: an AI SDK `UIMessageStreamWriter` (of any message type with these data parts). */
export interface SynthesisUIMessageWriter {
  write(part: SynthesisWrittenChunk): void;
}

/** Options for {@link writeSynthesisEvents}. */
export interface WriteSynthesisEventsOptions {
  /** Prefix of the ids of the parts written (default `'answer'`): the text part is `<id>-text`. */
  id?: string;
}

/**
 * Writes a synthesis stream into an AI SDK UI message stream as it is decided: released text as one text part,
 * each released claim as a `data-claim` part (where it sits in that text) followed by a `data-citation` part per
 * citation, each withheld claim as `data-rejected-claim`, and the end as `data-synthesis`. A refused answer
 * (`SynthesisError`) is written as `data-synthesis-error` and the promise resolves; any other error (a provider
 * error, an abort) is rethrown for `createUIMessageStream` to report.
 *
 * @example
 * const stream = createUIMessageStream<SynthesisUIMessage>({
 *   execute: ({ writer }) => writeSynthesisEvents(writer, streamSynthesize({ model, question, passages }).events),
 * });
 */
export async function writeSynthesisEvents(
  writer: SynthesisUIMessageWriter,
  events: AsyncIterable<SynthesisEvent>,
  options: WriteSynthesisEventsOptions = {},
): Promise<void> {
  checkArgument(
    isObject(writer) && typeof writer.write === 'function',
    'writer',
    'a UI message stream writer (an object with a `write` method)',
    writer,
  );
  checkArgument(
    typeof (events as Partial<AsyncIterable<unknown>> | null)?.[Symbol.asyncIterator] === 'function',
    'events',
    'an async iterable of synthesis events',
    events,
  );
  checkOptions(options);
  checkArgument(isOptional(options.id, 'string'), 'options.id', 'a string', options.id);
  const id = options.id ?? 'answer';
  const textId = `${id}-text`;
  let textOpen = false;
  let answerLength = 0;
  let claims = 0;
  let rejections = 0;
  const writeText = (delta: string): void => {
    if (delta === '') return;
    if (!textOpen) writer.write({ type: 'text-start', id: textId });
    textOpen = true;
    writer.write({ type: 'text-delta', id: textId, delta });
    answerLength += delta.length;
  };
  const closeText = (): void => {
    if (textOpen) writer.write({ type: 'text-end', id: textId });
    textOpen = false;
  };
  try {
    for await (const event of events) {
      checkArgument(isObject(event), 'events', 'synthesis events (objects)', event);
      switch (event.type) {
        case 'claim': {
          const index = claims++;
          writeText(event.text);
          const { claim } = event;
          const visible = claim.text !== '' && event.text.endsWith(claim.text);
          writer.write({
            type: 'data-claim',
            id: `${id}-claim-${index}`,
            data: {
              index,
              text: claim.text,
              answer: visible ? { start: answerLength - claim.text.length, end: answerLength } : null,
            },
          });
          claim.citations.forEach((citation, k) => {
            writer.write({
              type: 'data-citation',
              id: `${id}-citation-${index}-${k}`,
              data: {
                claim: index,
                source: citation.source,
                documentId: citation.documentId,
                chunkId: citation.chunkId,
                start: citation.start,
                end: citation.end,
                text: citation.text,
              },
            });
          });
          break;
        }
        case 'rejected': {
          const { text, code, message, markers, span } = event.rejected;
          writer.write({
            type: 'data-rejected-claim',
            id: `${id}-rejected-${rejections++}`,
            data: { text, code, message, markers, span: { start: span.start, end: span.end } },
          });
          break;
        }
        case 'abstained':
          break;
        case 'done': {
          writeText(event.text);
          closeText();
          const { result } = event;
          writer.write({
            type: 'data-synthesis',
            id: `${id}-synthesis`,
            data: {
              status: result.status,
              finishReason: result.finishReason,
              claims: result.claims.length,
              rejected: result.rejected.length,
              citations: result.citations.length,
              model: { provider: result.model.provider, modelId: result.model.modelId },
              promptHash: result.promptHash,
            },
          });
          break;
        }
      }
    }
  } catch (error) {
    closeText();
    if (!SynthesisError.isInstance(error)) throw error;
    writer.write({
      type: 'data-synthesis-error',
      id: `${id}-synthesis-error`,
      data: { code: error.code, message: error.message },
    });
  }
}
