import { ECHO_MARKER_PREFIX } from './generate-marker.js';

/**
 * Whether an echo marker occurs in a text, also under simple disguises.
 *
 * Both sides are NFKC-normalised, lowercased and reduced to ASCII letters and digits before the marker's
 * 32 hex characters are searched, so case changes, inserted zero-width characters, spaces, hyphens or other
 * punctuation, and fullwidth forms are all caught, as is the hex part without its prefix. Not caught:
 * re-encodings (base64, reversal, spelled-out digits) and look-alike letters from other scripts.
 */
export function containsMarker(text: string, marker: string): boolean {
  const needle = squash(
    marker.startsWith(ECHO_MARKER_PREFIX) ? marker.slice(ECHO_MARKER_PREFIX.length) : marker,
  );
  if (needle.length === 0) return false;
  return squash(text).includes(needle);
}

// One linear pass; a 128-bit random needle cannot appear by chance in the squashed text.
function squash(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^0-9a-z]+/g, '');
}
