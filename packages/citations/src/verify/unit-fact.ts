// What the splitter knows of a unit besides its fields (its block, whether it is code), read by the checks. A WeakMap
// or WeakSet beside the units held these, but V8 gives an object an identity hash of about 20 bits: past a million
// keys one table's entries collide and each lookup walks a chain, so a 4 MB line of `1. ` (1.3 million units) took
// 9 s to split and 8 MB 24 to 98 s. Each fact is a non-enumerable symbol property of the unit instead: found in
// constant time, left out of `Object.keys`, JSON, equality checks and spread copies (a copy holds no fact, as it held
// no entry), and dropped with the unit.

/** A value recorded on an object, as a WeakMap keyed by it would hold it. */
export interface UnitFact<T> {
  get(unit: object): T | undefined;
  /** Records `value` on `unit`, which must be extensible (one the splitter made). */
  set(unit: object, value: T): void;
}

/** A mark recorded on an object, as a WeakSet holding it would. */
export interface UnitFlag {
  has(unit: object): boolean;
  /** Marks `unit`, which must be extensible (one the splitter made). */
  add(unit: object): void;
}

/** A fact recorded on the objects themselves under a symbol of its own (`name` describes it). */
export function unitFact<T>(name: string): UnitFact<T> {
  const key = Symbol(name);
  return {
    get: (unit) => (unit as Record<symbol, T | undefined>)[key],
    set: (unit, value) => {
      Object.defineProperty(unit, key, { value, writable: true, configurable: true, enumerable: false });
    },
  };
}

/** A mark recorded on the objects themselves, as {@link unitFact}. */
export function unitFlag(name: string): UnitFlag {
  const fact = unitFact<true>(name);
  return { has: (unit) => fact.get(unit) === true, add: (unit) => fact.set(unit, true) };
}
