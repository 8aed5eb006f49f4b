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
  // Each state's first transition in `item` and `target`, any others in `more`: most states have one.
  // Items are read as numbers, one per distinct item, from a StringMap: items past 16,383 units of one length all
  // collide in a Map.
  const ids = new StringMap<number>();
  const item: Array<number | undefined> = new Array(capacity);
  const target = new Int32Array(capacity);
  const more: Array<Map<number, number> | undefined> = new Array(capacity);
  const link = new Int32Array(capacity); // the state of the longest suffix that is accepted elsewhere
  const length = new Int32Array(capacity); // the length of the longest part the state accepts
  const end = new Int32Array(capacity); // where the first occurrence of the state's parts ends
  const get = (state: number, key: number): number | undefined =>
    item[state] === key ? target[state] : more[state]?.get(key);
  const set = (state: number, key: number, to: number): void => {
    if (item[state] === undefined || item[state] === key) {
      item[state] = key;
      target[state] = to;
    } else {
      more[state] ??= new Map();
      more[state].set(key, to);
    }
  };
  let states = 1;
  let last = 0;
  link[0] = -1;
  sequence.forEach((word, i) => {
    let key = ids.get(word);
    if (key === undefined) {
      key = ids.size;
      ids.set(word, key);
    }
    const state = states++;
    length[state] = length[last]! + 1;
    end[state] = i;
    let p = last;
    for (; p !== -1 && get(p, key) === undefined; p = link[p]!) set(p, key, state);
    if (p !== -1) {
      const q = get(p, key)!;
      if (length[p]! + 1 === length[q]) link[state] = q;
      else {
        // Split q: a clone takes the shorter parts, with q's transitions and first occurrence.
        const clone = states++;
        item[clone] = item[q];
        target[clone] = target[q]!;
        if (more[q] !== undefined) more[clone] = new Map(more[q]);
        link[clone] = link[q]!;
        length[clone] = length[p]! + 1;
        end[clone] = end[q]!;
        for (; p !== -1 && get(p, key) === q; p = link[p]!) set(p, key, clone);
        link[q] = clone;
        link[state] = clone;
      }
    }
    last = state;
  });
  return (pattern, budget) => {
    let state = 0;
    for (const word of pattern) {
      if (budget !== undefined) {
        budget.left -= word.length + 1;
        if (budget.left < 0) return -1;
      }
      const key = ids.get(word);
      const next = key === undefined ? undefined : get(state, key);
      if (next === undefined) return -1;
      state = next;
    }
    return end[state]! - pattern.length + 1;
  };
}
