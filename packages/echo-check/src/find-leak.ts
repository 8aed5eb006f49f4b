import type { MarkerMatcher } from './create-marker-set.js';
import { annotationsForReader, decodeForReader, renderForReader } from './decode-for-reader.js';
import { laidOutReadings } from './lay-out-right-to-left.js';
import { squash, squashLetterForms } from './squash.js';

/** Bounds of one walk; past either, the output is counted as a leak, since it could not be checked whole. */
export interface LeakLimits {
  /** Values visited: strings, keys, objects, getter results (default 1,000,000). */
  maxValues: number;
  /** UTF-16 code units of text searched, binary data decoded included (default 64 Mi). */
  maxTextLength: number;
}

/** The default bounds: far above any answer, result object or error a pipeline returns. */
export const DEFAULT_LEAK_LIMITS: Readonly<LeakLimits> = {
  maxValues: 1_000_000,
  maxTextLength: 64 * 1024 * 1024,
};

/**
 * Whether a marker was found, and where: a path such as `answer.citations[0].note`, never the text itself; `marker`
 * is the found marker's label (absent for an output too large to check whole).
 */
export type LeakScan<Label = unknown> = { leaked: false } | { leaked: true; where: string; marker?: Label };

/** How a value was reached: a property (or getter), a key itself, a Map or Set entry, a WeakRef's target, bytes. */
type Via =
  | 'root'
  | 'property'
  | 'thrown'
  | 'key'
  | 'map key'
  | 'map value'
  | 'set member'
  | 'weak target'
  | 'bytes'
  | 'text form';

interface Visit {
  value: unknown;
  via: Via;
  /** The property key, for `property`, `thrown` and `key`; written into the path only when found. */
  key?: PropertyKey;
  parent: Visit | null;
  /** The field the value sits in, array indices left out (`answer.parts[].delta`), as an interned number. */
  column?: number;
}

/** The streams a piece of text joins besides its own field's: every string and key, the values, the keys. */
const ALL = -1;
const VALUES = -2;
const KEYS = -3;

/**
 * Looks for the markers of `matcher` (whole, disguised, or as a run of 16 of their hex digits; see
 * `containsMarker`) in everything `value` carries: strings, object keys (symbol descriptions too), every own
 * property, enumerable or not, getters on the object and on its own classes (an error a getter throws is searched
 * too), array elements, Map keys and values, Set members, a WeakRef's target, the UTF-8 text of binary data, other
 * built-in objects by their text form (a `URL`, a `RegExp`), and errors with their `message`, `cause` and other fields.
 *
 * A marker written in pieces is found in each sequence of strings a reader could join: every string and key in
 * walk order; the values without the keys; the keys alone; and the values of one field across array elements
 * (`parts[].delta` of stream parts, `parts[].text` of message parts), whatever other fields sit between them.
 *
 * Each object is visited once (cycles end), getters that throw never stop the walk, and the work is linear in the
 * size of the value and independent of the number of markers, up to `limits`; a value larger than that is reported
 * as a leak, because it could not be proved clean. Promises are not awaited and functions are not called (their own
 * properties are searched).
 */
export function findLeak<Label>(
  value: unknown,
  matcher: MarkerMatcher<Label>,
  root: string,
  limits: LeakLimits = DEFAULT_LEAK_LIMITS,
): LeakScan<Label> {
  if (matcher.window === 0) return { leaked: false };
  const keep = matcher.window - 1;
  const seen = new Set<object>();
  const stack: Visit[] = [{ value, via: 'root', parent: null, column: 0 }];
  const columns: Columns = { steps: new Map(), fields: new Map() };
  // The last `keep` squashed characters of each stream, so a marker split across its pieces is found.
  const tails = new Map<number, string>();
  // The same for the text as a reader sees it (character references, percent-escapes and digits decoded).
  const decodedTails = new Map<number, string>();
  // And for the text as a page renders it (hidden elements dropped, links read as their text).
  const renderedTails = new Map<number, string>();
  // The streams a key joins, and a value (the last one is the value's own field).
  const keyStreams = [ALL, KEYS];
  const valueStreams = [ALL, VALUES, 0];
  // The getters each prototype met so far holds, with those of the prototypes above it: each is read once per walk,
  // so a chain of n objects each inheriting from the one before costs n, not n² (`Object.create` in a loop).
  const prototypes = new Map<object, Chain>();
  let values = 0;
  let textLength = 0;
  const tooLarge = (): LeakScan<Label> => ({
    leaked: true,
    where: `${root} is too large to check whole (more than ${limits.maxValues} values or ${limits.maxTextLength} characters); counted as a leak`,
  });

  while (stack.length > 0) {
    const visit = stack.pop()!;
    if (++values > limits.maxValues) return tooLarge();
    if (visit.via !== 'key') visit.column ??= columnOf(visit, columns);
    const current = visit.value;
    let text: string | null = null;
    let at = visit;
    if (typeof current === 'string') text = current;
    else if (typeof current === 'bigint') text = String(current);
    else if (typeof current === 'symbol') text = current.description ?? '';
    else if ((typeof current === 'object' || typeof current === 'function') && current !== null) {
      if (seen.has(current)) continue;
      seen.add(current);
      const { chain, read, data } = chainOf(protoOf(current), prototypes, limits.maxValues);
      const kind = kindOf(chain.base);
      const toText = textFormOf(chain.base);
      // Each prototype read counts as a value (a proxy's trap may hand out a fresh one on every read), and so does
      // each prototype a brand check or a built-in's text form walks (see `hasBrand`).
      values += read + (kind === undefined && toText === undefined ? 0 : chain.depth);
      if (values > limits.maxValues) return tooLarge();
      // The data properties of the prototypes met first here: the same for every object that inherits them, so
      // searched once per walk, as if this object's own (`answer.debug.note` for `Debug.prototype.note`).
      for (let index = data.length - 1; index >= 0; index--) {
        const { key, value: inherited } = data[index]!;
        stack.push({ value: inherited, via: 'property', key, parent: visit });
      }
      const bytes = bytesOf(current, kind);
      if (bytes === null) {
        // Children are pushed in reverse, so they are searched in order and adjacent strings stay adjacent.
        const children = ownChildren(current, visit, chain.getters, kind);
        const form = builtInText(current, toText);
        if (form !== null) children.unshift({ value: form, via: 'text form', parent: visit });
        for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
        continue;
      }
      // A byte decodes to one UTF-16 code unit at most: bytes past the text bound are too large, and are never decoded
      // (past V8's longest string, about 537 MB, decoding throws). A decoding that throws could not be searched either.
      if (bytes.length > limits.maxTextLength - textLength) return tooLarge();
      text = attempt(() => decoder.decode(isShared(bytes.buffer) ? bytes.slice() : bytes)) ?? null;
      if (text === null) return tooLarge();
      at = { value: null, via: 'bytes', parent: visit, column: visit.column };
    }
    if (text === null) continue;
    textLength += text.length;
    if (textLength > limits.maxTextLength) return tooLarge();
    const squashed = squash(text);
    const shown = decodeForReader(text);
    const decoded = shown === null ? squashed : squash(shown);
    const page = renderForReader(text);
    const rendered = page === null ? decoded : squash(page);
    if (squashed.length === 0 && decoded.length === 0 && rendered.length === 0) continue;
    let marker = matcher.find(squashed);
    if (decoded !== squashed) marker ??= matcher.find(decoded);
    if (rendered !== decoded) marker ??= matcher.find(rendered);
    // A ruby's annotations, as the row above its base they show in.
    const notes = annotationsForReader(text);
    if (notes !== null) marker ??= matcher.find(squash(notes));
    // Accented and styled letters read as letters, and bidi text as a page lays it out, in every reading (hidden
    // filler drops out before the page reverses an override or a run): searched within this piece only.
    if (marker === undefined) {
      for (const reading of [text, shown, page])
        if (reading !== null) marker ??= matcher.find(squashLetterForms(reading) ?? '');
      for (const reading of laidOutReadings([text, shown, page]))
        marker ??= matcher.find(squash(reading)) ?? matcher.find(squashLetterForms(reading) ?? '');
    }
    valueStreams[2] = at.column ?? 0;
    for (const stream of visit.via === 'key' ? keyStreams : valueStreams) {
      // Only a run that crosses into this piece from the stream's earlier text is new: one within it was found above.
      marker ??= follow(tails, stream, squashed);
      marker ??= follow(decodedTails, stream, decoded);
      marker ??= follow(renderedTails, stream, rendered);
    }
    if (marker !== undefined) return { leaked: true, where: pathOf(root, at), marker };
  }
  return { leaked: false };

  // Searches the join of a stream's earlier text with `piece`, and keeps the stream's last `keep` characters.
  function follow(streams: Map<number, string>, stream: number, piece: string): Label | undefined {
    if (piece.length === 0) return undefined;
    const tail = streams.get(stream) ?? '';
    if (keep > 0) streams.set(stream, (piece.length >= keep ? piece : tail + piece).slice(-keep));
    return matcher.findAcross(tail, piece);
  }
}

/** The fields met so far: each step (a key, or how a value was reached) and each field, numbered. */
interface Columns {
  steps: Map<unknown, number>;
  fields: Map<string, number>;
}

/** The interned number of a visit's field: its parent's field and the step to it, array indices left out. */
function columnOf(visit: Visit, { steps, fields }: Columns): number {
  const { key, via } = visit;
  const name =
    via !== 'property' ? `${via} ${String(key)}` : typeof key === 'string' && isIndex(key) ? '' : key;
  const step = intern(steps, name);
  return intern(fields, `${visit.parent?.column ?? 0} ${step}`) + 1;
}

/** The number of `name` in `names`, numbering it next when it is new. */
function intern<Name>(names: Map<Name, number>, name: Name): number {
  const known = names.get(name);
  if (known !== undefined) return known;
  names.set(name, names.size);
  return names.size - 1;
}

/** The getters of a prototype and of those above it, up to the first built-in one: nearest first, in key order. */
interface ClassGetters {
  /** This prototype's own getters (never empty). */
  getters: Array<{ key: string | symbol; get: () => unknown }>;
  /** The next prototype up the chain that has getters. */
  next: ClassGetters | null;
}

/** What an object inherits from a prototype and those above it. */
interface Chain {
  /** Getters of the object's own classes, which it is read through. */
  getters: ClassGetters | null;
  /**
   * The first built-in prototype up the chain (`Map.prototype`, `URL.prototype`), or one that may be another realm's
   * (its constructor is native); null when there is none.
   */
  base: object | null;
  /** How many prototypes that are not built in come before `base`. */
  depth: number;
}

const NO_CHAIN: Chain = { getters: null, base: null, depth: 0 };

/**
 * What `prototype` and the prototypes above it give an object, each prototype read once per walk (`known`); `read`
 * says how many were read now, and `data` holds their data properties (`constructor` aside). An object then costs
 * what it inherits, not the length of its chain: a chain of n objects each inheriting from the one before
 * (`Object.create` in a loop) cost n² when every object walked its own.
 */
function chainOf(
  prototype: object | null,
  known: Map<object, Chain>,
  bound: number,
): { chain: Chain; read: number; data: Array<{ key: string | symbol; value: unknown }> } {
  const data: Array<{ key: string | symbol; value: unknown }> = [];
  const path: object[] = [];
  const onPath = new Set<object>();
  let above = NO_CHAIN;
  // A proxy's trap may name the proxy itself as its prototype: a chain that comes back ends there.
  for (let at = prototype; at !== null && !onPath.has(at); at = protoOf(at)) {
    const met = known.get(at);
    if (met !== undefined) {
      above = met;
      break;
    }
    if (INTRINSIC_PROTOTYPES.has(at)) {
      above = { getters: null, base: at, depth: 0 };
      known.set(at, above);
      break;
    }
    path.push(at);
    onPath.add(at);
    // A proxy may answer each read with a fresh prototype: past the walk's bound, the walk reports it too large.
    if (path.length > bound) break;
  }
  // From the top down, so each prototype links to the nearest one above it that has getters.
  for (let index = path.length - 1; index >= 0; index--) {
    const at = path[index]!;
    const getters: ClassGetters['getters'] = [];
    for (const key of attempt(() => Reflect.ownKeys(at)) ?? []) {
      const descriptor = attempt(() => Reflect.getOwnPropertyDescriptor(at, key));
      if (descriptor === undefined || key === 'constructor') continue;
      if (descriptor.get) getters.push({ key, get: descriptor.get });
      else if ('value' in descriptor) data.push({ key, value: descriptor.value });
    }
    // A prototype with a native constructor may be another realm's built-in (a Map of a `vm` context): its data and
    // getters are read all the same, since the object can set its `constructor`, but it tells the kind (see `kindOf`).
    const native = hasNativeConstructor(at);
    above = {
      getters: getters.length > 0 ? { getters, next: above.getters } : above.getters,
      base: native ? at : above.base,
      depth: native ? 0 : above.depth + 1,
    };
    known.set(at, above);
  }
  return {
    chain: prototype === null ? NO_CHAIN : (known.get(prototype) ?? NO_CHAIN),
    read: path.length,
    data,
  };
}

/** Built-in classes whose instances hold their content in internal slots: read as entries, a target or bytes. */
type Kind = 'map' | 'set' | 'weak ref' | 'bytes' | 'shared bytes';

/** The kind of the instances of a built-in prototype, of this realm or another (by its constructor's name). */
function kindOf(base: object | null): Kind | undefined {
  if (base === null) return undefined;
  const name = attempt(() => Reflect.getOwnPropertyDescriptor(base, 'constructor')?.value?.name);
  if (base === Map.prototype || name === 'Map') return 'map';
  if (base === Set.prototype || name === 'Set') return 'set';
  if (name === 'WeakRef') return 'weak ref';
  if (base === ArrayBuffer.prototype || name === 'ArrayBuffer') return 'bytes';
  return name === 'SharedArrayBuffer' ? 'shared bytes' : undefined;
}

/** The keys, values, entries and getter results of `object`, as visits in order; never throws. */
function ownChildren(
  object: object,
  parent: Visit,
  inherited: ClassGetters | null,
  kind: Kind | undefined,
): Visit[] {
  const children: Visit[] = [];
  if (kind === 'map' && hasBrand(object, MAP_SIZE)) {
    for (const [key, value] of attempt(() => [...Map.prototype.entries.call(object)]) ?? []) {
      children.push({ value: key, via: 'map key', parent }, { value, via: 'map value', parent });
    }
  } else if (kind === 'set' && hasBrand(object, SET_SIZE)) {
    for (const member of attempt(() => [...Set.prototype.values.call(object)]) ?? []) {
      children.push({ value: member, via: 'set member', parent });
    }
  } else if (kind === 'weak ref' && WEAK_REF_DEREF !== undefined) {
    // `deref` reads an internal slot (of a WeakRef of any realm) and throws for anything else: its own brand check.
    const target = attempt(() => Reflect.apply(WEAK_REF_DEREF, object, []));
    if (target !== undefined) children.push({ value: target, via: 'weak target', parent });
  }
  let keys: Array<string | symbol>;
  try {
    keys = Reflect.ownKeys(object);
  } catch (error) {
    children.push({ value: error, via: 'thrown', parent });
    return children;
  }
  for (const key of keys) {
    // An index cannot carry the marker, and searching it would split a marker written across array elements.
    if (!isIndex(key)) children.push({ value: key, via: 'key', key, parent });
    let descriptor: PropertyDescriptor | undefined;
    try {
      descriptor = Reflect.getOwnPropertyDescriptor(object, key);
    } catch (error) {
      children.push({ value: error, via: 'thrown', key, parent });
      continue;
    }
    if (descriptor === undefined) continue;
    if ('value' in descriptor) children.push({ value: descriptor.value, via: 'property', key, parent });
    else if (descriptor.get) children.push(readGetter(object, descriptor.get, key, parent));
  }
  // Getters of the object's own classes (result classes of model SDKs keep their fields behind them).
  for (let at = inherited; at !== null; at = at.next) {
    for (const { key, get } of at.getters) children.push(readGetter(object, get, key, parent));
  }
  return children;
}

/** The value a getter returns on `object`, or the error it throws (searched like any value). */
function readGetter(object: object, getter: () => unknown, key: PropertyKey, parent: Visit): Visit {
  try {
    return { value: Reflect.apply(getter, object, []), via: 'property', key, parent };
  } catch (error) {
    return { value: error, via: 'thrown', key, parent };
  }
}

// Built in calls marked pure, here and below, so a bundle that walks no output (`containsMarker` alone) drops them.
const decoder = /* @__PURE__ */ new TextDecoder();

/**
 * The bytes of an ArrayBuffer or a view of one, or null for anything else. A view is read through the built-in getters
 * (`%TypedArray%.prototype`'s, `DataView.prototype`'s), which read its internal slots: an own `byteLength` or a
 * subclass's `buffer` getter cannot hide its bytes.
 */
function bytesOf(value: object, kind: Kind | undefined): Uint8Array | null {
  if (ArrayBuffer.isView(value)) {
    for (const [buffer, offset, length] of VIEW_GETTERS) {
      const view = attempt(
        () =>
          new Uint8Array(
            Reflect.apply(buffer!, value, []) as ArrayBufferLike,
            Reflect.apply(offset!, value, []) as number,
            Reflect.apply(length!, value, []) as number,
          ),
      );
      if (view !== undefined) return view;
    }
    return null;
  }
  if (kind === 'bytes' ? hasBrand(value, ARRAY_BUFFER_BYTES) : kind === 'shared bytes' && isShared(value))
    return attempt(() => new Uint8Array(value as ArrayBufferLike)) ?? null;
  return null;
}

function isShared(value: object): boolean {
  return SHARED_BYTES !== undefined && hasBrand(value, SHARED_BYTES);
}

/**
 * Brand checks: a built-in getter that reads an internal slot answers only for an instance of its class (from any
 * realm) and throws for anything else. Its error names the object, which walks the object's prototype chain (as
 * `instanceof` and `Object.prototype.toString` do), so the walk makes it only for an object whose chain leads to
 * that class (see `kindOf`), and counts the chain's length against its bound.
 */
const getterOf = (prototype: object | undefined, key: string): (() => unknown) | undefined =>
  prototype === undefined ? undefined : Reflect.getOwnPropertyDescriptor(prototype, key)?.get;
const WEAK_REF_DEREF: (() => unknown) | undefined = /* @__PURE__ */ (() =>
  typeof WeakRef === 'function' ? WeakRef.prototype.deref : undefined)();
const MAP_SIZE = /* @__PURE__ */ (() => getterOf(Map.prototype, 'size')!)();
const SET_SIZE = /* @__PURE__ */ (() => getterOf(Set.prototype, 'size')!)();
const REGEXP_SOURCE = /* @__PURE__ */ (() => getterOf(RegExp.prototype, 'source'))();
const ARRAY_BUFFER_BYTES = /* @__PURE__ */ (() => getterOf(ArrayBuffer.prototype, 'byteLength')!)();
/** The `buffer`, `byteOffset` and `byteLength` getters of typed arrays, then of data views. */
const VIEW_GETTERS = /* @__PURE__ */ (() =>
  [Object.getPrototypeOf(Uint8Array.prototype) as object, DataView.prototype].map((prototype) =>
    ['buffer', 'byteOffset', 'byteLength'].map((key) => getterOf(prototype, key)),
  ))();
const SHARED_BYTES = /* @__PURE__ */ (() =>
  getterOf(
    typeof SharedArrayBuffer === 'function' ? SharedArrayBuffer.prototype : undefined,
    'byteLength',
  ))();

function hasBrand(value: object, getter: () => unknown): boolean {
  return (
    attempt(() => {
      Reflect.apply(getter, value, []);
      return true;
    }) === true
  );
}

/** Containers whose content is all in their own properties or entries, so their text form adds nothing. */
const CONTAINER_PROTOTYPES = /* @__PURE__ */ (() =>
  new Set<unknown>([
    Object.prototype,
    Array.prototype,
    Function.prototype,
    Map.prototype,
    Set.prototype,
    Promise.prototype,
    String.prototype,
    Error.prototype,
  ]))();

/**
 * The `toString` of a built-in class of this realm other than a container or `Error` (`URL.prototype.toString`), whose
 * content sits in internal slots behind native getters; undefined for containers, errors (an error's message, stack
 * and cause are own properties, searched as such), classes without one, and prototypes that are no built-in one of
 * this realm, whose own `toString` is never called.
 */
function textFormOf(base: object | null): (() => unknown) | undefined {
  // `RegExp.prototype.toString` reads `this.source`, which an own property or a subclass's getter shadows: the
  // built-in getter reads the pattern from its internal slot.
  if (base === RegExp.prototype) return REGEXP_SOURCE;
  if (base === null || !INTRINSIC_PROTOTYPES.has(base) || CONTAINER_PROTOTYPES.has(base)) return undefined;
  const write = attempt(() => Reflect.getOwnPropertyDescriptor(base, 'toString')?.value);
  return typeof write === 'function' ? write : undefined;
}

/**
 * The text form of an instance of another built-in class, or of a subclass of one (`class U extends URL`), as the
 * built-in writes it (`toText`, see `textFormOf`): a `URL`'s href, a `RegExp`'s source, a `Date`. A subclass's own
 * `toString` is not called, so it cannot hide what the built-in holds, nor can a `Symbol.toStringTag` that names
 * another class. Null for containers, errors and own classes.
 */
function builtInText(value: object, toText: (() => unknown) | undefined): string | null {
  if (toText === undefined) return null;
  return attempt(() => String(Reflect.apply(toText, value, []))) ?? null;
}

/**
 * This realm's built-in prototypes, by identity: the walk stops at them, their getters reading nothing new. Only these
 * count as built in; a prototype that merely names a native `constructor` is read like any other.
 */
const INTRINSIC_PROTOTYPES = /* @__PURE__ */ (() =>
  new Set<unknown>(
    [
      Object,
      Array,
      Function,
      Error,
      TypeError,
      RangeError,
      SyntaxError,
      ReferenceError,
      Map,
      Set,
      WeakMap,
      WeakSet,
      Promise,
      Date,
      RegExp,
      String,
      Number,
      Boolean,
      Symbol,
      BigInt,
      ArrayBuffer,
      DataView,
      Object.getPrototypeOf(Uint8Array),
      // Node implements these in JavaScript, so their constructors' source is no `[native code]`; their content sits in
      // private fields, read by their text form (`URLSearchParams` as `q=…`).
      globalThis.URL,
      globalThis.URLSearchParams,
      globalThis.SharedArrayBuffer,
    ].flatMap((type) => (typeof type === 'function' ? [type.prototype] : [])),
  ))();

/** Whether a prototype names a native function as its `constructor`, as the built-in prototypes of any realm do. */
function hasNativeConstructor(prototype: object): boolean {
  const owner = attempt(() => Reflect.getOwnPropertyDescriptor(prototype, 'constructor'))?.value;
  if (typeof owner !== 'function') return false;
  const source = attempt(() => Function.prototype.toString.call(owner));
  return source === undefined || source.includes('[native code]');
}

function protoOf(value: object): object | null {
  return attempt(() => Reflect.getPrototypeOf(value)) ?? null;
}

/** `run()`, or undefined when it throws. */
function attempt<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}

const isIndex = (key: string | symbol): key is string =>
  typeof key === 'string' && /^(?:0|[1-9]\d{0,9})$/.test(key);

/** A path step for a key, written only when it cannot carry the marker (a short name or an index). */
function stepFor(key: PropertyKey | undefined): string {
  if (typeof key === 'symbol') return '[a symbol key]';
  if (typeof key === 'number') return `[${key}]`;
  if (key === undefined) return '';
  if (isIndex(key)) return `[${key}]`;
  if (/^[A-Za-z_$][\w$]{0,23}$/.test(key) && !/[0-9a-f]{6}/i.test(key)) return `.${key}`;
  return '[a key]';
}

const VIA_SUFFIX: Record<Via, string> = {
  root: '',
  property: '',
  thrown: ' (thrown)',
  key: ' (a key)',
  'map key': ' (a Map key)',
  'map value': '.get(…)',
  'set member': ' (a Set member)',
  'weak target': '.deref()',
  bytes: ' (bytes)',
  'text form': ' (as text)',
};

/** The path from the root to `visit`, such as `answer.citations[0].note`. */
function pathOf(root: string, visit: Visit): string {
  const steps: string[] = [];
  for (let step: Visit | null = visit; step !== null; step = step.parent) {
    // A key found as text is written as where it sits, never as itself.
    const at = step.via === 'key' ? '' : stepFor(step.key);
    steps.push(at + VIA_SUFFIX[step.via]);
  }
  const path = root + steps.reverse().join('');
  return path.length > 120 ? `${path.slice(0, 119)}…` : path;
}
