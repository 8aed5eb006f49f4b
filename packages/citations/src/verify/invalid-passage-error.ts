import { checkArgument, GroundkitError, InvalidArgumentError } from '@gk/internal';
import type { Passage } from '../types.js';
import { refuseUnreadable } from './refuse-unreadable.js';

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
 * given, and `end - start === text.length`. Returns the passages as checked: the list's length, each item and each
 * field read once into a frozen plain copy, so that a getter or Proxy of the caller's that answers a later read
 * differently cannot show the checks one passage and the citations another (ADR 0049). A list that throws when read
 * is an InvalidArgumentError, a passage that does an InvalidPassageError at its index, each with the caller's error
 * as its cause (ADR 0051). `items`, when given, receives each item as read (the caller's own objects).
 */
export function assertPassages(
  passages: readonly Passage[],
  parameter = 'passages',
  items?: Passage[],
): readonly Passage[] {
  let count: number;
  try {
    count = Array.isArray(passages) ? passages.length : -1;
  } catch (cause) {
    refuseUnreadable(cause, parameter, 'an array of Passage objects');
  }
  if (count < 0) {
    throw new InvalidArgumentError({
      parameter,
      expected: 'an array of Passage objects',
      received: passages,
    });
  }
  const copies: Passage[] = [];
  for (let index = 0; index < count; index++) {
    let item: Passage | undefined;
    let copy: Passage;
    try {
      item = passages[index];
      copy = copyOf(item);
    } catch (cause) {
      throw new InvalidPassageError(index, 'could not be read (reading one of its fields threw).', { cause });
    }
    items?.push(item!);
    const problem = problemOf(copy);
    if (problem !== undefined) throw new InvalidPassageError(index, problem);
    copies.push(copy);
  }
  return Object.freeze(copies);
}

/** The fields of a passage: the first five are text (the first three required). */
const FIELDS = ['documentId', 'chunkId', 'text', 'title', 'uri', 'start', 'end'] as const;

/** A passage's fields, each read once, in a frozen plain object (those not given left out); anything else as it is. */
function copyOf(passage: Passage | undefined): Passage {
  if (typeof passage !== 'object' || passage === null) return passage as unknown as Passage;
  const copy: Record<string, unknown> = {};
  for (const key of FIELDS) {
    const value = passage[key];
    if (value !== undefined) copy[key] = value;
  }
  return Object.freeze(copy) as unknown as Passage;
}

/** What is wrong with a passage, or undefined. */
function problemOf(passage: Passage | undefined): string | undefined {
  if (typeof passage !== 'object' || passage === null) return 'not an object.';
  // The ids and text, then what is optional but read as text wherever it is given (the prompt's heading, the source
  // list's names, links).
  for (let i = 0; i < 5; i++) {
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
