import { checkArgument, GroundkitError, InvalidArgumentError } from '@gk/internal';
import type { Passage } from '../types.js';

const BRAND = '@gk/citations.InvalidPassageError';

/** Thrown for a programmer error: a passage whose fields cannot yield exact citations. */
export class InvalidPassageError extends GroundkitError {
  override readonly name = 'InvalidPassageError';
  readonly code = 'invalid_passage' as const;
  /** Position of the offending passage in the list (0-based). */
  readonly index: number;

  constructor(index: number, message: string, options?: { cause?: unknown }) {
    checkArgument(Number.isSafeInteger(index) && index >= 0, 'index', 'a non-negative integer', index);
    checkArgument(typeof message === 'string', 'message', 'a string', message);
    super(BRAND, `Invalid passage at index ${index} (source [${index + 1}]): ${message}`, options);
    this.index = index;
  }

  /** Brand check that works across copies of the package. */
  static override isInstance(value: unknown): value is InvalidPassageError {
    return GroundkitError.hasBrand(value, BRAND);
  }
}

const isOffset = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Throws {@link InvalidPassageError} unless every passage has string ids and text, a string `title` and `uri` where
 * given, and `end - start === text.length`.
 */
export function assertPassages(passages: readonly Passage[], parameter = 'passages'): void {
  if (!Array.isArray(passages)) {
    throw new InvalidArgumentError({
      parameter,
      expected: 'an array of Passage objects',
      received: passages,
    });
  }
  for (let index = 0; index < passages.length; index++) {
    const problem = problemOf(passages[index]);
    if (problem !== undefined) throw new InvalidPassageError(index, problem);
  }
}

const FIELDS = ['documentId', 'chunkId', 'text', 'title', 'uri'] as const;

/** What is wrong with a passage, or undefined. */
function problemOf(passage: Passage | undefined): string | undefined {
  if (typeof passage !== 'object' || passage === null) return 'not an object.';
  // The ids and text, then what is optional but read as text wherever it is given (the prompt's heading, the source
  // list's names, links).
  for (let i = 0; i < FIELDS.length; i++) {
    const value = passage[FIELDS[i]!];
    if (typeof value !== 'string' && (i < 3 || value !== undefined)) {
      return `${FIELDS[i]} must be a string${i < 3 ? '' : ' when given'}.`;
    }
  }
  const { start, end, text } = passage;
  if (!isOffset(start) || !isOffset(end)) return 'start and end must be non-negative safe integers.';
  if (start > end) return `start ${start} is after end ${end}.`;
  if (end - start !== text.length) {
    return `end - start is ${end - start} but text has ${text.length} UTF-16 code units; expected text to be document.slice(start, end).`;
  }
  return undefined;
}
