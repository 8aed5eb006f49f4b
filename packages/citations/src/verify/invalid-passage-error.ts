import { GroundkitError, InvalidArgumentError } from '@gk/internal';
import type { Passage } from '../types.js';

const BRAND = '@gk/citations.InvalidPassageError';

/** Thrown for a programmer error: a passage whose fields cannot yield exact citations. */
export class InvalidPassageError extends GroundkitError {
  override readonly name = 'InvalidPassageError';
  readonly code = 'invalid_passage' as const;
  /** Position of the offending passage in the list (0-based). */
  readonly index: number;

  constructor(index: number, message: string, options?: { cause?: unknown }) {
    super(BRAND, `Invalid passage at index ${index} (source [${index + 1}]): ${message}`, options);
    this.index = index;
  }

  /** Brand check that works across copies of the package. */
  static override isInstance(value: unknown): value is InvalidPassageError {
    return GroundkitError.hasBrand(value, BRAND);
  }
}

const isOffset = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** Throws {@link InvalidPassageError} unless every passage has string ids and text and `end - start === text.length`. */
export function assertPassages(passages: readonly Passage[]): void {
  if (!Array.isArray(passages)) {
    throw new InvalidArgumentError({
      parameter: 'passages',
      expected: 'an array of Passage objects',
      received: passages,
    });
  }
  for (let index = 0; index < passages.length; index++) {
    const passage = passages[index] as Passage | undefined;
    if (typeof passage !== 'object' || passage === null)
      throw new InvalidPassageError(index, 'not an object.');
    if (typeof passage.documentId !== 'string')
      throw new InvalidPassageError(index, 'documentId must be a string.');
    if (typeof passage.chunkId !== 'string')
      throw new InvalidPassageError(index, 'chunkId must be a string.');
    if (typeof passage.text !== 'string') throw new InvalidPassageError(index, 'text must be a string.');
    if (!isOffset(passage.start) || !isOffset(passage.end)) {
      throw new InvalidPassageError(index, 'start and end must be non-negative safe integers.');
    }
    if (passage.start > passage.end) {
      throw new InvalidPassageError(index, `start ${passage.start} is after end ${passage.end}.`);
    }
    if (passage.end - passage.start !== passage.text.length) {
      throw new InvalidPassageError(
        index,
        `end - start is ${passage.end - passage.start} but text has ${passage.text.length} UTF-16 code units; expected text to be document.slice(start, end).`,
      );
    }
  }
}
