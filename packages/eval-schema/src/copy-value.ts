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
}

/**
 * `value` read once into a copy of plain objects and arrays holding data properties only, so a getter or proxy cannot
 * show one check a value and the next another: each array's `length` and elements, each object's own enumerable keys
 * and their values, are read once. Scalars are kept as they are, for the schema or the encoder to judge. An array
 * with a hole (`new Array(2 ** 32 - 1)`: JSON has none), an object that is no array or plain object (a `Date`, a
 * class instance), or a read that throws (a revoked proxy, a throwing getter) ends the copy with a fault at its path.
 * The walk keeps its own stack and stops at the first fault, so it costs what `value` holds however deep it nests;
 * an object met twice is copied once (a cycle stays a cycle, for the reader to refuse).
 */
export function copyValue(value: unknown): { copy: unknown; fault: CopyFault | undefined } {
  const root: { copy?: unknown } = { copy: value };
  const copies = new Map<object, object>();
  const stack: Visit[] = [];
  if (typeof value === 'object' && value !== null)
    stack.push({ value, key: 'copy', into: root, parent: undefined });
  while (stack.length > 0) {
    const fault = copyObject(stack.pop()!, copies, stack);
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

/** Copies one array or plain object into its parent's copy, pushing the objects it holds; the fault that ends it. */
function copyObject(visit: Visit, copies: Map<object, object>, stack: Visit[]): CopyFault | undefined {
  const { value } = visit;
  let at: string | number | undefined; // the member being read, for the path of a read that throws
  try {
    let copy = copies.get(value);
    if (copy === undefined) {
      const members = (Array.isArray(value) ? [] : {}) as Record<string | number, unknown>;
      if (Array.isArray(value)) {
        for (let index = 0, length = value.length; index < length; index += 1) {
          at = index;
          if (!(index in value)) {
            const expected = 'an array without holes (a JSON value has none)';
            return { path: [...pathOf(visit), index], expected, received: undefined };
          }
          hold(members, index, value[index], visit, stack);
        }
      } else {
        const prototype = Object.getPrototypeOf(value);
        if (prototype !== Object.prototype && prototype !== null) {
          const expected = `a JSON value (an array or a plain object, not ${kindOf(value)})`;
          return { path: pathOf(visit), expected, received: value };
        }
        for (const key of Object.keys(value)) {
          at = key;
          hold(members, key, (value as Record<string, unknown>)[key], visit, stack);
        }
      }
      copy = members;
      copies.set(value, copy);
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
    stack.push({ value: member, key, into, parent });
  }
}

/** The keys from the root (which has no key) down to `visit`. */
function pathOf(visit: Visit): Array<string | number> {
  const path: Array<string | number> = [];
  for (let at: Visit | undefined = visit; at.parent !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}
