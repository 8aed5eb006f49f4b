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
  // per state made the garbage collector a sixth of a megabyte passage's time. An automaton has fewer than 3n
  // transitions, so a table of at least 4n slots is never more than three quarters full.
  const item = new Int32Array(capacity).fill(-1);
  const target = new Int32Array(capacity);
  const head = new Int32Array(capacity).fill(-1);
  let size = 16;
  while (size < 4 * sequence.length) size *= 2;
  const mask = size - 1;
  const fromState = new Int32Array(size).fill(-1);
  const byItem = new Int32Array(size);
  const to = new Int32Array(size);
  const chain = new Int32Array(size);
  const link = new Int32Array(capacity); // the state of the longest suffix that is accepted elsewhere
  const length = new Int32Array(capacity); // the length of the longest part the state accepts
  const end = new Int32Array(capacity); // where the first occurrence of the state's parts ends
  // Where (state, key) sits in the table, or the empty slot where it would go: linear probing from a hash mixed as
  // MurmurHash3's finalizer mixes, so that no order of states and items fills a run of slots.
  const slot = (state: number, key: number): number => {
    let hash = Math.imul(state, 0x9e3779b1) ^ key;
    hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
    hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
    let at = (hash ^ (hash >>> 16)) & mask;
    while (fromState[at] !== -1 && (fromState[at] !== state || byItem[at] !== key)) at = (at + 1) & mask;
    return at;
  };
  const get = (state: number, key: number): number => {
    if (item[state] === key) return target[state]!;
    if (head[state] === -1) return -1;
    const at = slot(state, key);
    return fromState[at] === -1 ? -1 : to[at]!;
  };
  const set = (state: number, key: number, next: number): void => {
    if (item[state] === -1 || item[state] === key) {
      item[state] = key;
      target[state] = next;
      return;
    }
    const at = slot(state, key);
    if (fromState[at] === -1) {
      fromState[at] = state;
      byItem[at] = key;
      chain[at] = head[state]!;
      head[state] = at;
    }
    to[at] = next;
  };
  let states = 1;
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
        for (let at = head[q]!; at !== -1; at = chain[at]!) set(clone, byItem[at]!, to[at]!);
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
