// Internal: one pass over a JSON text that finds each object key where it is written, for the checks `safeParse`
// makes of a report's text (keys too long to parse in linear time, keys an object repeats).

/** An object of the text (its number and where its current key is written) or an array (its current index). */
type Frame = { object: number; keyStart: number; keyEnd: number } | { object: null; index: number };

/** A key where it is written: its quotes at `start` and `end`, the depth and number of the object holding it. */
export interface KeyAt {
  start: number;
  end: number;
  depth: number;
  object: number;
}

/**
 * Calls `visit` with each object key of `text` in order and stops at the first for which it returns true, giving that
 * key's path (the key last, read with `readKey`); `undefined` when none stops it. `text` need not be valid JSON: a
 * string counts as a key where an object expects one. One pass without recursion: linear in `text` plus the visits.
 */
export function scanJsonKeys(
  text: string,
  visit: (key: KeyAt) => boolean,
): Array<string | number> | undefined {
  const frames: Frame[] = [];
  let objects = 0;
  let expectKey = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x22) {
      const start = index;
      index = closingQuote(text, index);
      const frame = frames.at(-1);
      if (!expectKey || frame === undefined || frame.object === null) continue;
      expectKey = false;
      frame.keyStart = start;
      frame.keyEnd = index;
      if (visit({ start, end: index, depth: frames.length, object: frame.object }))
        return pathOf(frames, text);
    } else if (code === 0x7b) {
      objects += 1;
      frames.push({ object: objects, keyStart: 0, keyEnd: 0 });
      expectKey = true;
    } else if (code === 0x5b) {
      frames.push({ object: null, index: 0 });
      expectKey = false;
    } else if (code === 0x2c) {
      const frame = frames.at(-1);
      if (frame !== undefined && frame.object === null) frame.index += 1;
      else expectKey = true;
    } else if (code === 0x7d || code === 0x5d) {
      frames.pop();
      expectKey = false;
    }
  }
  return undefined;
}

/** The string written between the quotes at `start` and `end`, escapes read; as written when it is no valid string. */
export function readKey(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end);
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(text.slice(start, end + 1)) as string;
  } catch {
    return raw;
  }
}

/** Index of the quote that closes the string opening at `start`, past escaped characters; the text's length if none. */
function closingQuote(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length && text.charCodeAt(index) !== 0x22) {
    index += text.charCodeAt(index) === 0x5c ? 2 : 1;
  }
  return Math.min(index, text.length);
}

function pathOf(frames: readonly Frame[], text: string): Array<string | number> {
  return frames.map((frame) =>
    frame.object === null ? frame.index : readKey(text, frame.keyStart, frame.keyEnd),
  );
}
