import type { Passage } from '@gk/citations';
import { createUIMessageStream, type InferUIMessageChunk, type LanguageModel, type UIMessage } from 'ai';
import { expectTypeOf, test } from 'vitest';
import { createSynthesisUIMessageStream } from './create-synthesis-ui-message-stream.js';
import type {
  SynthesisDataTypes,
  SynthesisUIMessage,
  SynthesisUIMessageChunk,
} from './synthesis-data-parts.js';

declare const model: LanguageModel;
declare const passages: Passage[];
const question = 'What do the licences require?';

test('createSynthesisUIMessageStream is a stream of SynthesisUIMessage chunks by default', () => {
  const stream = createSynthesisUIMessageStream({ model, question, passages });
  expectTypeOf(stream).toEqualTypeOf<ReadableStream<SynthesisUIMessageChunk>>();
  createUIMessageStream<SynthesisUIMessage>({ execute: ({ writer }) => writer.merge(stream) });
});

// A review found a chat with typed message metadata unable to merge the stream (TS2345): its chunk type is of
// another message type.
test('createSynthesisUIMessageStream takes the message type of the chat it is merged into', () => {
  type AppMessage = UIMessage<{ createdAt: number }, SynthesisDataTypes & { weather: { city: string } }>;
  createUIMessageStream<AppMessage>({
    execute: ({ writer }) => {
      writer.write({ type: 'data-weather', data: { city: 'Oslo' } });
      const stream = createSynthesisUIMessageStream<AppMessage>({ model, question, passages });
      expectTypeOf(stream).toEqualTypeOf<ReadableStream<InferUIMessageChunk<AppMessage>>>();
      writer.merge(stream);
      // Without the type argument, the message type is read from where the stream goes.
      writer.merge(createSynthesisUIMessageStream({ model, question, passages, id: 'second' }));
    },
  });
  // A message type whose data parts are untyped carries them; one whose data parts leave the synthesis ones out, or
  // type one differently, does not.
  createSynthesisUIMessageStream<UIMessage<{ createdAt: number }>>({ model, question, passages });
  // @ts-expect-error its data parts lack data-claim, data-citation, ...
  createSynthesisUIMessageStream<UIMessage<unknown, { weather: { city: string } }>>({
    model,
    question,
    passages,
  });
  type Retyped = UIMessage<unknown, Omit<SynthesisDataTypes, 'claim'> & { claim: { id: number } }>;
  // @ts-expect-error its data-claim is not the one written
  createSynthesisUIMessageStream<Retyped>({ model, question, passages });
});
