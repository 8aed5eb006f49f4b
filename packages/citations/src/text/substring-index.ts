import { StringMap } from '@gk/internal';

/**
 * What a walk may still read, in characters: each item read costs its length and one. Shared by the walks it is
 * given to; a walk that spends it stops there.
 */
export interface WalkBudget {
  left: number;
}

/**
 * Indexes `sequence` once, in linear time and memory: its suffix automaton (the smallest automaton that accepts
 * every contiguous part of it), each state knowing where the first occurrence of what it accepts ends. The result
 * tells where `pattern` first occurs, or -1, in time proportional to the pattern. Given a `budget`, each item read
 * is charged to it, and a walk that spends it stops and answers -1: the caller tells that from absence by the budget
 * left (below 0).
 */
export function createSubstringIndex(
  sequence: readonly string[],
): (pattern: readonly string[], budget?: WalkBudget) => number {
  const capacity = 2 * sequence.length + 1; // a suffix automaton has fewer than 2n + 1 states
  // Items are read as numbers, one per distinct item, from a StringMap: items past 16,383 units of one length all
  // collide in a Map.
  const ids = new StringMap<number>();
  // Each state's first transition in `item` (-1: none) and `target`: most states have one. Any others sit in one
  // open-addressed table keyed by state and item, each state's entries chained from `head` for a clone to copy: a Map
  // per state made the garbage collector a sixth of a megabyte passage's time. A slot is four numbers side by side
  // (state, item, target, next in the chain), so a probe reads one cache line; the table starts at n slots and doubles
  // past half full (an automaton has fewer than 3n transitions; past each state's first, prose needs about 2n/3).
  let states = 1;
  const item = new Int32Array(capacity).fill(-1);
  const target = new Int32Array(capacity);
  const head = new Int32Array(capacity).fill(-1);
  let mask = 15;
  while (mask + 1 < sequence.length) mask = 2 * mask + 1;
  let table = new Int32Array(4 * (mask + 1)).fill(-1);
  let used = 0;
  const link = new Int32Array(capacity); // the state of the longest suffix that is accepted elsewhere
  const length = new Int32Array(capacity); // the length of the longest part the state accepts
  const end = new Int32Array(capacity); // where the first occurrence of the state's parts ends
  // Where (state, key) sits in the table (times four), or the empty slot where it would go: linear probing from a hash
  // mixed as MurmurHash3's finalizer mixes, so that no order of states and items fills a run of slots.
  const slot = (state: number, key: number): number => {
    let hash = Math.imul(state, 0x9e3779b1) ^ key;
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
    let at = (hash ^ (hash >>> 16)) & mask;
    while (table[4 * at] !== -1 && (table[4 * at] !== state || table[4 * at + 1] !== key))
      at = (at + 1) & mask;
    return 4 * at;
  };
  const get = (state: number, key: number): number => {
    if (item[state] === key) return target[state]!;
    if (head[state] === -1) return -1;
    const at = slot(state, key);
    return table[at] === -1 ? -1 : table[at + 2]!;
  };
  // Doubles the table, each state's chain rebuilt as its entries move.
  const grow = (): void => {
    const old = table;
    mask = 2 * mask + 1;
    table = new Int32Array(4 * (mask + 1)).fill(-1);
    head.fill(-1, 0, states);
    for (let from = 0; from < old.length; from += 4) {
      const state = old[from]!;
      if (state === -1) continue;
      const at = slot(state, old[from + 1]!);
      table[at] = state;
      table[at + 1] = old[from + 1]!;
      table[at + 2] = old[from + 2]!;
      table[at + 3] = head[state]!;
      head[state] = at;
    }
  };
  const set = (state: number, key: number, next: number): void => {
    if (item[state] === -1 || item[state] === key) {
      item[state] = key;
      target[state] = next;
      return;
    }
    let at = slot(state, key);
    if (table[at] === -1) {
      if (2 * (used + 1) > mask + 1) {
        grow();
        at = slot(state, key);
      }
      used++;
      table[at] = state;
      table[at + 1] = key;
      table[at + 3] = head[state]!;
      head[state] = at;
    }
    table[at + 2] = next;
  };
  let last = 0;
  link[0] = -1;
  for (let i = 0; i < sequence.length; i++) {
    const word = sequence[i]!;
    let key = ids.get(word);
    if (key === undefined) {
      key = ids.size;
      ids.set(word, key);
    }
    const state = states++;
    length[state] = length[last]! + 1;
    end[state] = i;
    let p = last;
    for (; p !== -1 && get(p, key) === -1; p = link[p]!) set(p, key, state);
    if (p !== -1) {
      const q = get(p, key);
      if (length[p]! + 1 === length[q]) link[state] = q;
      else {
        // Split q: a clone takes the shorter parts, with q's transitions and first occurrence.
        const clone = states++;
        item[clone] = item[q]!;
        target[clone] = target[q]!;
        // Room made first, so that no entry of the clone's doubles the table while q's chain is read.
        let count = 0;
        for (let at = head[q]!; at !== -1; at = table[at + 3]!) count++;
        while (2 * (used + count) > mask + 1) grow();
        for (let at = head[q]!; at !== -1; at = table[at + 3]!) set(clone, table[at + 1]!, table[at + 2]!);
        link[clone] = link[q]!;
        length[clone] = length[p]! + 1;
        end[clone] = end[q]!;
        for (; p !== -1 && get(p, key) === q; p = link[p]!) set(p, key, clone);
        link[q] = clone;
        link[state] = clone;
      }
    }
    last = state;
  }
  return (pattern, budget) => {
    let state = 0;
    for (const word of pattern) {
      if (budget !== undefined) {
        budget.left -= word.length + 1;
        if (budget.left < 0) return -1;
      }
      const key = ids.get(word);
      const next = key === undefined ? -1 : get(state, key);
      if (next === -1) return -1;
      state = next;
    }
    return end[state]! - pattern.length + 1;
  };
}
