import type { LanguageModel } from 'ai';

// The v3 specification types, derived from what `ai` exports, so the published types need no direct dependency
// on @ai-sdk/provider (a transitive dependency of `ai` that strict package managers do not expose). v3 is the
// specification both supported majors take as it is: AI SDK 6 implements it, AI SDK 7 accepts it beside v4.

/** A language model object implementing the v3 specification. */
export type LanguageModelV3 = Extract<LanguageModel, { specificationVersion: 'v3' }>;
/** The options of one `doGenerate` / `doStream` call. */
export type CallOptions = Parameters<LanguageModelV3['doGenerate']>[0];
/** The prompt of one call. */
export type Prompt = CallOptions['prompt'];
/** What `doGenerate` resolves to. */
export type GenerateResult = Awaited<ReturnType<LanguageModelV3['doGenerate']>>;
/** What `doStream` resolves to. */
export type StreamResult = Awaited<ReturnType<LanguageModelV3['doStream']>>;
/** One part of a model stream. */
export type StreamPart = StreamResult['stream'] extends ReadableStream<infer Part> ? Part : never;
/** One content part of a generate result. */
export type Content = GenerateResult['content'][number];
/** The usage a model reports. */
export type Usage = GenerateResult['usage'];
/** A call warning. */
export type Warning = GenerateResult['warnings'][number];
