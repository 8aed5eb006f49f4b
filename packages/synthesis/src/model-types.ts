import type { LanguageModel } from 'ai';

// The v4 spec types, derived from what `ai` exports, so the published types need no direct dependency on
// @ai-sdk/provider (a transitive dependency of `ai` that strict package managers do not expose).

/** A language model object implementing the v4 specification. */
export type LanguageModelV4 = Extract<LanguageModel, { specificationVersion: 'v4' }>;
/** The options of one `doGenerate` / `doStream` call. */
export type CallOptions = Parameters<LanguageModelV4['doGenerate']>[0];
/** The prompt of one call. */
export type Prompt = CallOptions['prompt'];
/** What `doGenerate` resolves to. */
export type GenerateResult = Awaited<ReturnType<LanguageModelV4['doGenerate']>>;
/** What `doStream` resolves to. */
export type StreamResult = Awaited<ReturnType<LanguageModelV4['doStream']>>;
/** One part of a model stream. */
export type StreamPart = StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never;
/** One content part of a generate result. */
export type Content = GenerateResult['content'][number];
/** The usage a model reports. */
export type Usage = GenerateResult['usage'];
/** A call warning. */
export type Warning = GenerateResult['warnings'][number];
