import type { ZodType } from 'zod';

interface SchemaNode {
  _zod: { def: Record<string, unknown> & { type: string } };
}

const checked = new WeakMap<object, boolean>();

/**
 * Whether any object schema reachable from `schema` strips unknown keys (zod's default `z.object`); the decoders
 * then compare the parsed value with the input and reject a stripped key as `schema`, so an unknown field never
 * passes silently. `z.strictObject` / `.strict()` reject unknown keys themselves, and `z.looseObject` /
 * `.catchall()` keep them in the data because the caller asked for them. Throws a TypeError for a non-zod
 * schema. Cached per schema.
 */
export function schemaStripsKeys(schema: ZodType, caller: string): boolean {
  if (!isSchema(schema)) throw new TypeError(`${caller} expects a zod 4 schema as its schema argument.`);
  let strips = checked.get(schema);
  if (strips === undefined) {
    strips = findStrippingObject(schema) !== null;
    checked.set(schema, strips);
  }
  return strips;
}

/** Walks every schema reachable from `root` (iteratively, each once) and returns the path of the first object in strip mode. */
function findStrippingObject(root: SchemaNode): string | null {
  const seen = new Set<SchemaNode>();
  const stack: Array<[SchemaNode, string]> = [[root, 'root']];
  while (stack.length > 0) {
    const [node, path] = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    const def = node._zod.def;
    if (def.type === 'object' && def['catchall'] === undefined) return path;
    for (const key of Object.keys(def)) {
      if (key === 'checks' || key === 'type') continue;
      const value = key === 'getter' && def.type === 'lazy' ? (def['getter'] as () => unknown)() : def[key];
      if (isSchema(value)) stack.push([value, childPath(path, key)]);
      else if (Array.isArray(value)) {
        value.forEach((item, index) => {
          if (isSchema(item)) stack.push([item, `${path}.${key}[${index}]`]);
        });
      } else if (key === 'shape' && typeof value === 'object' && value !== null) {
        for (const [name, item] of Object.entries(value))
          if (isSchema(item)) stack.push([item, `${path}.${name}`]);
      }
    }
  }
  return null;
}

function childPath(path: string, key: string): string {
  if (key === 'element') return `${path}[]`;
  if (key === 'innerType' || key === 'getter' || key === 'in' || key === 'out') return path;
  return `${path}<${key}>`;
}

function isSchema(value: unknown): value is SchemaNode {
  if (typeof value !== 'object' || value === null || !('_zod' in value)) return false;
  const internals = (value as { _zod: unknown })._zod;
  if (typeof internals !== 'object' || internals === null || !('def' in internals)) return false;
  const def = (internals as { def: unknown }).def;
  return typeof def === 'object' && def !== null && typeof (def as { type?: unknown }).type === 'string';
}
