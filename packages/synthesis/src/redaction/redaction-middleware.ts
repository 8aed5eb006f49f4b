import { checkArgument, isOptional, readOptions } from '@gk/internal';
import type { CallOptions, Content, StreamPart } from '../model-types.js';
import type { LanguageModelMiddleware } from 'ai';
import { DEFAULT_REDACTION_PATTERNS } from './default-redaction-patterns.js';
import { mapTextRuns } from './map-text-runs.js';
import { promptTexts, redactPrompt } from './redact-prompt.js';
import { compilePatterns, type RedactionPattern, Redactor } from './redactor.js';
import { spliceJoined } from './splice-joined.js';

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
export function redactionMiddleware(given: RedactionMiddlewareOptions = {}): LanguageModelMiddleware {
  // A misspelt `patterns` would send everything the caller meant to redact with it. Each option is read once.
  const options = readOptions(given, ['patterns', 'defaults']);
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
      // A v4 result (AI SDK 7) may carry the structured output's text apart from the content: JSON text, so the
      // value goes in escaped, as into a tool call's input.
      const { structuredOutputText } = result as { structuredOutputText?: unknown };
      return {
        ...result,
        // A token the model wrote across two text parts reads as one in `result.text`: it is restored as one.
        content: mapTextRuns(
          result.content,
          (run) => spliceJoined(run, (joined) => call.redactor.restorations(joined)),
          (part) => restoreToolCall(part, call.redactor),
        ),
        ...(typeof structuredOutputText === 'string'
          ? { structuredOutputText: call.redactor.restore(structuredOutputText, escapeJson) }
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

function restoreToolCall(part: Content, redactor: Redactor): Content {
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
type Start = Extract<StreamPart, { type: 'text-start' | 'reasoning-start' }>;

/**
 * A text or reasoning part that ended on what may be the start of a token: its tail and end are held until the
 * next part of its kind shows whether the token goes on there (`result.text` joins the parts, so it reads as one).
 */
interface Carry {
  kind: 'text' | 'reasoning';
  id: string;
  tail: string;
  end: StreamPart;
  /** The next part's start, held. */
  start?: Start;
  /** The next part's first text, held while the tail and it may still become a token. */
  borrowed: string;
}

/**
 * Restores tokens in text, reasoning and tool-input deltas and in tool calls, holding back a tail that could be
 * the start of a split token, also across the end of a text or reasoning part and the start of the next one.
 */
function restoreStream(redactor: Redactor): TransformStream<StreamPart, StreamPart> {
  // Held-back tails by channel and id: a text and a reasoning block that share an id never mix their text.
  const pending = new Map<string, { type: Channel; id: string; text: string }>();
  // Tool inputs streamed as raw text (AI SDK 7's `inputEncoding: 'text'`), by id; all others are JSON text.
  const rawInputs = new Set<string>();
  let carry: Carry | undefined;
  const restore = (type: Channel, id: string, text: string): string =>
    type === 'tool-input-delta' && !rawInputs.has(id)
      ? redactor.restore(text, escapeJson)
      : redactor.restore(text);
  type Controller = TransformStreamDefaultController<StreamPart>;
  const flush = (key: string, controller: Controller): void => {
    const held = pending.get(key);
    pending.delete(key);
    if (held !== undefined && held.text !== '') {
      controller.enqueue({ type: held.type, id: held.id, delta: restore(held.type, held.id, held.text) });
    }
  };
  // Ends the carried part with `last` (the tail, or the token it completes) and starts the next one with `rest`.
  const release = (controller: Controller, last: string, rest: string): void => {
    if (carry === undefined) return;
    const { kind, id, end, start } = carry;
    carry = undefined;
    controller.enqueue({ type: `${kind}-delta`, id, delta: redactor.restore(last) });
    controller.enqueue(end);
    if (start === undefined) return;
    controller.enqueue(start);
    if (rest !== '') handle({ type: `${kind}-delta`, id: start.id, delta: rest }, controller);
  };
  const handle = (part: StreamPart, controller: Controller): void => {
    if (part.type === 'text-delta' || part.type === 'reasoning-delta' || part.type === 'tool-input-delta') {
      const key = `${part.type}:${part.id}`;
      const text = (pending.get(key)?.text ?? '') + part.delta;
      const cut = holdBackFrom(text, redactor);
      pending.set(key, { type: part.type, id: part.id, text: text.slice(cut) });
      if (cut > 0) controller.enqueue({ ...part, delta: restore(part.type, part.id, text.slice(0, cut)) });
      return;
    }
    if (part.type === 'text-end' || part.type === 'reasoning-end') {
      const kind = part.type === 'text-end' ? 'text' : 'reasoning';
      const tail = pending.get(`${kind}-delta:${part.id}`)?.text ?? '';
      pending.delete(`${kind}-delta:${part.id}`);
      if (tail === '') controller.enqueue(part);
      else carry = { kind, id: part.id, tail, end: part, borrowed: '' };
      return;
    }
    if (part.type === 'tool-input-start') {
      if ((part as { inputEncoding?: unknown }).inputEncoding === 'text') rawInputs.add(part.id);
      else rawInputs.delete(part.id);
    }
    if (part.type === 'tool-input-end') flush(`tool-input-delta:${part.id}`, controller);
    if (part.type === 'tool-call') {
      // A provider that sends no tool-input-end still gets its input's tail out before the call itself.
      flush(`tool-input-delta:${part.toolCallId}`, controller);
      controller.enqueue(
        typeof part.input === 'string' ? { ...part, input: redactor.restore(part.input, escapeJson) } : part,
      );
      return;
    }
    if (part.type === 'finish' || part.type === 'error')
      for (const key of [...pending.keys()]) flush(key, controller);
    controller.enqueue(part);
  };
  return new TransformStream({
    transform(part, controller) {
      // Raw provider chunks pass; anything but the next part's start and first text ends the carry unrestored,
      // so at most two parts and a token's length of text are ever held.
      if (carry !== undefined && part.type !== 'raw') {
        if (carry.start === undefined && part.type === `${carry.kind}-start`) {
          carry.start = part as Start;
          return;
        }
        const next =
          part.type === `${carry.kind}-delta` ? (part as { id: string; delta: string }) : undefined;
        if (carry.start !== undefined && next !== undefined && next.id === carry.start.id) {
          const text = carry.tail + carry.borrowed + next.delta;
          const close = text.indexOf(']');
          if (close === -1 && redactor.couldStartToken(text)) {
            carry.borrowed += next.delta;
            return;
          }
          const token = text.slice(0, close + 1);
          const last = close !== -1 && redactor.isToken(token) ? token : carry.tail;
          release(controller, last, text.slice(last.length));
          return;
        }
        release(controller, carry.tail, carry.borrowed);
      }
      handle(part, controller);
    },
    flush(controller) {
      if (carry !== undefined) release(controller, carry.tail, carry.borrowed);
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
