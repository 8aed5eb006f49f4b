/** The prefix every echo marker starts with. */
export const ECHO_MARKER_PREFIX = 'GK-ECHO-';

import { fillRandom } from './random-int.js';

const HEX = '0123456789abcdef';

/**
 * A fresh echo marker: `GK-ECHO-` and 32 lowercase hex characters (128 bits from Web Crypto).
 *
 * It holds no brackets, so it can never parse as a citation marker (`[n]`) or a redaction token (`[NAME_n]`).
 */
export function generateMarker(): string {
  const bytes = fillRandom(new Uint8Array(16));
  let hex = '';
  for (const byte of bytes) hex += HEX[byte >> 4]! + HEX[byte & 15]!;
  return ECHO_MARKER_PREFIX + hex;
}
