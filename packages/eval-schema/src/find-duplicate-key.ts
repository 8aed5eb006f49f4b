import { StringSet } from '@gk/internal';
import { readKey, scanJsonKeys } from './scan-json-keys.js';

// Internal: JSON.parse keeps the last of two equal keys and says nothing, while other readers keep the first or
// refuse; a report whose text means different things to different readers is refused instead.

/**
 * The path of the first key that repeats a key of the same object in `text`, which must be valid JSON (parse it
 * first); `undefined` when no key repeats. Keys are compared after unescaping (`"a"` and `"\u0061"` are equal).
 * One pass without recursion: linear in the length of `text`, whatever its nesting.
 */
export function findDuplicateKey(text: string): Array<string | number> | undefined {
  // The keys so far of the object open at each depth (the object's number tells a new object from the last one).
  const open: Array<{ object: number; keys: StringSet }> = [];
  return scanJsonKeys(text, ({ start, end, depth, object }) => {
    let current = open[depth];
    if (current?.object !== object) {
      current = { object, keys: new StringSet() };
      open[depth] = current;
    }
    const key = readKey(text, start, end);
    if (current.keys.has(key)) return true;
    current.keys.add(key);
    return false;
  });
}
