import { createUIMessageStream, type InferUIMessageChunk, type UIMessage } from 'ai';
import { checkArgument, isOptional } from '@gk/internal';
import {
  checkStreamSynthesizeOptions,
  type StreamSynthesizeOptions,
  streamSynthesize,
} from '../stream-synthesize/stream-synthesize.js';
import { readSynthesisOptions } from '../synthesize/prepare-synthesis.js';
import type { SynthesisUIMessage, SynthesisWrittenChunk } from './synthesis-data-parts.js';
import { writeSynthesisEvents } from './write-synthesis-events.js';

/** Options for {@link createSynthesisUIMessageStream}: those of `streamSynthesize`, and how errors are shown. */
export interface CreateSynthesisUIMessageStreamOptions extends StreamSynthesizeOptions {
  /** Prefix of the part ids (default `'answer'`). */
  id?: string;
  /**
   * The text a client sees for an error that is not a refused answer (a provider error, an abort); the AI SDK's
   * default hides the details.
   */
  onError?: (error: unknown) => string;
}

/**
 * Nothing when a stream of `UIMessage`'s chunks can carry every chunk the bridge writes (its data types hold the
 * synthesis data parts, or leave data parts untyped); else a type no options object is, naming why.
 */
type CarriesSynthesisParts<Message extends UIMessage> = [SynthesisWrittenChunk] extends [
  InferUIMessageChunk<Message>,
]
  ? unknown
  : 'a UI message type whose data parts include SynthesisDataTypes';

/**
 * `streamSynthesize` as an AI SDK UI message stream (`createUIMessageStream` with {@link writeSynthesisEvents}),
 * ready for `createUIMessageStreamResponse` or `pipeUIMessageStreamToResponse` and a `useChat` front end. Its chunks
 * are those of `Message` (`SynthesisUIMessage` by default, or the message type of the chat it is merged into, which
 * may carry its own metadata and data parts beside the synthesis ones): `writer.merge(createSynthesisUIMessageStream(…))`
 * in `createUIMessageStream<AppMessage>` takes `AppMessage` from there.
 */
export function createSynthesisUIMessageStream<Message extends UIMessage = SynthesisUIMessage>(
  given: CreateSynthesisUIMessageStreamOptions & CarriesSynthesisParts<Message>,
): ReadableStream<InferUIMessageChunk<Message>> {
  // Bad options are refused here, synchronously; a refused answer (SynthesisError) is written into the stream.
  const options = readSynthesisOptions(given);
  checkStreamSynthesizeOptions(options);
  const { id, onError, ...synthesis } = options;
  checkArgument(isOptional(id, 'string'), 'options.id', 'a string', id);
  checkArgument(isOptional(onError, 'function'), 'options.onError', 'a function', onError);
  // `data-synthesis` names the model by its provider and id; a model object without them would be refused only
  // at the end, after its whole answer was shown, so it is refused now (a model id string resolves to both).
  const { model } = synthesis;
  checkArgument(
    typeof model === 'string' || (typeof model.provider === 'string' && typeof model.modelId === 'string'),
    'options.model',
    'a language model with a string provider and modelId',
    model,
  );
  const stream = createUIMessageStream<SynthesisUIMessage>({
    execute: async ({ writer }) => {
      writer.write({ type: 'start' });
      await writeSynthesisEvents(writer, streamSynthesize(synthesis).events, { id });
      writer.write({ type: 'finish' });
    },
    ...(onError === undefined ? {} : { onError }),
  });
  // Every chunk written is one of `Message`'s: `CarriesSynthesisParts` refuses a message type that lacks one.
  return stream as unknown as ReadableStream<InferUIMessageChunk<Message>>;
}
