import { InvalidArgumentError } from '@gk/internal';
import type { ZodType } from 'zod';

interface Payload {
  value: unknown;
  issues: unknown[];
}
type Parse = (payload: Payload, context: unknown) => Payload | Promise<Payload>;

interface SchemaNode {
  _zod: {
    def: Record<string, unknown> & { type: string };
    values?: Set<unknown>;
    constr: new (def: Record<string, unknown>) => SchemaNode;
    innerType?: SchemaNode;
    parse: Parse;
    run: Parse;
  };
}

/** The message of the issue a record raises for keys it merged: the decoders answer it with `duplicate_key`. */
export const mergedKeys = 'Duplicate key once the record reads its keys; expected each key once per object.';
/** The message of the issue a record raises for a key it reads as a forbidden one: `forbidden_key`. */
export const forbiddenKeys =
  'Forbidden key once the record reads its keys; expected no __proto__, constructor or prototype key.';
const FORBIDDEN_KEYS = ['__proto__', 'constructor', 'prototype'];

/**
 * The catchall a copied strip-mode object gets: zod's object refuses each key its shape lacks with an
 * `unrecognized_keys` issue when its catchall's type is `never`, without running it, so no zod code is bundled.
 */
const never = { _zod: { def: { type: 'never' } } };

/** zod's errors for a record key schema that answered with a Promise (plain Errors), marked by the record's guard. */
export const asyncKeys = new WeakSet<object>();

/** The schema each caller's schema is decoded with. */
const strictSchemas = new WeakMap<object, SchemaNode>();
/** The strict copy of each node: a node shared, or reached again through recursion, is copied once. */
const copies = new WeakMap<SchemaNode, SchemaNode>();

/**
 * The schema the decoders parse with: `schema` itself, or, when an object in it strips unknown keys (a plain
 * `z.object`), a copy in which every such object refuses them as `z.strictObject` does. The key is refused where it
 * would be dropped, so no transform, pipe or class instance made from the object afterwards can hide it.
 * `z.looseObject` / `.catchall()` keep extra keys in the data, on the caller's request. A record is copied too, to
 * refuse two keys its key schema reads as one (see refuseMergedKeys). Throws an
 * InvalidArgumentError naming `parameter` for a value that is not a zod 4 schema, and for a schema holding
 * `.catch()` or `z.success()`, which turn output the schema refuses into data. Cached per schema.
 */
export function toStrictSchema<T>(schema: ZodType<T>, parameter: string): ZodType<T> {
  let strict: SchemaNode | undefined;
  try {
    if (!isSchema(schema)) {
      throw new InvalidArgumentError({ parameter, expected: 'a zod 4 schema', received: schema });
    }
    strict = strictSchemas.get(schema);
    if (strict === undefined) {
      strict = checkNodes(schema, parameter) ? copyStrict(schema) : schema;
      strictSchemas.set(schema, strict);
    }
  } catch (cause) {
    if (InvalidArgumentError.isInstance(cause)) throw cause;
    // A getter or Proxy of the caller's that throws while the definition is read: no schema this can check with.
    throw new InvalidArgumentError({
      parameter,
      expected: 'a zod 4 schema whose definition can be read',
      received: {},
      cause,
    });
  }
  return strict as unknown as ZodType<T>;
}

/**
 * Walks every schema reachable from `root` (iteratively, each once), refusing a fallback wherever it sits (it
 * would answer for output the decoder must refuse, whichever branch the output takes): whether an object strips or
 * a record may merge keys. A check is walked as a schema is: `z.property()` keeps the schema it runs in its own
 * definition, where a `.catch()` would pass a value its schema refuses.
 */
function checkNodes(root: SchemaNode, parameter: string): boolean {
  const seen = new Set<SchemaNode>();
  const stack: SchemaNode[] = [root];
  let copy = false;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    const def = node._zod.def;
    if (def.type === 'catch' || def.type === 'success') {
      throw new InvalidArgumentError({
        parameter,
        expected: `a schema without ${def.type} (.catch() and z.success() turn refused output into data)`,
        received: node,
      });
    }
    if ((def.type === 'object' && def['catchall'] === undefined) || def.type === 'record' || inherits(def))
      copy = true;
    for (const key of Object.keys(def)) {
      if (key === 'defaultValue') continue; // a value, never a schema; reading it would call a default function
      // A lazy schema's inner schema sits behind its getter; every other child is a value of the definition, an
      // array of them (union options, tuple items, checks) or a record of them (an object's shape).
      const value = key === 'getter' && def.type === 'lazy' ? node._zod.innerType : def[key];
      if (isNode(value)) stack.push(value);
      else if (typeof value === 'object' && value !== null) {
        for (const item of Object.values(value)) if (isNode(item)) stack.push(item);
      }
    }
  }
  return copy;
}

/**
 * `node` with every strip-mode object below it given a `never` catchall, built with the node's own zod
 * constructor; a node with nothing to change is itself. A lazy schema's inner schema and an object's shape are
 * copied when zod first reads them, as zod reads the originals, since a recursive schema reaches itself there.
 */
function copyStrict(node: SchemaNode): SchemaNode {
  let copy = copies.get(node);
  if (copy !== undefined) return copy;
  const def = node._zod.def;
  const next: Record<string, unknown> = {}; // the keys that change
  let changed = def.type === 'object' && def['catchall'] === undefined;
  if (changed) next['catchall'] = never;
  for (const key of Object.keys(def)) {
    if (key === 'defaultValue') continue; // a value, never a schema; reading it would call a default function
    // zod 4.6 keeps a lazy schema's resolved inner schema on its definition once read (checkNodes read it): copied
    // here, a cycle through a union or an array would be copied before the lazy schema's own copy exists.
    if (key === '_cachedInner' && def.type === 'lazy') continue;
    const value = def[key];
    if (key === 'getter' && def.type === 'lazy') {
      next['getter'] = () => copyStrict(node._zod.innerType!);
      next['_cachedInner'] = undefined; // zod 4.6 keeps the resolved inner schema on the definition
      changed = true;
    } else if (isSchema(value)) {
      next[key] = copyStrict(value);
      changed ||= next[key] !== value;
    } else if (Array.isArray(value)) {
      next[key] = value.map((item) => (isSchema(item) ? copyStrict(item) : item));
      changed ||= value.some((item, index) => item !== (next[key] as unknown[])[index]);
    } else if (typeof value === 'object' && value !== null && Object.values(value).some(isSchema)) {
      const shape = {};
      for (const name of Reflect.ownKeys(value)) {
        const item = (value as Record<PropertyKey, unknown>)[name];
        Object.defineProperty(shape, name, {
          enumerable: true,
          get: () => (isSchema(item) ? copyStrict(item) : item),
        });
      }
      next[key] = shape;
      changed = true;
    }
  }
  // The definition's getters stay getters: `.default()` and `.prefault()` answer each read with a fresh clone or a
  // fresh call of the default function, and a copy that read them once would hand every decode the same object.
  const { getOwnPropertyDescriptors: descriptors } = Object;
  copy =
    changed || def.type === 'record'
      ? new node._zod.constr(Object.defineProperties({}, { ...descriptors(def), ...descriptors(next) }))
      : node;
  if (def.type === 'record') refuseMergedKeys(copy);
  else if (inherits(def)) guardParse(copy, (payload, context, parse) => parse(ownOnly(payload), context));
  copies.set(node, copy);
  return copy;
}

/**
 * Makes the copied `record` refuse output with fewer keys than its input and no issue to say why (for an exhaustive
 * enum record, which also writes the enum values not given, a written key that a given key's value shares with
 * another write: see checkEnumWrites): its key schema read two keys as one (zod retries a numeric-looking key as `Number(key)`, so `"1"`, `"1.0"` and `"01"` are all 1;
 * a key transform such as `.toLowerCase()` may merge too), and the value written last replaced the other, which
 * the decoders never allow for a repeated key. A key the key schema reads as `__proto__`, `constructor` or
 * `prototype` (`"CONSTRUCTOR"` lower-cased) is refused as the text's own would be (zod drops `__proto__`). zod
 * refuses a key schema's Promise with a plain Error that nothing tells from a caller's own: the guard marks it in
 * asyncKeys when the key schema does answer a key with a Promise.
 */
const isZodAsyncKeyError = (error: unknown): boolean =>
  error instanceof Error &&
  Object.getPrototypeOf(error) === Error.prototype &&
  error.message === 'Async schemas not supported in object keys currently';

function refuseMergedKeys(record: SchemaNode): void {
  const zod = record._zod;
  const keyType = (zod.def['keyType'] as SchemaNode)._zod;
  guardParse(record, (payload, context, parse) => {
    const input = ownOnly(payload).value as object;
    const before = payload.issues.length;
    const read = (value: unknown) => keyType.run({ value, issues: [] }, context) as Payload;
    let result: Payload;
    try {
      result = parse(payload, context) as Payload;
    } catch (error) {
      // Only zod's own plain Error can be its refusal of a Promise: a caller's error (of any class or message) thrown
      // by a value schema passes on untouched, whatever the key schema does with other keys.
      if (isZodAsyncKeyError(error)) {
        // The keys zod reads: the input's, each also as a number, and the values of an enum or literal key schema.
        // A key schema that throws on one of them (zod never hands it `NaN`) answers no Promise there.
        const answersPromise = (value: unknown): boolean => {
          try {
            return read(value) instanceof Promise;
          } catch {
            return false;
          }
        };
        const keys = [...Object.keys(input), ...(keyType.values ?? [])];
        if (keys.some((key) => answersPromise(key) || answersPromise(Number(key))))
          asyncKeys.add(error as object);
      }
      throw error;
    }
    // A Promise (an async schema, which the decoders refuse) has no issues; an issue already refuses the output.
    if (result.issues?.length !== before) return result;
    const keys = Object.keys(result.value as object);
    const given = Object.keys(input);
    // An exhaustive enum record writes every enum value, given or not, so its output may hold as many keys as its
    // input even after a merge: its writes are checked one by one.
    const { values } = keyType;
    const exhaustive =
      values !== undefined && zod.def['partial'] !== true
        ? checkEnumWrites(input, values, zod.def['mode'] === 'loose', read)
        : undefined;
    if (
      exhaustive === 'forbidden' ||
      keys.some((key) => FORBIDDEN_KEYS.includes(key)) ||
      (keys.length < given.length && given.some((key) => read(key).value === '__proto__'))
    ) {
      result.issues.push({ code: 'custom', message: forbiddenKeys });
    } else if (exhaustive === 'merged' || keys.length < given.length) {
      result.issues.push({ code: 'custom', message: mergedKeys });
    }
    return result;
  });
}

/** Runs `guard` in place of `node`'s parse, handing it the parse zod holds at each call. */
function guardParse(
  node: SchemaNode,
  guard: (payload: Payload, context: unknown, parse: Parse) => Payload | Promise<Payload>,
): void {
  const zod = node._zod;
  let parse = zod.parse;
  const guarded: Parse = (payload, context) => guard(payload, context, parse);
  if (zod.run === parse) zod.run = guarded; // zod runs a schema without checks through the parse it was built with
  // A schema with checks runs whatever parse it holds at each call, and zod may store another one there after the
  // first (4.6's memoizer puts back the parse it wrapped): the guard stays in place and runs around the latest.
  Object.defineProperty(zod, 'parse', {
    get: () => guarded,
    set: (next: Parse) => {
      parse = next;
    },
  });
}

/**
 * Whether an object schema names a member of Object.prototype (`toString`, `valueOf`): zod reads each key of its
 * shape from the input, through the prototype for one the input does not hold.
 */
const inherits = (def: SchemaNode['_zod']['def']): boolean =>
  def.type === 'object' && Object.keys(def['shape'] as object).some((key) => key in {});

/**
 * `payload` holding, for a plain object, a copy without a prototype (its own keys only; zod builds its output anew): a
 * key the text does not write reads as absent, never as a function of Object.prototype.
 */
function ownOnly(payload: Payload): Payload {
  const { value } = payload;
  if (Object.getPrototypeOf(value ?? 0) === Object.prototype) payload.value = { __proto__: null, ...value! };
  return payload;
}

/**
 * What an exhaustive enum record (`z.record(z.enum(...), ...)`) did with `input`, replaying its writes: zod writes
 * each enum value under the key the key schema reads it as (`undefined`, or a default, for one not given), skips one
 * read as `__proto__`, and in loose mode writes each other key as given. `merged` when a written key was written
 * twice with a given key's value among them (one value replaced the other), `forbidden` when a given key was read as
 * `__proto__` (its value dropped). Costs one key schema run per enum value.
 */
function checkEnumWrites(
  input: object,
  values: Set<unknown>,
  loose: boolean,
  read: (value: unknown) => Payload,
): 'merged' | 'forbidden' | undefined {
  const written = new Map<PropertyKey, boolean>(); // written key → whether a given key's value was written there
  const write = (name: PropertyKey, given: boolean): boolean => {
    const before = written.get(name);
    written.set(name, given || before === true);
    return before !== undefined && (given || before);
  };
  const own = new Set<PropertyKey>();
  for (const value of values) {
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'symbol') continue;
    const key = typeof value === 'number' ? String(value) : value;
    own.add(key);
    if (key === '__proto__') continue; // zod skips a declared __proto__
    const given = Object.hasOwn(input, key);
    const out = read(value);
    if (out instanceof Promise || out.issues.length > 0) continue; // not written (refused with an issue)
    const name = typeof out.value === 'symbol' ? out.value : String(out.value);
    if (name === '__proto__') {
      if (given) return 'forbidden';
    } else if (write(name, given)) return 'merged';
  }
  if (loose) {
    for (const key of Object.keys(input))
      if (!own.has(key) && key !== '__proto__' && write(key, true)) return 'merged';
  }
  return undefined;
}

/** Whether `value` is a zod schema or check (a check's definition names its `check`, not a `type`). */
function isNode(value: unknown): value is SchemaNode {
  return typeof (value as SchemaNode | null | undefined)?._zod?.def === 'object';
}

function isSchema(value: unknown): value is SchemaNode {
  const def = (value as { _zod?: { def?: unknown } } | null | undefined)?._zod?.def;
  return typeof def === 'object' && typeof (def as { type?: unknown } | null)?.type === 'string';
}
