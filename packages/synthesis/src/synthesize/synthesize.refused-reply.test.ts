// A reply that breaks the one-step, text-only protocol (a tool call, a part after the finish) is the function's
// own error, with a code and the ModelStreamError as its cause, so callers that record refusals record it too.
import { ModelStreamError } from '@gk/model-kit';
import { convertArrayToReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { generateResult, MockLanguageModel, usage } from '../__fixtures__/mock-models.js';
import { licencePassages as passages } from '../__fixtures__/passages.js';
import { streamParts } from '../__fixtures__/streaming-models.js';
import type { StreamPart } from '../model-types.js';
import { QueryRewriteError } from '../rewrite-query/query-rewrite-error.js';
import { rewriteQuery } from '../rewrite-query/rewrite-query.js';
import { streamSynthesize } from '../stream-synthesize/stream-synthesize.js';
import { createSynthesisUIMessageStream } from '../ui-message-stream/create-synthesis-ui-message-stream.js';
import type { SynthesisUIMessageChunk } from '../ui-message-stream/synthesis-data-parts.js';
import { buildSynthesisRow } from './build-synthesis-row.js';
import { SynthesisError } from './synthesis-error.js';
import { synthesize } from './synthesize.js';

const MIT = 'The MIT License is a permissive license [1].';
const GPL = 'The GPL is a copyleft license [2].';
const lookup = { type: 'tool-call' as const, toolCallId: 'call_1', toolName: 'search', input: '{"q":"GPL"}' };

/** A model that answers with text and a tool call nobody offered it (a provider's built-in tool, a middleware's). */
function toolCallingModel(): MockLanguageModel {
  return new MockLanguageModel({
    provider: 'mock-provider',
    modelId: 'mock-model',
    doGenerate: async () => ({ ...generateResult(MIT), content: [{ type: 'text', text: MIT }, lookup] }),
    doStream: async () => ({
      stream: convertArrayToReadableStream<StreamPart>([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't1' },
        { type: 'text-delta', id: 't1', delta: `${MIT}\n` },
        { type: 'text-delta', id: 't1', delta: 'The GPL is' },
        { type: 'text-end', id: 't1' },
        lookup,
        { type: 'finish', usage, finishReason: { unified: 'tool-calls', raw: 'tool_use' } },
      ]),
    }),
  });
}

/** A model whose stream sends more text after its finish part. */
function appendingModel(): MockLanguageModel {
  const parts = streamParts([`${MIT}\n`, `${GPL}\n`]);
  return new MockLanguageModel({
    provider: 'mock-provider',
    modelId: 'mock-model',
    doStream: async () => ({
      stream: convertArrayToReadableStream<StreamPart>([
        ...parts,
        { type: 'text-delta', id: 't1', delta: 'The MIT License forbids resale [1].' },
      ]),
    }),
  });
}

async function refusal(promise: Promise<unknown>): Promise<SynthesisError> {
  const error = await promise.then(
    () => expect.unreachable('expected a SynthesisError'),
    (caught: unknown) => caught,
  );
  expect(SynthesisError.isInstance(error)).toBe(true);
  return error as SynthesisError;
}

describe('synthesize: a reply that breaks the one-step protocol', () => {
  it('is a SynthesisError tool_call whose cause is the ModelStreamError, and is not retried', async () => {
    const model = toolCallingModel();
    const error = await refusal(synthesize({ model, question: 'q?', passages, retry: { maxAttempts: 3 } }));
    expect(error).toMatchObject({ code: 'tool_call', attempts: 1, verification: undefined, rejected: [] });
    expect(ModelStreamError.isInstance(error.cause)).toBe(true);
    expect(error.cause).toMatchObject({ code: 'tool_call' });
    expect(error.message).not.toContain('MIT');
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(buildSynthesisRow({ queryId: 'q1', synthesis: error })).toEqual({
      queryId: 'q1',
      status: 'rejected',
      rejectionCode: 'tool_call',
      claimsWritten: 0,
      claimsAccepted: 0,
    });
  });
});

describe('streamSynthesize: a reply that breaks the one-step protocol', () => {
  it('ends with a SynthesisError tool_call, the claims it read counted, and is not retried', async () => {
    const model = toolCallingModel();
    const { events, result } = streamSynthesize({
      model,
      question: 'q?',
      passages,
      retry: { maxAttempts: 2 },
    });
    const error = await refusal(result);
    expect(error).toMatchObject({ code: 'tool_call', attempts: 1, claimsRead: 1 });
    expect(ModelStreamError.isInstance(error.cause)).toBe(true);
    expect(model.doStreamCalls).toHaveLength(1);
    const seen: string[] = [];
    await expect(
      (async () => {
        for await (const event of events) seen.push(event.type);
      })(),
    ).rejects.toBe(error);
    expect(buildSynthesisRow({ queryId: 'q1', synthesis: error })).toMatchObject({
      status: 'rejected',
      rejectionCode: 'tool_call',
      claimsWritten: 1,
    });
  });

  it('ends with a SynthesisError part_after_finish, keeping the claims released before it', async () => {
    const { events, result } = streamSynthesize({
      model: appendingModel(),
      question: 'q?',
      passages,
      policy: 'drop-claims',
    });
    const released: string[] = [];
    const ended = await (async () => {
      for await (const event of events) if (event.type === 'claim') released.push(event.claim.text);
    })().catch((caught: unknown) => caught);
    const error = await refusal(result);
    expect(ended).toBe(error);
    expect(error.code).toBe('part_after_finish');
    expect(error.cause).toMatchObject({ name: 'ModelStreamError', code: 'part_after_finish' });
    expect(error.claimsRead).toBeGreaterThanOrEqual(released.length);
    for (const text of released) expect([MIT, GPL]).toContain(text);
  });

  it('is written into a UI message stream as data-synthesis-error, as any refused answer is', async () => {
    const chunks: SynthesisUIMessageChunk[] = [];
    const stream = createSynthesisUIMessageStream({ model: toolCallingModel(), question: 'q?', passages });
    for await (const chunk of stream as unknown as AsyncIterable<SynthesisUIMessageChunk>) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.type)).not.toContain('error');
    expect(chunks.find((chunk) => chunk.type === 'data-synthesis-error')).toMatchObject({
      data: { code: 'tool_call' },
    });
    expect(chunks.at(-1)).toEqual({ type: 'finish' });
  });
});

describe('rewriteQuery: a reply that breaks the one-step protocol', () => {
  it('is a QueryRewriteError tool_call whose cause is the ModelStreamError', async () => {
    const model = new MockLanguageModel({
      doGenerate: async () => ({
        ...generateResult('GPL licence'),
        content: [{ type: 'text', text: 'GPL licence' }, lookup],
      }),
    });
    const error = await rewriteQuery({ model, query: 'what about the GPL?' }).catch(
      (caught: unknown) => caught,
    );
    expect(QueryRewriteError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'tool_call' });
    expect(ModelStreamError.isInstance((error as Error).cause)).toBe(true);
  });
});
