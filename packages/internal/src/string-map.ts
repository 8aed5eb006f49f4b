// Internal: V8 hashes a string longer than 16,383 UTF-16 units by its length alone, so distinct such strings of one
// length all collide in a Map or Set, and n of them cost n² comparisons. These hold such a string by its length,
// and once two of one length are held, by a digest read in one pass; shorter strings stay in a plain Map.

/** The longest string V8 hashes by its content (`String::kMaxHashCalcLength`). */
const HASHED_LENGTH = 16_383;

/** A random start: strings crafted to share a digest share it on no other run. */
const SEED = (Math.random() * 2 ** 32) >>> 0;

/** A digest of `text` (its length and a 32-bit hash of its UTF-16 units), in one pass. */
function digestOf(text: string): string {
  let hash = SEED;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x5bd1e995);
    hash ^= hash >>> 15;
  }
  return `${text.length}:${hash}`;
}

interface Entry<V> {
  key: string;
  value: V;
  /** Whether another key of this length is held: then every key of the length is in `byDigest`. */
  shared: boolean;
}

/** The keys longer than `HASHED_LENGTH`, made when the first is set. */
interface LongKeys<V> {
  /** The first long key of each length: one string repeated is compared as itself, with no digest. */
  readonly byLength: Map<number, Entry<V>>;
  readonly byDigest: Map<string, Entry<V>[]>;
  count: number;
}

/** A Map from strings, in time linear in the total length of the keys whatever their lengths. */
export class StringMap<V> {
  readonly #short = new Map<string, V>();
  // Most maps never hold a long key: the two tables for them are made with the first (a verifier call makes a dozen
  // maps, and an empty Map is not free).
  #long: LongKeys<V> | null = null;

  constructor(entries: Iterable<readonly [string, V]> = []) {
    for (const [key, value] of entries) this.set(key, value);
  }

  get size(): number {
    return this.#short.size + (this.#long?.count ?? 0);
  }

  get(key: string): V | undefined {
    return key.length > HASHED_LENGTH ? this.#find(key)?.value : this.#short.get(key);
  }

  has(key: string): boolean {
    return key.length > HASHED_LENGTH ? this.#find(key) !== undefined : this.#short.has(key);
  }

  set(key: string, value: V): this {
    if (key.length <= HASHED_LENGTH) {
      this.#short.set(key, value);
      return this;
    }
    const found = this.#find(key);
    if (found !== undefined) {
      found.value = value;
      return this;
    }
    this.#long ??= { byLength: new Map(), byDigest: new Map(), count: 0 };
    const long = this.#long;
    long.count += 1;
    const entry: Entry<V> = { key, value, shared: false };
    const first = long.byLength.get(key.length);
    if (first === undefined) {
      long.byLength.set(key.length, entry);
      return this;
    }
    if (!first.shared) {
      first.shared = true;
      bucket(long, first.key).push(first);
    }
    bucket(long, key).push(entry);
    return this;
  }

  #find(key: string): Entry<V> | undefined {
    const first = this.#long?.byLength.get(key.length);
    if (first === undefined || first.key === key) return first;
    if (!first.shared) return undefined;
    return this.#long?.byDigest.get(digestOf(key))?.find((entry) => entry.key === key);
  }
}

/** The entries of `long` whose keys share `key`'s digest (an empty list, held, when none does). */
function bucket<V>(long: LongKeys<V>, key: string): Entry<V>[] {
  const digest = digestOf(key);
  let found = long.byDigest.get(digest);
  if (found === undefined) {
    found = [];
    long.byDigest.set(digest, found);
  }
  return found;
}

/** A Set of strings, in time linear in the total length of the strings whatever their lengths. */
export class StringSet {
  readonly #map = new StringMap<true>();

  constructor(values: Iterable<string> = []) {
    for (const value of values) this.add(value);
  }

  get size(): number {
    return this.#map.size;
  }

  has(value: string): boolean {
    return this.#map.has(value);
  }

  add(value: string): this {
    this.#map.set(value, true);
    return this;
  }
}
