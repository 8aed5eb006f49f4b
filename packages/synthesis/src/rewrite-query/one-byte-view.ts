import { countBelow, findRuns, type RunClass } from '@gk/internal';
/** A text as `oneByteView` writes it: one Latin-1 character per code point, and the way back to the text's indexes. */
export interface OneByteView {
  /** Each code point of the text as the Latin-1 character that stands for it. */
  text: string;
  /** The index in the original text of an index in `text`. */
  original: (index: number) => number;
}

// Each projection's answers for the Basic Multilingual Plane, filled as they are asked (0: not asked yet).
const answers = new WeakMap<(codePoint: number) => number, Uint8Array>();
const CHUNK = 8192;

/**
 * `text` with each code point outside ASCII replaced by the Latin-1 character `project` gives for it (ASCII is kept),
 * for patterns written for those characters. V8 keeps a backtrack entry per character a repeated class reads in a
 * string beyond Latin-1, so a run of millions overflows its stack there; in a one-byte string it does not. A code point
 * beyond the BMP becomes one character, as the `u` flag reads it, so indexes are mapped back. Linear in the text.
 */
export function oneByteView(text: string, project: (codePoint: number) => number): OneByteView {
  let known = answers.get(project);
  if (known === undefined) {
    known = new Uint8Array(0x10000);
    answers.set(project, known);
  }
  const bytes = new Uint8Array(text.length);
  // The index in `bytes` of each code point beyond the BMP, which took two units of `text`.
  const pairs: number[] = [];
  let length = 0;
  for (let at = 0; at < text.length; at++) {
    const unit = text.charCodeAt(at);
    if (unit < 0x80) {
      bytes[length++] = unit;
      continue;
    }
    const next = text.charCodeAt(at + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      pairs.push(length);
      bytes[length++] = project((unit - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000);
      at++;
      continue;
    }
    if (known[unit] === 0) known[unit] = project(unit);
    bytes[length++] = known[unit]!;
  }
  let view = '';
  for (let start = 0; start < length; start += CHUNK) {
    view += String.fromCharCode(...bytes.subarray(start, Math.min(length, start + CHUNK)));
  }
  return {
    text: view,
    // Each pair before `index` moved the text's indexes one on.
    original: (index) => index + countBelow(pairs, index),
  };
}

/**
 * `view` with each run of `runs` longer than `2 * keep` characters cut to its first and last `keep` (`shortenRuns`),
 * its indexes still mapped to the text: for patterns whose bounded parts count at most `keep` characters of such a run
 * and whose repeated ones read it whole, the same matches at the same places of the text. Where V8 does not optimize a
 * repeated class (in a process that has compiled many regular expressions) it keeps a backtrack entry per character,
 * even in a one-byte string, and a run of millions overflows its stack; cut, none is that long.
 */
export function shortenView(view: OneByteView, runs: RunClass, keep: number): OneByteView {
  const found = findRuns(view.text, runs);
  // Where each cut is in the shortened text, and how many characters the cuts up to it took out.
  const cutAt: number[] = [];
  const removedBy: number[] = [];
  let text = '';
  let at = 0;
  let removed = 0;
  for (let k = 0; k < found.length; k += 2) {
    const start = found[k]!;
    const end = found[k + 1]!;
    if (end - start <= 2 * keep) continue;
    text += view.text.slice(at, start + keep);
    at = end - keep;
    removed += end - start - 2 * keep;
    cutAt.push(text.length);
    removedBy.push(removed);
  }
  if (cutAt.length === 0) return view;
  return {
    text: text + view.text.slice(at),
    original: (index) => {
      const cuts = countBelow(cutAt, index + 1);
      return view.original(index + (cuts === 0 ? 0 : removedBy[cuts - 1]!));
    },
  };
}
