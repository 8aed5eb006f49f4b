import type { OffsetUnit } from '@gk/citations';
import { checkArgument, InvalidArgumentError, readArgument, readOptions } from '@gk/internal';

// The adapters read AI SDK results structurally: a result of `generateText` or `streamText` from AI SDK 6 or 7
// (or one of its steps), without depending on either major's types. Everything read is untrusted input.

/** A `generateText` or `streamText` result of AI SDK 6 or 7, or one step of one. */
export type ProviderResult =
  | { readonly steps: readonly unknown[] | PromiseLike<readonly unknown[]> }
  | {
      readonly content: readonly unknown[];
      readonly providerMetadata?: unknown;
      readonly response?: unknown;
    };

/** What the readers need from the step that produced the answer. */
export interface StepView {
  /** The text parts of the step, in order, with where each sits in `text` (UTF-16). */
  parts: Array<{ part: Record<string, unknown>; start: number; end: number }>;
  /** Every content part of the step, in order (text, source, tool parts, ...). */
  content: Array<Record<string, unknown>>;
  /** The answer: the step's text parts joined, as the AI SDK's `text` joins them. */
  text: string;
  /** The step's provider metadata, if any. */
  providerMetadata: Record<string, unknown> | undefined;
  /** The raw response body, when the AI SDK kept it (`generateText` on AI SDK 6; on 7 with `include.responseBody`). */
  responseBody: unknown;
  /** Why the model stopped, as the step (else the result) says: the AI SDK's unified reason, unchecked. */
  finishReason?: unknown;
  /** The provider's own finish reason, unchecked. */
  rawFinishReason?: unknown;
}

/** Whether a value is a non-null object (arrays included). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const isView = (value: unknown): value is StepView =>
  isRecord(value) && Array.isArray(value.parts) && typeof value.text === 'string';

const EXPECTED = 'an AI SDK generateText or streamText result, or one of its steps';

/**
 * The final step of a result (the one whose text is the answer), read into a {@link StepView}. A value that is
 * no result throws InvalidArgumentError; an error of the result itself (a failed stream) passes through.
 */
export async function readFinalStep(result: ProviderResult): Promise<StepView> {
  const invalid = (received: unknown) =>
    new InvalidArgumentError({ parameter: 'result', expected: EXPECTED, received });
  if (!isRecord(result)) throw invalid(result);
  let step: unknown = result;
  if ('steps' in result) {
    const steps = await result.steps;
    if (!Array.isArray(steps) || steps.length === 0) throw invalid(steps);
    step = steps[steps.length - 1];
  }
  if (!isRecord(step) || !Array.isArray(step.content)) throw invalid(step);
  const view = viewStep(step);
  const whole: Record<string, unknown> = result;
  if (view.finishReason === undefined && step !== result && whole.finishReason !== undefined) {
    // A step built by hand may leave its finish reason to the result (a stream result's is a promise).
    return { ...view, finishReason: await whole.finishReason, rawFinishReason: await whole.rawFinishReason };
  }
  return view;
}

/** A step (or anything shaped like one) read into a {@link StepView}; a view already read is returned as it is. */
export function viewStep(step: unknown): StepView {
  // A step that throws when read (a getter, a revoked proxy) is refused as the bad argument it is.
  return readArgument('step', () => readStepView(step));
}

function readStepView(step: unknown): StepView {
  if (isView(step)) return step;
  if (!isRecord(step) || !Array.isArray(step.content)) {
    throw new InvalidArgumentError({
      parameter: 'step',
      expected: 'an AI SDK step with a content array',
      received: step,
    });
  }
  const content = step.content.filter(isRecord);
  const parts: StepView['parts'] = [];
  let text = '';
  for (const part of content) {
    if (part.type !== 'text' || typeof part.text !== 'string') continue;
    parts.push({ part, start: text.length, end: text.length + part.text.length });
    text += part.text;
  }
  const response = isRecord(step.response) ? step.response : undefined;
  return {
    parts,
    content,
    text,
    providerMetadata: isRecord(step.providerMetadata) ? step.providerMetadata : undefined,
    responseBody: response?.body,
    finishReason: step.finishReason,
    rawFinishReason: step.rawFinishReason,
  };
}

/** `metadata[key]` for the first key present that holds an object. */
export function metadataOf(metadata: unknown, keys: readonly string[]): Record<string, unknown> | undefined {
  if (!isRecord(metadata)) return undefined;
  for (const key of keys) {
    const value = Object.hasOwn(metadata, key) ? metadata[key] : undefined;
    if (isRecord(value)) return value;
  }
  return undefined;
}

const UNITS: readonly unknown[] = ['utf16', 'code-point', 'utf8'] satisfies OffsetUnit[];

/** Whether `unit` is an offset unit ('utf16', 'code-point' or 'utf8'), or undefined (the provider's default). */
export const isOffsetUnit = (unit: unknown): unit is OffsetUnit | undefined =>
  unit === undefined || UNITS.includes(unit);

/** A reader's offset unit: its options checked (an object, a known `unit`), else `fallback`. */
export function readerUnit(options: unknown, fallback: OffsetUnit): OffsetUnit {
  // `units: 'utf16'` would read every offset in the default unit, silently.
  const { unit } = readOptions(options as { unit?: unknown } | undefined, ['unit']);
  checkArgument(isOffsetUnit(unit), 'options.unit', "'utf16', 'code-point' or 'utf8'", unit);
  return (unit as OffsetUnit | undefined) ?? fallback;
}
