import type { Passage } from '../types.js';
import { assertPassages } from '../verify/invalid-passage-error.js';

/** Opaque handles for a prompt's passages and the way back from a handle to its passage. */
export interface Handles {
  /** `S1`…`Sn`, in passage order. */
  handles: string[];
  /** The passage for exactly `S<n>` with `1 <= n <= passages.length` (no leading zero, no spaces, no lowercase), else undefined. */
  resolve(handle: string): Passage | undefined;
}

/**
 * Gives each passage an opaque handle `S1`…`Sn` for a structured-output prompt and resolves handles back;
 * anything but an exact handle that was handed out resolves to undefined. The list is read once, when the
 * handles are made: a handle resolves to the caller's passage object that was checked then (a list that answers a
 * later read with another object cannot hand that one out).
 */
export function createHandles(passages: readonly Passage[]): Handles {
  const list: Passage[] = [];
  assertPassages(passages, 'passages', list);
  return {
    handles: list.map((_, index) => `S${index + 1}`),
    resolve(handle: string): Passage | undefined {
      const source = parseHandle(handle, list.length);
      return source === undefined ? undefined : list[source - 1];
    },
  };
}

/** The 1-based source number of an exact handle `S<n>` with `1 <= n <= count`, else undefined. */
export function parseHandle(handle: unknown, count: number): number | undefined {
  if (typeof handle !== 'string' || handle.length < 2 || handle.charCodeAt(0) !== 0x53) return undefined;
  const digits = handle.length - 1;
  if (digits > String(count).length || handle.charCodeAt(1) === 0x30) return undefined;
  let value = 0;
  for (let i = 1; i < handle.length; i++) {
    const c = handle.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return undefined;
    value = value * 10 + (c - 0x30);
  }
  return value >= 1 && value <= count ? value : undefined;
}
