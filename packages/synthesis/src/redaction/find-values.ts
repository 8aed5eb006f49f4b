/** Where a value found by {@link findValues} is: `text.slice(start, end)`, and the value's place in the list. */
export interface FoundValue {
  start: number;
  end: number;
  index: number;
}

/** A value at least this long is found wherever it stands, inside a longer word too. */
export const LONG_VALUE = 8;

/**
 * Finds every place where one of `values` stands in a text, in one pass over the text (Aho–Corasick): the automaton
 * takes time linear in the values' total length to build, and each search time linear in the text's length.
 *
 * A value of {@link LONG_VALUE} or more characters is found anywhere, inside a longer word too; a shorter one only
 * where it is a whole word (no letter, digit, mark or `_` next to an end of it that is one), so that a short value
 * (`4821`) leaves longer numbers and words that hold it (`48213`, `x4821`) as they are. Where found values overlap,
 * the earliest (then the longest) is kept whole and the later one gives its part past it: every character of every
 * found value is in exactly one returned span, each a slice of the text.
 */
export function valueFinder(values: readonly string[]): (text: string) => FoundValue[] {
  const automaton = buildAutomaton(values);
  return (text) => (values.length === 0 ? [] : search(automaton, values, text));
}

interface Automaton {
  /** Transitions by UTF-16 code unit, per state; state 0 is the root. */
  next: Array<Map<number, number>>;
  fail: number[];
  depth: number[];
  /** The value that ends at this state (its index), or -1. */
  value: number[];
  /** The nearest state on the fail chain (this state first) where a value ends, or -1. */
  output: number[];
}

function buildAutomaton(values: readonly string[]): Automaton {
  const next: Array<Map<number, number>> = [new Map()];
  const depth = [0];
  const value = [-1];
  values.forEach((text, index) => {
    let state = 0;
    for (let at = 0; at < text.length; at++) {
      const unit = text.charCodeAt(at);
      let to = next[state]?.get(unit);
      if (to === undefined) {
        to = next.length;
        next.push(new Map());
        depth.push(at + 1);
        value.push(-1);
        next[state]?.set(unit, to);
      }
      state = to;
    }
    if (text.length > 0 && value[state] === -1) value[state] = index;
  });
  const fail = new Array<number>(next.length).fill(0);
  const output = new Array<number>(next.length).fill(-1);
  // Breadth first, so that every state's fail state is done before it.
  const queue: number[] = [0];
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] as number;
    output[state] =
      (value[state] as number) >= 0 ? state : state === 0 ? -1 : (output[fail[state] as number] as number);
    for (const [unit, to] of next[state] as Map<number, number>) {
      if (state !== 0) {
        let back = fail[state] as number;
        while (back !== 0 && !next[back]?.has(unit)) back = fail[back] as number;
        fail[to] = next[back]?.get(unit) ?? 0;
      }
      queue.push(to);
    }
  }
  return { next, fail, depth, value, output };
}

const WORD = /[\p{L}\p{N}\p{M}_]/u;

/** Whether the character that ends just before `at` (`before`) or starts at `at` is a letter, digit, mark or `_`. */
function wordAt(text: string, at: number, before: boolean): boolean {
  if (before ? at <= 0 : at >= text.length) return false;
  const low = text.charCodeAt(before ? at - 1 : at);
  // A surrogate pair read whole: an astral letter counts as one.
  const from = before && low >= 0xdc00 && low <= 0xdfff && at >= 2 ? at - 2 : before ? at - 1 : at;
  const point = text.codePointAt(from);
  return point !== undefined && WORD.test(String.fromCodePoint(point));
}

/** Whether `value`, found at `start` in `text`, is a whole word there: no word character goes on past either end. */
function whole(text: string, value: string, start: number): boolean {
  const end = start + value.length;
  return (
    !(wordAt(value, 0, false) && wordAt(text, start, true)) &&
    !(wordAt(value, value.length, true) && wordAt(text, end, false))
  );
}

function search(automaton: Automaton, values: readonly string[], text: string): FoundValue[] {
  const { next, fail, depth, value, output } = automaton;
  // For each start, the end of the longest value kept that starts there (0 for none), and that value.
  const reach = new Int32Array(text.length + 1);
  const which = new Int32Array(text.length + 1);
  let state = 0;
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    while (state !== 0 && !next[state]?.has(unit)) state = fail[state] as number;
    state = next[state]?.get(unit) ?? 0;
    // The values that end here, longest first. A long one is kept at once; past it only short ones are left, of
    // fewer than LONG_VALUE distinct lengths: a bounded number of steps per character.
    const end = at + 1;
    for (let out = output[state] as number; out !== -1; out = output[fail[out] as number] as number) {
      const index = value[out] as number;
      const found = values[index] as string;
      const start = end - (depth[out] as number);
      if (found.length >= LONG_VALUE || whole(text, found, start)) {
        if (end > (reach[start] as number)) {
          reach[start] = end;
          which[start] = index;
        }
        break;
      }
    }
  }
  const found: FoundValue[] = [];
  let cursor = 0;
  for (let start = 0; start < text.length; start++) {
    const end = reach[start] as number;
    if (end <= cursor) continue;
    found.push({ start: Math.max(start, cursor), end, index: which[start] as number });
    cursor = end;
  }
  return found;
}
