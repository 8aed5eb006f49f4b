// A marker written in pieces, for the tests of hidden filler: a reader that finds it whole must see the pieces joined.

/** The three pieces of a marker's hex digits (11, 11 and 10): no piece alone is a run the leak reader counts. */
export function markerPieces(marker: string): [string, string, string] {
  const hex = marker.slice('GK-ECHO-'.length);
  return [hex.slice(0, 11), hex.slice(11, 22), hex.slice(22)];
}

/** A marker split in three, `filler` between the pieces. */
export function splitMarker(marker: string, filler: string): string {
  const [a, b, c] = markerPieces(marker);
  return `GK-ECHO-${a}${filler}${b}${filler}${c}`;
}
