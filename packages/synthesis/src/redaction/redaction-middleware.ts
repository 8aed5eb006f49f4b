import { checkArgument, isOptional, readArgument, readOptions } from '@gk/internal';
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
  // The caller's list read once, into a copy: a revoked proxy or a throwing getter is refused with a code.
  const listed = readArgument('options.patterns', () => {
    checkArgument(
      options.patterns === undefined || Array.isArray(options.patterns),
      'options.patterns',
      'an array of { name, pattern } entries',
      options.patterns,
    );
    return [...(options.patterns ?? [])];
  });
  // Compiled apart, so that a refusal names the entry by its place in the caller's list.
  const patterns = [
    ...compilePatterns(options.defaults === false ? [] : DEFAULT_REDACTION_PATTERNS),
    ...compilePatterns(listed),
  ];
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
 * A text or reasoning part that ended on what may be the start of a token: its tail and end are held, and so are the
 * parts of its kind after it (empty ones too), until their text shows whether the token goes on there (`result.text`
 * joins the parts, so it reads as one).
 */
interface Carry {
  kind: 'text' | 'reasoning';
  /** The first part's tail and end, then each later part's start, its text so far and its end once it came. */
  pieces: Array<{ id: string; text: string; start?: Start; end?: StreamPart }>;
}

/** How many parts a carry holds at most: a run of empty parts ends it unrestored. */
const MAX_HELD_PARTS = 32;

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
  // Gives out the held parts: the first ends with `token` and the last goes on with `rest` when a token was completed
  // (the parts between held only its characters), else each keeps its own text.
  const release = (controller: Controller, token?: string, rest = ''): void => {
    if (carry === undefined) return;
    const { kind, pieces } = carry;
    carry = undefined;
    pieces.forEach((piece, at) => {
      if (piece.start !== undefined) controller.enqueue(piece.start);
      const text = token === undefined ? piece.text : at === 0 ? token : at === pieces.length - 1 ? rest : '';
      const delta = { type: `${kind}-delta` as const, id: piece.id, delta: text };
      // The last part, still open, goes on through `handle`, which holds back its own tail.
      if (piece.end === undefined) {
        if (text !== '') handle(delta, controller);
        return;
      }
      if (text !== '') controller.enqueue({ ...delta, delta: redactor.restore(text) });
      controller.enqueue(piece.end);
    });
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
      else carry = { kind, pieces: [{ id: part.id, text: tail, end: part }] };
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
      // Raw provider chunks pass; anything but the next part of the carry's kind (its start, text or end) ends the
      // carry unrestored, so a token's length of text and at most MAX_HELD_PARTS parts are ever held.
      if (carry !== undefined && part.type !== 'raw') {
        const { kind, pieces } = carry;
        const last = pieces[pieces.length - 1] as Carry['pieces'][number];
        if (last.end !== undefined && part.type === `${kind}-start` && pieces.length < MAX_HELD_PARTS) {
          pieces.push({ id: (part as Start).id, text: '', start: part as Start });
          return;
        }
        if (
          last.end === undefined &&
          part.type === `${kind}-end` &&
          (part as { id: string }).id === last.id
        ) {
          last.end = part;
          return;
        }
        if (
          last.end === undefined &&
          part.type === `${kind}-delta` &&
          (part as { id: string }).id === last.id
        ) {
          last.text += (part as { delta: string }).delta;
          const text = pieces.map((piece) => piece.text).join('');
          const close = text.indexOf(']');
          if (close === -1 && redactor.couldStartToken(text)) return;
          const token = text.slice(0, close + 1);
          if (close !== -1 && redactor.isToken(token)) release(controller, token, text.slice(close + 1));
          else release(controller);
          return;
        }
        release(controller);
      }
      handle(part, controller);
    },
    flush(controller) {
      release(controller);
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
