import { excerpt } from '@gk/internal';
import type { core } from 'zod';

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * The keys a stripping schema dropped: every key of an input object that is missing from the object the schema
 * returned at the same path, as zod `unrecognized_keys` issues. Walks input and output side by side
 * (iteratively, linear in the data) and stops where a transform changed the shape.
 */
export function findStrippedKeys(input: unknown, output: unknown): core.$ZodIssue[] {
  const issues: core.$ZodIssue[] = [];
  const stack: Array<[unknown, unknown, PropertyKey[]]> = [[input, output, []]];
  while (stack.length > 0) {
    const [given, kept, path] = stack.pop()!;
    if (isPlainObject(given) && isPlainObject(kept)) {
      const dropped: string[] = [];
      for (const key of Object.keys(given)) {
        if (Object.hasOwn(kept, key)) stack.push([given[key], kept[key], [...path, key]]);
        else dropped.push(key);
      }
      if (dropped.length > 0) {
        issues.push({
          code: 'unrecognized_keys',
          keys: dropped,
          path,
          input: given,
          message: `Unrecognized key${dropped.length === 1 ? '' : 's'}: ${dropped.map((key) => `"${excerpt(key, { length: 40 })}"`).join(', ')}`,
        } as core.$ZodIssue);
      }
    } else if (Array.isArray(given) && Array.isArray(kept)) {
      const length = Math.min(given.length, kept.length);
      for (let index = 0; index < length; index++) stack.push([given[index], kept[index], [...path, index]]);
    }
  }
  return issues.reverse();
}
