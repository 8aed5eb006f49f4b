import { isAbstention, needsMarker } from './is-abstention.js';
import type { VerifyOptions } from './verify-answer.js';

/** Whether an answer may still be an abstention, as it arrives. */
export interface AbstentionWatch {
  /** The next piece of the answer. */
  see(text: string): void;
  /** The end of the answer. */
  end(): void;
  /** Whether the answer so far may be an abstention, given whether a citation marker was seen in it. */
  possible(markerSeen: boolean): boolean;
}

/**
 * Watches whether the answer may still be an abstention ({@link isAbstention} of the answer so far, or the no-source
 * token still being written). Looks at no more of the answer than the token's length.
 */
export function createAbstentionWatch(options: VerifyOptions): AbstentionWatch {
  const token = options.noSourceToken?.trim();
  let head = ''; // the answer from its first non-space character, up to one character past the token
  let spaceOnlyAfter = true; // nothing but spaces after the first head.length characters
  let ended = false;
  return {
    see(text) {
      let rest = head === '' ? text.trimStart() : text;
      if (rest === '') return;
      const room = (token?.length ?? 0) + 1 - head.length;
      if (room > 0) {
        head += rest.slice(0, room);
        rest = rest.slice(room);
      }
      if (rest.trim() !== '') spaceOnlyAfter = false;
    },
    end() {
      ended = true;
    },
    possible(markerSeen) {
      // With only spaces after the head, the answer so far is the head, trimmed; else it is neither blank nor the token.
      if (!spaceOnlyAfter) return needsMarker(options, markerSeen);
      if (isAbstention(head, options, markerSeen)) return true;
      return !ended && token !== undefined && token !== '' && token.startsWith(head); // the token still being written
    },
  };
}
