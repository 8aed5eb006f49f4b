import { createUIMessageStream } from 'ai';
import { checkArgument, isOptional } from '@gk/internal';
import {
  checkStreamSynthesizeOptions,
  type StreamSynthesizeOptions,
  streamSynthesize,
} from '../stream-synthesize/stream-synthesize.js';
import type { SynthesisUIMessage, SynthesisUIMessageChunk } from './synthesis-data-parts.js';
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
 * `streamSynthesize` as an AI SDK UI message stream (`createUIMessageStream` with {@link writeSynthesisEvents}),
 * ready for `createUIMessageStreamResponse` or `pipeUIMessageStreamToResponse` and a `useChat` front end.
 */
export function createSynthesisUIMessageStream(
  options: CreateSynthesisUIMessageStreamOptions,
): ReadableStream<SynthesisUIMessageChunk> {
  // Bad options are refused here, synchronously; a refused answer (SynthesisError) is written into the stream.
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
  return createUIMessageStream<SynthesisUIMessage>({
    execute: async ({ writer }) => {
      writer.write({ type: 'start' });
      await writeSynthesisEvents(writer, streamSynthesize(synthesis).events, { id });
      writer.write({ type: 'finish' });
    },
    ...(onError === undefined ? {} : { onError }),
  });
}
