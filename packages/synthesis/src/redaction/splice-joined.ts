/** `joined.slice(start, end)` replaced by `text`. */
export interface Splice {
  start: number;
  end: number;
  text: string;
}

/**
 * Splices the joined `texts` and gives each text its share: a splice goes whole into the text where it starts and
 * the characters it replaces in later texts are cut from them, so the results joined read exactly as the joined
 * text spliced, and no boundary between two texts can keep a value apart from its neighbour. `find` gets the joined
 * text and returns its splices in order, none overlapping.
 */
export function spliceJoined(
  texts: readonly string[],
  find: (joined: string) => readonly Splice[],
): string[] {
  const joined = texts.join('');
  const splices = find(joined);
  if (splices.length === 0) return [...texts];
  const spliced: string[] = [];
  let next = 0;
  let cursor = 0; // in `joined`: everything before it has been given out
  let end = 0;
  for (const text of texts) {
    end += text.length;
    let share = '';
    while (cursor < end) {
      const splice = splices[next];
      if (splice === undefined || splice.start >= end) {
        share += joined.slice(cursor, end);
        cursor = end;
      } else {
        share += joined.slice(cursor, splice.start) + splice.text;
        cursor = splice.end;
        next += 1;
      }
    }
    spliced.push(share);
  }
  return spliced;
}
