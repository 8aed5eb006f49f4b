import type { Marker } from './parse-markers.js';

/** `text[from, to)` without the markers in it (nor the spaces before each), trimmed. */
export function removeMarkers(text: string, from: number, to: number, markers: readonly Marker[]): string {
  let out = '';
  let cursor = from;
  for (const marker of markers) {
    if (marker.end <= cursor || marker.start >= to) continue;
    out += text.slice(cursor, Math.max(marker.start, cursor)).trimEnd();
    cursor = Math.min(marker.end, to);
  }
  return (out + text.slice(cursor, to)).trim();
}
