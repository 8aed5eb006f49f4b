import { InvalidPassageError, type Passage } from '@gk/citations';
import { readArgument } from '@gk/internal';

/** The fields of a passage, the only ones copied. */
const FIELDS = ['documentId', 'chunkId', 'text', 'title', 'uri', 'start', 'end'] as const;

/**
 * `passages` read once (ADR 0059): a list's length once and each item once by index (never through its own
 * iterator), each item's fields once into a frozen plain object, the list frozen; the prompt, the verification and
 * the citations all use this copy, so a getter or Proxy of the caller's cannot show the model one text and have the
 * answer checked against another. Anything that is no array, and any item that is no object, is returned as it is,
 * for the checks to refuse. A list whose reading throws is an `InvalidArgumentError` naming `parameter`, an item
 * whose reading throws an `InvalidPassageError` at its index, each with the caller's error as its `cause`.
 */
export function copyPassages(passages: unknown, parameter = 'options.passages'): unknown {
  const count = readArgument(parameter, () => (Array.isArray(passages) ? passages.length : -1));
  if (count < 0) return passages;
  const list = passages as readonly unknown[];
  const copies: unknown[] = [];
  for (let index = 0; index < count; index++) {
    try {
      copies.push(copyOf(list[index]));
    } catch (cause) {
      throw new InvalidPassageError(index, 'could not be read (reading one of its fields threw).', { cause });
    }
  }
  return Object.freeze(copies);
}

/** A passage's fields, each read once, in a frozen plain object (those not given left out); anything else as it is. */
function copyOf(passage: unknown): unknown {
  if (typeof passage !== 'object' || passage === null) return passage;
  const given = passage as Record<string, unknown>;
  const copy: Partial<Record<keyof Passage, unknown>> = {};
  for (const key of FIELDS) {
    const value = given[key];
    if (value !== undefined) copy[key] = value;
  }
  return Object.freeze(copy);
}
