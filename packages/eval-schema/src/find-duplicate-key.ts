import { StringSet } from '@gk/internal';

// Internal: JSON.parse keeps the last of two equal keys and says nothing, while other readers keep the first or
// refuse; a report whose text means different things to different readers is refused instead.

/** An object of the text being scanned (its keys so far and the current one) or an array (its current index). */
type Frame = { keys: StringSet; key: string } | { keys: null; index: number };

/**
 * The path of the first key that repeats a key of the same object in `text`, which must be valid JSON (parse it
 * first); `undefined` when no key repeats. Keys are compared after unescaping (`"a"` and `"\u0061"` are equal).
 * One pass without recursion: linear in the length of `text`, whatever its nesting.
 */
export function findDuplicateKey(text: string): Array<string | number> | undefined {
  const frames: Frame[] = [];
  let expectKey = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      const start = index;
      for (index += 1; text.charCodeAt(index) !== 0x22; index += 1) {
        if (text.charCodeAt(index) === 0x5c) index += 1; // skip the escaped character
      }
      const frame = frames.at(-1);
      if (!expectKey || frame === undefined || frame.keys === null) continue;
      const key = JSON.parse(text.slice(start, index + 1)) as string;
      if (frame.keys.has(key)) return [...pathOf(frames.slice(0, -1)), key];
      frame.keys.add(key);
      frame.key = key;
      expectKey = false;
    } else if (code === 0x7b) {
      frames.push({ keys: new StringSet(), key: '' });
      expectKey = true;
    } else if (code === 0x5b) {
      frames.push({ keys: null, index: 0 });
    } else if (code === 0x2c) {
      const frame = frames.at(-1);
      if (frame?.keys === null) frame.index += 1;
      else expectKey = true;
    } else if (code === 0x7d || code === 0x5d) {
      frames.pop();
    }
  }
  return undefined;
}

function pathOf(frames: readonly Frame[]): Array<string | number> {
  return frames.map((frame) => (frame.keys === null ? frame.index : frame.key));
}
