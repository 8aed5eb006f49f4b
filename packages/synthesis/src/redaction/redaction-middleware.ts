import { checkArgument, checkOptions, isOptional } from '@gk/internal';
import type { CallOptions, Content, Prompt, StreamPart } from '../model-types.js';
import type { LanguageModelMiddleware } from 'ai';
import { DEFAULT_REDACTION_PATTERNS } from './default-redaction-patterns.js';
import { compilePatterns, type RedactionPattern, Redactor } from './redactor.js';

/** Options for `redactionMiddleware`. */
export interface RedactionMiddlewareOptions {
  /** Extra patterns (names, account numbers, ...); they run together with the defaults. */
  patterns?: readonly RedactionPattern[];
  /** Apply `DEFAULT_REDACTION_PATTERNS` as well (default true). */
  defaults?: boolean;
}

/**
 * Middleware for `wrapLanguageModel` that replaces sensitive values in the prompt with `[NAME_n]` tokens before
 * the model sees them and puts the values back into the output text and tool-call inputs; each call gets its own
 * token map.
 */
export function redactionMiddleware(options: RedactionMiddlewareOptions = {}): LanguageModelMiddleware {
  checkOptions(options);
  checkArgument(isOptional(options.defaults, 'boolean'), 'options.defaults', 'a boolean', options.defaults);
  checkArgument(
    options.patterns === undefined || Array.isArray(options.patterns),
    'options.patterns',
    'an array of { name, pattern } entries',
    options.patterns,
  );
  const patterns = compilePatterns([
    ...(options.defaults === false ? [] : DEFAULT_REDACTION_PATTERNS),
    ...(options.patterns ?? []),
  ]);
  // The map lives in the closure of one wrapGenerate/wrapStream invocation, so a token never outlives its call.
  const begin = (params: CallOptions): { redactor: Redactor; params: CallOptions } => {
    const redactor = new Redactor(patterns, promptTexts(params.prompt));
    return { redactor, params: { ...params, prompt: redactPrompt(params.prompt, redactor) } };
  };
  return {
    // AI SDK 6 calls this with v3 call options, AI SDK 7 with v4; the parts read here have one shape in both.
    specificationVersion: 'v3',
    wrapGenerate: async ({ params, model }) => {
      const call = begin(params);
      const result = await model.doGenerate(call.params);
      // A v4 result (AI SDK 7) may carry the structured output's text apart from the content.
      const { structuredOutputText } = result as { structuredOutputText?: unknown };
      return {
        ...result,
        content: result.content.map((part) => restoreContent(part, call.redactor)),
        ...(typeof structuredOutputText === 'string'
          ? { structuredOutputText: call.redactor.restore(structuredOutputText) }
          : {}),
      };
    },
    wrapStream: async ({ params, model }) => {
      const call = begin(params);
      const result = await model.doStream(call.params);
      return { ...result, stream: result.stream.pipeThrough(restoreStream(call.redactor)) };
    },
  };
}

function promptTexts(prompt: Prompt): string[] {
  const texts: string[] = [];
  mapPromptText(prompt, (text) => {
    texts.push(text);
    return text;
  });
  return texts;
}

function redactPrompt(prompt: Prompt, redactor: Redactor): Prompt {
  return mapPromptText(prompt, (text) => redactor.redact(text));
}

/**
 * Applies `map` to every text the model reads in the prompt: system, text and reasoning parts, inline text files,
 * earlier tool calls' inputs, tool results (text, JSON, content text, the reason a call was denied) and approval
 * reasons.
 */
function mapPromptText(prompt: Prompt, map: (text: string) => string): Prompt {
  return prompt.map((message) => {
    switch (message.role) {
      case 'system':
        return { ...message, content: map(message.content) };
      case 'user':
        return { ...message, content: message.content.map((part) => mapPart(part, map)) };
      case 'assistant':
        return { ...message, content: message.content.map((part) => mapPart(part, map)) };
      case 'tool':
        return { ...message, content: message.content.map((part) => mapPart(part, map)) };
      default:
        return message;
    }
  });
}

function mapPart<P extends { type: string }>(part: P, map: (text: string) => string): P {
  const any = part as P & Record<string, unknown>;
  if ((part.type === 'text' || part.type === 'reasoning') && typeof any.text === 'string') {
    return { ...part, text: map(any.text) };
  }
  if (part.type === 'file') {
    const data = any.data as { type?: string; text?: unknown } | undefined;
    if (data?.type === 'text' && typeof data.text === 'string')
      return { ...part, data: { ...data, text: map(data.text) } };
  }
  // An earlier tool call's input (the arguments the model wrote, in an agent's history): every string in it.
  if (part.type === 'tool-call' && 'input' in any) return { ...part, input: mapJson(any.input, map) };
  // Why a tool call was approved or refused (AI SDK 7).
  if (part.type === 'tool-approval-response' && typeof any.reason === 'string')
    return { ...part, reason: map(any.reason) };
  if (part.type === 'tool-result') {
    const output = any.output as { type: string; value?: unknown; reason?: unknown };
    if ((output.type === 'text' || output.type === 'error-text') && typeof output.value === 'string') {
      return { ...part, output: { ...output, value: map(output.value) } };
    }
    if (output.type === 'json' || output.type === 'error-json')
      return { ...part, output: { ...output, value: mapJson(output.value, map) } };
    if (output.type === 'execution-denied' && typeof output.reason === 'string')
      return { ...part, output: { ...output, reason: map(output.reason) } };
    if (output.type === 'content' && Array.isArray(output.value)) {
      return { ...part, output: { ...output, value: output.value.map((item) => mapPart(item, map)) } };
    }
  }
  return part;
}

/** `map` applied to every string in a JSON value, keys too (own enumerable keys only, `__proto__` kept as a key). */
function mapJson(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapJson(item, map));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [map(key), mapJson(item, map)]));
}

function restoreContent(part: Content, redactor: Redactor): Content {
  if (part.type === 'text' || part.type === 'reasoning')
    return { ...part, text: redactor.restore(part.text) };
  // The tool runs here, on the real value; the input is JSON text, so the value goes in escaped.
  if (part.type === 'tool-call' && typeof part.input === 'string')
    return { ...part, input: redactor.restore(part.input, escapeJson) };
  return part;
}

/** `value` as it reads inside a JSON string: quotes, backslashes, controls and lone surrogates escaped. */
function escapeJson(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

type Channel = 'text-delta' | 'reasoning-delta' | 'tool-input-delta';

/**
 * Restores tokens in text, reasoning and tool-input deltas and in tool calls, holding back a tail that could be
 * the start of a split token.
 */
function restoreStream(redactor: Redactor): TransformStream<StreamPart, StreamPart> {
  // Held-back tails by channel and id: a text and a reasoning block that share an id never mix their text.
  const pending = new Map<string, { type: Channel; id: string; text: string }>();
  // Tool inputs streamed as raw text (AI SDK 7's `inputEncoding: 'text'`), by id; all others are JSON text.
  const rawInputs = new Set<string>();
  const restore = (type: Channel, id: string, text: string): string =>
    type === 'tool-input-delta' && !rawInputs.has(id)
      ? redactor.restore(text, escapeJson)
      : redactor.restore(text);
  const flush = (key: string, controller: TransformStreamDefaultController<StreamPart>): void => {
    const held = pending.get(key);
    pending.delete(key);
    if (held !== undefined && held.text !== '') {
      controller.enqueue({ type: held.type, id: held.id, delta: restore(held.type, held.id, held.text) });
    }
  };
  return new TransformStream({
    transform(part, controller) {
      if (part.type === 'text-delta' || part.type === 'reasoning-delta' || part.type === 'tool-input-delta') {
        const key = `${part.type}:${part.id}`;
        const text = (pending.get(key)?.text ?? '') + part.delta;
        const cut = holdBackFrom(text, redactor);
        pending.set(key, { type: part.type, id: part.id, text: text.slice(cut) });
        if (cut > 0) controller.enqueue({ ...part, delta: restore(part.type, part.id, text.slice(0, cut)) });
        return;
      }
      if (part.type === 'tool-input-start') {
        if ((part as { inputEncoding?: unknown }).inputEncoding === 'text') rawInputs.add(part.id);
        else rawInputs.delete(part.id);
      }
      if (part.type === 'text-end') flush(`text-delta:${part.id}`, controller);
      if (part.type === 'reasoning-end') flush(`reasoning-delta:${part.id}`, controller);
      if (part.type === 'tool-input-end') flush(`tool-input-delta:${part.id}`, controller);
      if (part.type === 'tool-call') {
        // A provider that sends no tool-input-end still gets its input's tail out before the call itself.
        flush(`tool-input-delta:${part.toolCallId}`, controller);
        controller.enqueue(
          typeof part.input === 'string'
            ? { ...part, input: redactor.restore(part.input, escapeJson) }
            : part,
        );
        return;
      }
      if (part.type === 'finish' || part.type === 'error')
        for (const key of [...pending.keys()]) flush(key, controller);
      controller.enqueue(part);
    },
    flush(controller) {
      for (const key of [...pending.keys()]) flush(key, controller);
    },
  });
}

/** Where the part of `text` that may still become a token starts (`text.length` when nothing is held). */
function holdBackFrom(text: string, redactor: Redactor): number {
  const from = Math.max(0, text.length - redactor.longestToken + 1);
  const open = text.lastIndexOf('[');
  if (open < from) return text.length;
  return redactor.couldStartToken(text.slice(open)) ? open : text.length;
}
