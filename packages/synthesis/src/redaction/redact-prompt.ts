import type { Prompt } from '../model-types.js';
import { mapTextRuns } from './map-text-runs.js';
import type { Redactor } from './redactor.js';
import { spliceJoined } from './splice-joined.js';

/** Every text the model reads in `prompt`, a run of consecutive text parts joined into one. */
export function promptTexts(prompt: Prompt): string[] {
  const texts: string[] = [];
  mapPromptText(
    prompt,
    (run) => {
      // A token written across two parts reads as one: it is reserved like any other.
      texts.push(run.join(''));
      return run;
    },
    () => undefined,
  );
  return texts;
}

/**
 * `prompt` with every match replaced by its token, then every other place where a value so replaced stands (see
 * `Redactor.repeats`); a run of consecutive text (or reasoning) parts is redacted as the one text the model reads, and
 * each token goes into the part where its value starts.
 */
export function redactPrompt(prompt: Prompt, redactor: Redactor): Prompt {
  const redacted = mapPromptText(
    prompt,
    (run) => spliceJoined(run, (joined) => redactor.redactions(joined)),
    (before, value) => {
      // The model reads the pair as JSON writes it, the value escaped (`"password":"hunt\"er"`): a match there that
      // takes all of the value takes it whole, whatever else matches inside it.
      const escaped = JSON.stringify(value).slice(1, -1);
      return redactor.wholeToken(
        `${before}${escaped}"`,
        before.length,
        before.length + escaped.length,
        value,
      );
    },
  );
  if (redactor.size === 0) return redacted;
  // A value a rule found where its key names it is sent nowhere else either: a later message, a tool's output that
  // echoes it, or the input of a tool call the AI SDK carries back with the value restored (`{"text":"hunter2x9Q"}`).
  const repeats = redactor.repeats();
  // A number in a tool call's input or a tool's JSON output whose decimal form is such a value (`{"code":84613927}`
  // after `DB_PASSWORD=84613927`) becomes its token, a string.
  const number = (value: number): string | undefined => {
    if (!Number.isFinite(value)) return undefined;
    const text = String(value);
    const [splice, ...more] = repeats(text);
    return splice?.start === 0 && splice.end === text.length && more.length === 0 ? splice.text : undefined;
  };
  return mapPromptText(
    redacted,
    (run) => spliceJoined(run, repeats),
    () => undefined,
    number,
  );
}

type MapRun = (texts: string[]) => string[];
/**
 * The token for a JSON string value that a match read after `before` (JSON text ending in the value's opening quote)
 * takes whole, or `undefined`.
 */
type MapValue = (before: string, value: string) => string | undefined;
/** What a JSON number becomes, or `undefined` to keep it. */
type MapNumber = (value: number) => string | undefined;

/**
 * Applies `map` to every text the model reads in the prompt: system, text and reasoning parts (each run of
 * consecutive ones together), inline text files, file names, earlier tool calls' inputs, tool results (text, JSON,
 * content text, the reason a call was denied) and approval reasons.
 */
function mapPromptText(prompt: Prompt, map: MapRun, whole: MapValue, number?: MapNumber): Prompt {
  const one = (text: string): string => map([text])[0] ?? text;
  return prompt.map((message) => {
    switch (message.role) {
      case 'system':
        return { ...message, content: one(message.content) };
      case 'user':
        return {
          ...message,
          content: mapTextRuns(message.content, map, (part) => mapPart(part, map, whole, one, number)),
        };
      case 'assistant':
        return {
          ...message,
          content: mapTextRuns(message.content, map, (part) => mapPart(part, map, whole, one, number)),
        };
      case 'tool':
        return {
          ...message,
          content: mapTextRuns(message.content, map, (part) => mapPart(part, map, whole, one, number)),
        };
      default:
        return message;
    }
  });
}

function mapPart<P extends { type: string }>(
  part: P,
  map: MapRun,
  whole: MapValue,
  one: (text: string) => string,
  number?: MapNumber,
): P {
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
  if (part.type === 'tool-call' && 'input' in any)
    return { ...part, input: mapJson(any.input, map, whole, number) };
  // Why a tool call was approved or refused (AI SDK 7).
  if (part.type === 'tool-approval-response' && typeof any.reason === 'string')
    return { ...part, reason: one(any.reason) };
  if (part.type === 'tool-result') {
    const output = any.output as { type: string; value?: unknown; reason?: unknown };
    if ((output.type === 'text' || output.type === 'error-text') && typeof output.value === 'string') {
      return { ...part, output: { ...output, value: one(output.value) } };
    }
    if (output.type === 'json' || output.type === 'error-json')
      return { ...part, output: { ...output, value: mapJson(output.value, map, whole, number) } };
    if (output.type === 'execution-denied' && typeof output.reason === 'string')
      return { ...part, output: { ...output, reason: one(output.reason) } };
    if (output.type === 'content' && Array.isArray(output.value)) {
      const items = mapTextRuns(output.value as Array<{ type: string }>, map, (item) =>
        mapPart(item, map, whole, one, number),
      );
      return { ...part, output: { ...output, value: items } };
    }
  }
  return part;
}

/**
 * `map` applied to every string in a JSON value, keys too (own enumerable keys only, `__proto__` kept as a key), and
 * `number` (when given) to every number. A
 * string value is read after its key too, as the model reads the JSON (`"password":"hunter2x"`), so a rule that looks
 * back for a key finds its value; and after the short fields before it in its object (`"name":"DB_PASSWORD",
 * "value":"…"`), so a rule that reads a name/value pair finds its value. A string in a list or an object is read
 * after the keys (and pairs) it lies under as well, up to {@link MAX_ENCLOSING} of them, nearest first
 * (`{"password":["…"]}`, `{"password":{"a":{"b":"…"}}}`, `{"name":"DB_PASSWORD","value":{"S":"…"}}`), as their value.
 */
function mapJson(
  value: unknown,
  map: MapRun,
  whole: MapValue,
  number: MapNumber | undefined,
  key?: string,
  enclosing: readonly string[] = [],
): unknown {
  const one = (text: string): string => map([text])[0] ?? text;
  // `enclosing` opens with `key`'s own opening: mapValue reads the value after it first.
  if (typeof value === 'string')
    return key === undefined ? one(value) : mapValue(key, enclosing.slice(1), value, map, whole);
  // A list is its key's value, item by item.
  if (Array.isArray(value)) return value.map((item) => mapJson(item, map, whole, number, key, enclosing));
  if (typeof value === 'number') return number?.(value) ?? value;
  if (typeof value !== 'object' || value === null) return value;
  // Each entry as JSON writes it while it holds a short scalar: the few fields around a value are read with it, before
  // it as written, and those after it as if written before (`"value":"…","name":"DB_PASSWORD"` names its value too).
  const entries = Object.entries(value);
  const written = entries.map(([key, item]) => {
    const field = isScalar(item) ? `${JSON.stringify(key)}:${JSON.stringify(item)}` : undefined;
    return field === undefined || field.length > MAX_FIELD ? undefined : field;
  });
  const around = (index: number, step: 1 | -1): string[] => {
    const fields: string[] = [];
    for (let at = index + step; fields.length < MAX_FIELDS && written[at] !== undefined; at += step)
      fields.push(written[at]!);
    return step === -1 ? fields.reverse() : fields;
  };
  return Object.fromEntries(
    entries.map(([key, item], index) => {
      const pairs = [around(index, -1), around(index, 1)]
        .filter((fields) => fields.length > 0)
        .map((fields) => `${fields.join(',')},${opening(key)}`);
      if (typeof item !== 'string') {
        const under = [opening(key), ...pairs, ...enclosing].slice(0, MAX_ENCLOSING);
        return [one(key), mapJson(item, map, whole, number, key, under)];
      }
      return [one(key), mapValue(key, [...pairs, ...enclosing].slice(0, MAX_ENCLOSING), item, map, whole)];
    }),
  );
}

// How many keys and pairs a string is read under besides its own key: enough for a secret a few levels below the key
// that names it, and a bounded number of readings per string however deep the JSON.
const MAX_ENCLOSING = 6;

// How many fields before a value, and how long each as JSON writes it, are read with it: a pair's name and the fields
// a rule looks past to its value (`"Name":"/prod/db/password","Type":"SecureString","Value":"…"`), so every string is
// read at most a bounded number of characters longer.
const MAX_FIELDS = 4;
const MAX_FIELD = 160;

const isScalar = (item: unknown): boolean =>
  item === null || typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean';

/** A key and the opening quote of its string value, as JSON writes them. */
const opening = (key: string): string => `${JSON.stringify(key)}:"`;

/**
 * One token for the whole `value` when a match read after `key`, or after one of the `also` openings, as JSON writes
 * them, takes all of it; else `value` read alone, or, when nothing is found in it so, read after `key` unescaped: a
 * match there that reaches into the key or past the closing quote leaves the value as it is.
 */
function mapValue(key: string, also: readonly string[], value: string, map: MapRun, whole: MapValue): string {
  for (const before of [opening(key), ...also]) {
    const token = whole(before, value);
    if (token !== undefined) return token;
  }
  const alone = map([value])[0] ?? value;
  if (alone !== value) return alone;
  const unescaped = `"${key}":"`;
  const [head, after, closing] = map([unescaped, value, '"']);
  return head === unescaped && closing === '"' && after !== undefined ? after : value;
}
