import { InvalidArgumentError } from '@gk/internal';
import { kindOf } from './canonical-json.js';
import { formatIssuePath } from './report-parse-error.js';

/** Why a value could not be copied: where, what was expected there and what was found (or what the read threw). */
export interface CopyFault {
  path: Array<string | number>;
  expected: string;
  received: unknown;
  cause?: unknown;
}

/** An object waiting to be copied: the key it sits under in its parent's copy, that copy, and the parent's visit. */
interface Visit {
  value: object;
  key: string | number;
  into: Record<string | number, unknown>;
  parent: Visit | undefined;
  /** Set once the object is copied: popped again, the visit closes (the object leaves the path from the root). */
  opened: boolean;
}

/** What the walk has met (one table: a lookup per object, not one per table) and two counts. */
interface Walk {
  /** Every object met, with its copy while it is on the path from the root (undefined once it leaves). */
  met: Map<object, object | undefined>;
  /** Members (plus one per object) of the distinct objects met: what the value holds. */
  held: number;
  /** Members (plus one per object) copied, a shared object at every place it appears: what a reader will walk. */
  copied: number;
}

/**
 * A shared object is copied at every place it appears, as a schema or an encoder reads it there; the copy may hold
 * this many times the members the value holds, plus {@link SHARED_SLACK}. Past that the value is refused: `x = [x,
 * x]` nested 30 times holds 30 arrays and reads as 2^30.
 */
export const SHARED_FACTOR = 8;
/** See {@link SHARED_FACTOR}. */
export const SHARED_SLACK = 65_536;

/**
 * `value` read once into a copy of plain objects and arrays holding data properties only, so a getter or proxy cannot
 * show one check a value and the next another: each array's `length` and elements, each object's own enumerable keys
 * and their values, are read once. Scalars are kept as they are, for the schema or the encoder to judge. An array
 * with a hole (`new Array(2 ** 32 - 1)`: JSON has none), an object that is no array or plain object (a `Date`, a
 * class instance), or a read that throws (a revoked proxy, a throwing getter) ends the copy with a fault at its path.
 * An object met again at another place (shared: a judge object in two fields) is copied again there, as JSON would
 * write it, so the copy is a tree; a value whose copy would hold more than {@link SHARED_FACTOR} times its own
 * members plus {@link SHARED_SLACK} ends with a fault, as every reader after this one would walk it all. A cycle
 * stays a cycle, for the reader to refuse. The walk keeps its own stack and stops at the first fault, so it costs
 * what `value` holds however deep it nests.
 */
export function copyValue(value: unknown): { copy: unknown; fault: CopyFault | undefined } {
  const root: { copy?: unknown } = { copy: value };
  const walk: Walk = { met: new Map(), held: 0, copied: 0 };
  // Visits to open, and opened visits whose members are all copied (popped again, they leave the path).
  const stack: Visit[] = [];
  if (typeof value === 'object' && value !== null)
    stack.push({ value, key: 'copy', into: root, parent: undefined, opened: false });
  while (stack.length > 0) {
    const step = stack.pop()!;
    if (step.opened) {
      walk.met.set(step.value, undefined);
      continue;
    }
    const fault = copyObject(step, walk, stack);
    if (fault !== undefined) return { copy: undefined, fault };
  }
  return { copy: root.copy, fault: undefined };
}

/** {@link copyValue} for an argument: the copy, or an InvalidArgumentError naming the fault's path under `parameter`. */
export function copyArgument(value: unknown, parameter: string): unknown {
  const { copy, fault } = copyValue(value);
  if (fault === undefined) return copy;
  const { path, expected, received, cause } = fault;
  throw new InvalidArgumentError({ parameter: formatIssuePath(parameter, path), expected, received, cause });
}

const TOO_SHARED =
  `a value whose copy, with each shared object at every place it appears, holds at most ${SHARED_FACTOR} times ` +
  `its own members plus ${SHARED_SLACK.toLocaleString('en-US')} (a JSON value shares none)`;

/** The longest array whose copy is made at its length: past it, `new Array` makes a sparse (dictionary) array. */
const PRESIZED = 16_384;

/** Whether `length` is one an array can have. */
const isArrayLength = (length: unknown): length is number =>
  Number.isInteger(length) && (length as number) >= 0 && (length as number) <= 2 ** 32 - 1;

/** Copies one array or plain object into its parent's copy, queueing the objects it holds; the fault that ends it. */
function copyObject(visit: Visit, walk: Walk, stack: Visit[]): CopyFault | undefined {
  const { value } = visit;
  const open = walk.met.get(value);
  if (open !== undefined) {
    hold(visit.into, visit.key, open, undefined, stack); // a cycle
    return undefined;
  }
  let at: string | number | undefined; // the member being read, for the path of a read that throws
  try {
    const array = Array.isArray(value);
    let keys: string[] | undefined;
    if (!array) {
      const prototype = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) {
        const expected = `a JSON value (an array or a plain object, not ${kindOf(value)})`;
        return { path: pathOf(visit), expected, received: value };
      }
      keys = Object.keys(value);
    }
    const length: unknown = array ? value.length : keys!.length;
    if (!isArrayLength(length)) {
      // Only a proxy answers so; a made-up length is no count to copy by (`'3'` would read as 3, `1.5` as 2).
      const expected =
        'an array whose length is a whole number from 0 to 2^32 - 1 (a proxy answered otherwise)';
      return { path: pathOf(visit), expected, received: length };
    }
    walk.copied += length + 1;
    if (!walk.met.has(value)) walk.held += length + 1;
    if (walk.copied > SHARED_FACTOR * walk.held + SHARED_SLACK)
      return { path: pathOf(visit), expected: TOO_SHARED, received: value };
    // An array's copy is made at its length (a short one: a long one grows as it fills), not grown from empty to
    // fit, which gives a one-member array seventeen slots: a tenth of the memory for such arrays, and less collection.
    const copy = (array ? new Array(length < PRESIZED ? length : 0) : {}) as Record<string | number, unknown>;
    walk.met.set(value, copy);
    visit.opened = true;
    stack.push(visit);
    if (array) {
      for (let index = 0; index < length; index += 1) {
        at = index;
        if (!(index in value)) {
          const expected = 'an array without holes (a JSON value has none)';
          return { path: [...pathOf(visit), index], expected, received: undefined };
        }
        hold(copy, index, value[index], visit, stack);
      }
    } else {
      for (const key of keys!) {
        at = key;
        hold(copy, key, (value as Record<string, unknown>)[key], visit, stack);
      }
    }
    hold(visit.into, visit.key, copy, undefined, stack);
    return undefined;
  } catch (cause) {
    const path = at === undefined ? pathOf(visit) : [...pathOf(visit), at];
    return {
      path,
      expected: 'a value that reads without throwing (a getter or proxy threw)',
      received: undefined,
      cause,
    };
  }
}

/**
 * Writes `member` under `key` in `into` as a data property (`__proto__` too, which an assignment would take as the
 * prototype), and queues an object met in a visit to be copied over it.
 */
function hold(
  into: Record<string | number, unknown>,
  key: string | number,
  member: unknown,
  parent: Visit | undefined,
  stack: Visit[],
): void {
  if (key === '__proto__') {
    Object.defineProperty(into, key, { value: member, enumerable: true, writable: true, configurable: true });
  } else {
    into[key] = member;
  }
  if (parent !== undefined && typeof member === 'object' && member !== null) {
    stack.push({ value: member, key, into, parent, opened: false });
  }
}

/** The keys from the root (which has no key) down to `visit`. */
function pathOf(visit: Visit): Array<string | number> {
  const path: Array<string | number> = [];
  for (let at: Visit | undefined = visit; at.parent !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}
