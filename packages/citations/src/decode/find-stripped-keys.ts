import { excerpt } from '@gk/internal';
import type { core } from 'zod';

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** Where a value sits: the key that leads to it from its parent's place (the root has none). */
interface Place {
  parent: Place | undefined;
  key: PropertyKey;
}

/** The path of keys from the root to `place`, built only for a place that is reported. */
function pathOf(place: Place | undefined): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let at = place; at !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The keys a stripping schema dropped: every key of an input object that is missing from the object the schema
 * returned at the same path, as zod `unrecognized_keys` issues. Walks input and output side by side
 * (iteratively, linear in the data and the paths it reports: each value links to its parent's place) and stops
 * where a transform changed the shape.
 */
export function findStrippedKeys(input: unknown, output: unknown): core.$ZodIssue[] {
  const issues: core.$ZodIssue[] = [];
  const stack: Array<[unknown, unknown, Place | undefined]> = [[input, output, undefined]];
  while (stack.length > 0) {
    const [given, kept, place] = stack.pop()!;
    if (isPlainObject(given) && isPlainObject(kept)) {
      const dropped: string[] = [];
      for (const key of Object.keys(given)) {
        if (Object.hasOwn(kept, key)) stack.push([given[key], kept[key], { parent: place, key }]);
        else dropped.push(key);
      }
      if (dropped.length > 0) {
        issues.push({
          code: 'unrecognized_keys',
          keys: dropped,
          path: pathOf(place),
          input: given,
          message: `Unrecognized key${dropped.length === 1 ? '' : 's'}: ${dropped.map((key) => `"${excerpt(key, { length: 40 })}"`).join(', ')}`,
        } as core.$ZodIssue);
      }
    } else if (Array.isArray(given) && Array.isArray(kept)) {
      const length = Math.min(given.length, kept.length);
      for (let index = 0; index < length; index++)
        stack.push([given[index], kept[index], { parent: place, key: index }]);
    }
  }
  return issues.reverse();
}
