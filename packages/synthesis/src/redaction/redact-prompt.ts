import type { Prompt } from '../model-types.js';
import { mapTextRuns } from './map-text-runs.js';
import type { Redactor } from './redactor.js';
import { spliceJoined } from './splice-joined.js';

/** Every text the model reads in `prompt`, a run of consecutive text parts joined into one. */
export function promptTexts(prompt: Prompt): string[] {
  const texts: string[] = [];
  mapPromptText(prompt, (run) => {
    // A token written across two parts reads as one: it is reserved like any other.
    texts.push(run.join(''));
    return run;
  });
  return texts;
}

/**
 * `prompt` with every match replaced by its token; a run of consecutive text (or reasoning) parts is redacted as
 * the one text the model reads, and each token goes into the part where its value starts.
 */
export function redactPrompt(prompt: Prompt, redactor: Redactor): Prompt {
  return mapPromptText(prompt, (run) => spliceJoined(run, (joined) => redactor.redactions(joined)));
}

type MapRun = (texts: string[]) => string[];

/**
 * Applies `map` to every text the model reads in the prompt: system, text and reasoning parts (each run of
 * consecutive ones together), inline text files, file names, earlier tool calls' inputs, tool results (text, JSON,
 * content text, the reason a call was denied) and approval reasons.
 */
function mapPromptText(prompt: Prompt, map: MapRun): Prompt {
  const one = (text: string): string => map([text])[0] ?? text;
  return prompt.map((message) => {
    switch (message.role) {
      case 'system':
        return { ...message, content: one(message.content) };
      case 'user':
        return { ...message, content: mapTextRuns(message.content, map, (part) => mapPart(part, map, one)) };
      case 'assistant':
        return { ...message, content: mapTextRuns(message.content, map, (part) => mapPart(part, map, one)) };
      case 'tool':
        return { ...message, content: mapTextRuns(message.content, map, (part) => mapPart(part, map, one)) };
      default:
        return message;
    }
  });
}

function mapPart<P extends { type: string }>(part: P, map: MapRun, one: (text: string) => string): P {
  const any = part as P & Record<string, unknown>;
  if (part.type === 'file' || part.type === 'file-data') {
    // A file's name goes to the provider with it (OpenAI sends it beside a PDF's bytes): it is read even when the
    // file itself, bytes or a URL, is not.
    const named = typeof any.filename === 'string' ? { ...part, filename: one(any.filename) } : part;
    const data = any.data as { type?: string; text?: unknown } | undefined;
    if (part.type === 'file' && data?.type === 'text' && typeof data.text === 'string')
      return { ...named, data: { ...data, text: one(data.text) } };
    return named;
  }
  // An earlier tool call's input (the arguments the model wrote, in an agent's history): every string in it.
  if (part.type === 'tool-call' && 'input' in any) return { ...part, input: mapJson(any.input, map) };
  // Why a tool call was approved or refused (AI SDK 7).
  if (part.type === 'tool-approval-response' && typeof any.reason === 'string')
    return { ...part, reason: one(any.reason) };
  if (part.type === 'tool-result') {
    const output = any.output as { type: string; value?: unknown; reason?: unknown };
    if ((output.type === 'text' || output.type === 'error-text') && typeof output.value === 'string') {
      return { ...part, output: { ...output, value: one(output.value) } };
    }
    if (output.type === 'json' || output.type === 'error-json')
      return { ...part, output: { ...output, value: mapJson(output.value, map) } };
    if (output.type === 'execution-denied' && typeof output.reason === 'string')
      return { ...part, output: { ...output, reason: one(output.reason) } };
    if (output.type === 'content' && Array.isArray(output.value)) {
      const items = mapTextRuns(output.value as Array<{ type: string }>, map, (item) =>
        mapPart(item, map, one),
      );
      return { ...part, output: { ...output, value: items } };
    }
  }
  return part;
}

/**
 * `map` applied to every string in a JSON value, keys too (own enumerable keys only, `__proto__` kept as a key). A
 * string value in which nothing is found alone is read again after its key, as the model reads the JSON
 * (`"password":"hunter2x"`), so a rule that looks back for a key finds its value.
 */
function mapJson(value: unknown, map: MapRun): unknown {
  const one = (text: string): string => map([text])[0] ?? text;
  if (typeof value === 'string') return one(value);
  if (Array.isArray(value)) return value.map((item) => mapJson(item, map));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      one(key),
      typeof item === 'string' ? mapValue(key, item, map) : mapJson(item, map),
    ]),
  );
}

/**
 * `value` read alone, or, when nothing is found in it so, read after `key` as JSON writes the pair; a match there that
 * reaches into the key or past the closing quote leaves the value as it is.
 */
function mapValue(key: string, value: string, map: MapRun): string {
  const alone = map([value])[0] ?? value;
  if (alone !== value) return alone;
  const opening = `"${key}":"`;
  const [before, after, closing] = map([opening, value, '"']);
  return before === opening && closing === '"' && after !== undefined ? after : value;
}
