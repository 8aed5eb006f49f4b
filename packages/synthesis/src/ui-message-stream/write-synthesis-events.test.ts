import {
  APICallError,
  createUIMessageStream,
  readUIMessageStream,
  type UIMessage,
  validateUIMessages,
} from 'ai';
import { describe, expect, it } from 'vitest';
import { licencePassages as passages } from '../__fixtures__/passages.js';
import { streamingModel } from '../__fixtures__/streaming-models.js';
import { streamSynthesize } from '../stream-synthesize/stream-synthesize.js';
import {
  type SynthesisDataTypes,
  type SynthesisUIMessage,
  type SynthesisUIMessageChunk,
  synthesisDataPartSchemas,
} from './synthesis-data-parts.js';
import { createSynthesisUIMessageStream } from './create-synthesis-ui-message-stream.js';
import { writeSynthesisEvents } from './write-synthesis-events.js';

const question = 'What do the licences require?';
const MIT = 'The MIT License is a permissive license [1].';
const GPL = 'The GPL is a copyleft license [2][3].';
const completion = `- ${MIT}\n- The MIT License forbids resale.\n- ${GPL}`;

async function chunksOf(stream: ReadableStream<SynthesisUIMessageChunk>): Promise<SynthesisUIMessageChunk[]> {
  const chunks: SynthesisUIMessageChunk[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<SynthesisUIMessageChunk>) chunks.push(chunk);
  return chunks;
}

async function lastMessage(stream: ReadableStream<SynthesisUIMessageChunk>): Promise<SynthesisUIMessage> {
  let message: SynthesisUIMessage | undefined;
  for await (const update of readUIMessageStream<SynthesisUIMessage>({ stream })) message = update;
  return message!;
}

describe('writeSynthesisEvents', () => {
  it('writes released text, claims with their citations, rejections and the end, in the order decided', async () => {
    const written: SynthesisUIMessageChunk[] = [];
    const { events, result } = streamSynthesize({
      model: streamingModel({ chunks: [...completion] }),
      question,
      passages,
      policy: 'drop-claims',
    });
    await writeSynthesisEvents({ write: (part) => written.push(part) }, events);
    const { text } = await result;
    expect(written.map((part) => part.type)).toEqual([
      'text-start',
      'text-delta',
      'data-claim',
      'data-citation',
      'data-rejected-claim',
      'text-delta',
      'data-claim',
      'data-citation',
      'data-citation',
      'text-end',
      'data-synthesis',
    ]);
    const deltas = written.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : []));
    expect(deltas.join('')).toBe(text);
    expect(deltas).toEqual([`- ${MIT}`, `\n- ${GPL}`]);
    const claims = written.flatMap((part) => (part.type === 'data-claim' ? [part.data] : []));
    // Each claim's position in the answer text is where a front end puts its citations.
    for (const claim of claims) expect(text.slice(claim.answer!.start, claim.answer!.end)).toBe(claim.text);
    expect(written.find((part) => part.type === 'data-citation')).toEqual({
      type: 'data-citation',
      id: 'answer-citation-0-0',
      data: { claim: 0, ...passages[0]!, title: undefined, source: 1 },
    });
    expect(written.find((part) => part.type === 'data-rejected-claim')).toMatchObject({
      data: { code: 'no_marker', text: 'The MIT License forbids resale.', markers: [] },
    });
    expect(written.at(-1)).toMatchObject({
      type: 'data-synthesis',
      data: { status: 'answered', claims: 2, rejected: 1, citations: 3, finishReason: 'stop' },
    });
  });

  it('builds, through the AI SDK, a UI message whose data parts validate against the exported schemas', async () => {
    const stream = createSynthesisUIMessageStream({
      model: streamingModel({
        chunks: completion.split(' ').map((word, i, all) => (i < all.length - 1 ? `${word} ` : word)),
      }),
      question,
      passages,
      policy: 'drop-claims',
    });
    const message = await lastMessage(stream);
    const [validated] = await validateUIMessages<SynthesisUIMessage>({
      messages: [{ ...message, id: 'm1' }],
      dataSchemas: synthesisDataPartSchemas,
    });
    const parts = validated!.parts;
    expect(parts.filter((part) => part.type === 'text')).toEqual([
      expect.objectContaining({ text: `- ${MIT}\n- ${GPL}` }),
    ]);
    expect(parts.filter((part) => part.type === 'data-citation').map((part) => part.data.documentId)).toEqual(
      ['mit', 'gpl-3.0', 'apache-2.0'],
    );
    expect(parts.filter((part) => part.type === 'data-rejected-claim')).toHaveLength(1);
  });

  it('writes a refused answer as data-synthesis-error and ends normally', async () => {
    const chunks = await chunksOf(
      createSynthesisUIMessageStream({
        model: streamingModel({ chunks: [`${MIT}\nUnmarked.\n${GPL}`] }),
        question,
        passages,
      }),
    );
    expect(chunks.map((chunk) => chunk.type)).toEqual([
      'start',
      'text-start',
      'text-delta',
      'data-claim',
      'data-citation',
      'data-rejected-claim',
      'text-end',
      'data-synthesis-error',
      'finish',
    ]);
    expect(chunks.find((chunk) => chunk.type === 'data-synthesis-error')).toMatchObject({
      data: { code: 'rejected_claims' },
    });
  });

  it('reports a provider error as the stream error, after what was released before it', async () => {
    const failure = new APICallError({
      message: 'overloaded',
      url: 'http://127.0.0.1/v1',
      requestBodyValues: {},
      statusCode: 529,
    });
    const chunks = await chunksOf(
      createSynthesisUIMessageStream({
        model: streamingModel({ chunks: [`${MIT}\n${GPL}\nThe Apache`], ending: { error: failure } }),
        question,
        passages,
        onError: (error) => `model error: ${(error as Error).message}`,
      }),
    );
    expect(chunks.map((chunk) => chunk.type)).toEqual([
      'start',
      'text-start',
      'text-delta',
      'data-claim',
      'data-citation',
      'text-delta',
      'data-claim',
      'data-citation',
      'data-citation',
      'text-end',
      'error',
    ]);
    expect(chunks.at(-1)).toEqual({ type: 'error', errorText: 'model error: overloaded' });
  });

  it('writes into a writer of a larger message type, beside the app’s own parts', async () => {
    type AppMessage = UIMessage<{ user: string }, SynthesisDataTypes & { note: { text: string } }>;
    const stream = createUIMessageStream<AppMessage>({
      execute: async ({ writer }) => {
        writer.write({
          type: 'data-note',
          id: 'note',
          data: { text: 'Answers come from the licence texts.' },
        });
        await writeSynthesisEvents(
          writer,
          streamSynthesize({ model: streamingModel({ chunks: [MIT] }), question, passages }).events,
          { id: 'first' },
        );
      },
    });
    const chunks = await chunksOf(stream as ReadableStream<SynthesisUIMessageChunk>);
    expect(chunks.filter((chunk) => 'id' in chunk).map((chunk) => (chunk as { id: string }).id)).toEqual([
      'note',
      'first-text',
      'first-text',
      'first-claim-0',
      'first-citation-0-0',
      'first-text',
      'first-synthesis',
    ]);
  });
});
