import { checkArgument, isObject, isOptional, readOptions, readArgument } from '@gk/internal';
import type { SynthesisEvent } from '../stream-synthesize/synthesis-event.js';
import { SynthesisError } from '../synthesize/synthesis-error.js';
import type { SynthesisWrittenChunk } from './synthesis-data-parts.js';

/** What the bridge writes to: an AI SDK `UIMessageStreamWriter` (of any message type with these data parts). */
export interface SynthesisUIMessageWriter {
  write(part: SynthesisWrittenChunk): void;
}

/** Options for {@link writeSynthesisEvents}. */
export interface WriteSynthesisEventsOptions {
  /** Prefix of the ids of the parts written (default `'answer'`): the text part is `<id>-text`. */
  id?: string;
}

/**
 * Writes a synthesis stream into an AI SDK UI message stream as it is decided: released text as one text part,
 * each released claim as a `data-claim` part (where it sits in that text) followed by a `data-citation` part per
 * citation, each withheld claim as `data-rejected-claim`, and the end as `data-synthesis`. A refused answer
 * (`SynthesisError`) is written as `data-synthesis-error` and the promise resolves; any other error (a provider
 * error, an abort) is rethrown for `createUIMessageStream` to report. An event that is not one `streamSynthesize`
 * makes (a hand-made one missing a field) is refused with an `InvalidArgumentError` naming it (`events[3].text`),
 * before any part of it is written. `data-synthesis` counts the parts written (a repeated claim, which the result
 * merges into its first occurrence, counts each time it is shown). Each call on one writer needs its own `id`:
 * a client replaces a data part by one of the same type and id, so a second answer under the same ids would put
 * its claims and citations in place of the first's, beside the first's text.
 *
 * @example
 * const stream = createUIMessageStream<SynthesisUIMessage>({
 *   execute: ({ writer }) => writeSynthesisEvents(writer, streamSynthesize({ model, question, passages }).events),
 * });
 */
export async function writeSynthesisEvents(
  writer: SynthesisUIMessageWriter,
  events: AsyncIterable<SynthesisEvent>,
  given: WriteSynthesisEventsOptions = {},
): Promise<void> {
  readArgument('writer', () =>
    checkArgument(
      isObject(writer) && typeof writer.write === 'function',
      'writer',
      'a UI message stream writer (an object with a `write` method)',
      writer,
    ),
  );
  checkArgument(
    typeof (events as Partial<AsyncIterable<unknown>> | null)?.[Symbol.asyncIterator] === 'function',
    'events',
    'an async iterable of synthesis events',
    events,
  );
  // A misspelt `id` would silently fall back to the default and collide with another answer's parts.
  const options = readOptions(given, ['id']);
  checkArgument(isOptional(options.id, 'string'), 'options.id', 'a string', options.id);
  const id = options.id ?? 'answer';
  const used = idsUsed.get(writer) ?? new Set<string>();
  checkArgument(
    !used.has(id),
    'options.id',
    `an id not used before on this writer (its parts would replace those of the earlier answer written as '${id}')`,
    id,
  );
  used.add(id);
  idsUsed.set(writer, used);
  const textId = `${id}-text`;
  let textOpen = false;
  let answerLength = 0;
  let claims = 0;
  let citations = 0;
  let rejections = 0;
  const writeText = (delta: string): void => {
    if (delta === '') return;
    if (!textOpen) writer.write({ type: 'text-start', id: textId });
    textOpen = true;
    writer.write({ type: 'text-delta', id: textId, delta });
    answerLength += delta.length;
  };
  const closeText = (): void => {
    if (textOpen) writer.write({ type: 'text-end', id: textId });
    textOpen = false;
  };
  let index = 0;
  try {
    for await (const event of events) {
      checkEvent(event, `events[${index++}]`);
      switch (event.type) {
        case 'claim': {
          const index = claims++;
          writeText(event.text);
          const { claim } = event;
          const visible = claim.text !== '' && event.text.endsWith(claim.text);
          writer.write({
            type: 'data-claim',
            id: `${id}-claim-${index}`,
            data: {
              index,
              text: claim.text,
              answer: visible ? { start: answerLength - claim.text.length, end: answerLength } : null,
            },
          });
          claim.citations.forEach((citation, k) => {
            citations++;
            writer.write({
              type: 'data-citation',
              id: `${id}-citation-${index}-${k}`,
              data: {
                claim: index,
                source: citation.source,
                documentId: citation.documentId,
                chunkId: citation.chunkId,
                start: citation.start,
                end: citation.end,
                text: citation.text,
              },
            });
          });
          break;
        }
        case 'rejected': {
          const { text, code, message, markers, span } = event.rejected;
          writer.write({
            type: 'data-rejected-claim',
            id: `${id}-rejected-${rejections++}`,
            data: {
              text,
              code,
              message,
              markers: markers.map(jsonMarker),
              span: { start: span.start, end: span.end },
            },
          });
          break;
        }
        case 'abstained':
          break;
        case 'done': {
          writeText(event.text);
          closeText();
          const { result } = event;
          writer.write({
            type: 'data-synthesis',
            id: `${id}-synthesis`,
            data: {
              status: result.status,
              finishReason: result.finishReason,
              // What this message shows: `result` merges a repeated claim (and a repeated rejection) into its
              // first occurrence, which would leave a client counting more parts than the summary says.
              claims,
              rejected: rejections,
              citations,
              model: { provider: result.model.provider, modelId: result.model.modelId },
              promptHash: result.promptHash,
            },
          });
          break;
        }
      }
    }
  } catch (error) {
    closeText();
    if (!SynthesisError.isInstance(error)) throw error;
    writer.write({
      type: 'data-synthesis-error',
      id: `${id}-synthesis-error`,
      data: { code: error.code, message: error.message },
    });
  }
}

/** The id prefixes already written on each writer. */
const idsUsed = new WeakMap<object, Set<string>>();

/**
 * A marker as JSON can carry it: a number past what a double holds parses as `Infinity`, which JSON writes as
 * `null` and the data part schema (and so `useChat`) refuses, losing the refusal after it; the largest double
 * stays a number outside every source range.
 */
const jsonMarker = (marker: number): number =>
  marker === Number.POSITIVE_INFINITY ? Number.MAX_VALUE : marker;

const isString = (value: unknown): value is string => typeof value === 'string';
const isOffset = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;
const isSpan = (value: unknown): boolean => isObject(value) && isOffset(value.start) && isOffset(value.end);

/**
 * Whether every item of `list` is a marker number (not negative, not NaN; `Infinity` is a marker too long for a
 * double): false at the first hole or other value, however long the array.
 */
function allMarkers(list: unknown[]): boolean {
  for (let k = 0; k < list.length; k++) {
    const item = list[k];
    if (!(k in list) || typeof item !== 'number' || !(item >= 0)) return false;
  }
  return true;
}

/** Refuses, naming the field, an event whose parts could not be written as the data part schemas describe. */
function checkEvent(event: unknown, at: string): asserts event is SynthesisEvent {
  checkArgument(isObject(event), at, 'a synthesis event (an object)', event);
  const fields = event as Record<string, unknown>;
  const check = (ok: boolean, field: string, expected: string, received: unknown): void =>
    checkArgument(ok, `${at}.${field}`, expected, received);
  switch (fields.type) {
    case 'claim': {
      check(isString(fields.text), 'text', 'a string', fields.text);
      const { claim } = fields;
      check(isObject(claim), 'claim', 'a claim object', claim);
      const { text, citations } = claim as Record<string, unknown>;
      check(isString(text), 'claim.text', 'a string', text);
      check(Array.isArray(citations), 'claim.citations', 'an array of citations', citations);
      // A loop that stops at the first hole: `forEach` would walk every index of a sparse array of any length.
      const list = citations as unknown[];
      for (let k = 0; k < list.length; k++) {
        const citation = list[k];
        check(
          k in list &&
            isObject(citation) &&
            Number.isSafeInteger(citation.source) &&
            (citation.source as number) >= 1 &&
            isString(citation.documentId) &&
            isString(citation.chunkId) &&
            isSpan(citation) &&
            isString(citation.text),
          `claim.citations[${k}]`,
          'a citation { source, documentId, chunkId, start, end, text }',
          citation,
        );
      }
      return;
    }
    case 'rejected': {
      const { rejected } = fields;
      check(isObject(rejected), 'rejected', 'a rejected claim object', rejected);
      const { text, code, message, markers, span } = rejected as Record<string, unknown>;
      check(isString(text), 'rejected.text', 'a string', text);
      check(isString(code), 'rejected.code', 'a string', code);
      check(isString(message), 'rejected.message', 'a string', message);
      check(
        Array.isArray(markers) && allMarkers(markers),
        'rejected.markers',
        'an array of marker numbers (not negative)',
        markers,
      );
      check(isSpan(span), 'rejected.span', 'a span { start, end } of offsets', span);
      return;
    }
    case 'abstained':
      return;
    case 'done': {
      check(isString(fields.text), 'text', 'a string', fields.text);
      const { result } = fields;
      check(isObject(result), 'result', 'a synthesis result object', result);
      const { status, finishReason, claims, rejected, citations, model, promptHash } = result as Record<
        string,
        unknown
      >;
      check(
        status === 'answered' || status === 'abstained',
        'result.status',
        "'answered' or 'abstained'",
        status,
      );
      check(isString(finishReason), 'result.finishReason', 'a string', finishReason);
      check(Array.isArray(claims), 'result.claims', 'an array', claims);
      check(Array.isArray(rejected), 'result.rejected', 'an array', rejected);
      check(Array.isArray(citations), 'result.citations', 'an array', citations);
      check(
        isObject(model) && isString(model.provider) && isString(model.modelId),
        'result.model',
        'a model identity { provider, modelId }',
        model,
      );
      check(isString(promptHash), 'result.promptHash', 'a string', promptHash);
      return;
    }
    default:
      check(false, 'type', "'claim', 'rejected', 'abstained' or 'done'", fields.type);
  }
}
