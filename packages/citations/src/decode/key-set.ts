// V8 hashes a string longer than 16,383 UTF-16 units by its length alone, so distinct such keys of one length all
// collide in a Set and n of them cost n² comparisons: those are held here by a digest read in one pass.

/** A random start: keys crafted to share a digest share it on no other run. */
const SEED = (Math.random() * 2 ** 32) >>> 0;

/**
 * The keys of one object: a short list, then (cheaper for the usual few keys) buckets named by the key, or for a key
 * V8 hashes by its length alone, by its digest.
 */
export interface KeySet {
  list: string[];
  buckets: Map<string, string[]> | null;
}

/** Adds `key` to `keys`; false when it was there already. */
export function addKey(keys: KeySet, key: string): boolean {
  if (keys.buckets === null) {
    if (keys.list.includes(key)) return false;
    if (keys.list.push(key) <= 16) return true;
    keys.buckets = new Map();
    for (const seen of keys.list) addKey(keys, seen);
    return true;
  }
  let name = key;
  if (key.length > 16_383) {
    let hash = SEED;
    for (let i = 0; i < key.length; i++) {
      hash = Math.imul(hash ^ key.charCodeAt(i), 0x5bd1e995);
      hash ^= hash >>> 15;
    }
    name = `${hash}`; // a short key may be named alike: keys are compared by equality within a bucket
  }
  const bucket = keys.buckets.get(name);
  if (bucket === undefined) keys.buckets.set(name, [key]);
  else if (bucket.includes(key)) return false;
  else bucket.push(key);
  return true;
}
