import { InvalidArgumentError } from '@gk/internal';
import type { ZodType } from 'zod';

interface SchemaNode {
  _zod: { def: Record<string, unknown> & { type: string } };
}

const checked = new WeakMap<object, boolean>();

/**
 * Whether any object schema reachable from `schema` strips unknown keys (zod's default `z.object`); the decoders
 * then compare the parsed value with the input and reject a stripped key as `schema`, so an unknown field never
 * passes silently. `z.strictObject` / `.strict()` reject unknown keys themselves, and `z.looseObject` /
 * `.catchall()` keep them in the data because the caller asked for them. Throws an InvalidArgumentError naming
 * `parameter` for a value that is not a zod 4 schema. Cached per schema.
 */
export function schemaStripsKeys(schema: ZodType, parameter: string): boolean {
  if (!isSchema(schema)) {
    throw new InvalidArgumentError({ parameter, expected: 'a zod 4 schema', received: schema });
  }
  let strips = checked.get(schema);
  if (strips === undefined) {
    strips = reachesStrippingObject(schema);
    checked.set(schema, strips);
  }
  return strips;
}

/** Walks every schema reachable from `root` (iteratively, each once): whether one is an object in strip mode. */
function reachesStrippingObject(root: SchemaNode): boolean {
  const seen = new Set<SchemaNode>();
  const stack: SchemaNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    const def = node._zod.def;
    if (def.type === 'object' && def['catchall'] === undefined) return true;
    for (const key of Object.keys(def)) {
      // A lazy schema's inner schema sits behind its getter; every other child is a value of the definition, an
      // array of them (union options, tuple items) or a record of them (an object's shape).
      const value = key === 'getter' && def.type === 'lazy' ? (def['getter'] as () => unknown)() : def[key];
      if (isSchema(value)) stack.push(value);
      else if (typeof value === 'object' && value !== null) {
        for (const item of Object.values(value)) if (isSchema(item)) stack.push(item);
      }
    }
  }
  return false;
}

function isSchema(value: unknown): value is SchemaNode {
  if (typeof value !== 'object' || value === null || !('_zod' in value)) return false;
  const internals = (value as { _zod: unknown })._zod;
  if (typeof internals !== 'object' || internals === null || !('def' in internals)) return false;
  const def = (internals as { def: unknown }).def;
  return typeof def === 'object' && def !== null && typeof (def as { type?: unknown }).type === 'string';
}
