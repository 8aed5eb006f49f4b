import { checkArgument } from '@gk/internal';
import { ECHO_MARKER_PREFIX } from './generate-marker.js';

/**
 * The shortest run of a marker's hex digits that counts as the marker: half of its 32 digits, 64 of its 128 random
 * bits. A run this long of a fresh marker does not occur by chance in any text a pipeline could return, so a
 * pipeline that writes it has seen the marker.
 */
export const PARTIAL_MARKER_DIGITS = 16;

/**
 * Whether an echo marker occurs in a text, also under disguises and in part.
 *
 * Both sides are NFKC-normalised, lowercased and reduced to ASCII letters and digits before the marker's hex
 * characters are searched, so case changes, inserted zero-width characters, spaces, line breaks, hyphens or other
 * punctuation, and fullwidth forms are all caught, as is the hex part without its prefix. Any run of 16
 * consecutive hex digits of the marker counts as the marker (a marker shorter than that must occur whole). Not
 * caught: re-encodings (base64, reversal, spelled-out digits) and look-alike letters from other scripts.
 */
export function containsMarker(text: string, marker: string): boolean {
  checkArgument(typeof text === 'string', 'text', 'a string', text);
  checkArgument(typeof marker === 'string', 'marker', 'a string', marker);
  const matcher = createMarkerMatcher(marker);
  return matcher?.matches(squash(text)) === true;
}

/** Finds a marker, whole or in part, in text already passed through {@link squash}. */
export interface MarkerMatcher {
  /** The longest text a match can span: a squashed stream searched piece by piece keeps this much minus one. */
  window: number;
  /** Whether `squashed` holds a run of the marker that counts as the marker. */
  matches(squashed: string): boolean;
}

/** A matcher for `marker` (with or without its prefix); null for a marker with no letters or digits. */
export function createMarkerMatcher(marker: string): MarkerMatcher | null {
  const needle = squash(
    marker.startsWith(ECHO_MARKER_PREFIX) ? marker.slice(ECHO_MARKER_PREFIX.length) : marker,
  );
  if (needle.length === 0) return null;
  const window = Math.min(needle.length, PARTIAL_MARKER_DIGITS);
  const runs = new Set<string>();
  for (let start = 0; start + window <= needle.length; start++) runs.add(needle.slice(start, start + window));
  return {
    window,
    // At most 17 native searches of the text: linear in its length.
    matches: (squashed) => {
      for (const run of runs) if (squashed.includes(run)) return true;
      return false;
    },
  };
}

/** The text NFKC-normalised, lowercased and reduced to ASCII letters and digits, in one linear pass each. */
export function squash(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^0-9a-z]+/g, '');
}
