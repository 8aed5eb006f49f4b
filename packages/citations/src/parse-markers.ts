/** One citation marker found in a text: the numbers it names and where it sits (UTF-16, end-exclusive). */
export interface Marker {
  numbers: number[];
  start: number;
  end: number;
}

/** Options for {@link parseMarkers}. */
export interface ParseMarkersOptions {
  /** Accept ranges such as `[1-3]` (hyphen or en dash); off by default. */
  ranges?: boolean;
}

/** Every marker in the text, in order. */
export type ParseMarkersResult = Marker[];

/** Ranges longer than this are not expanded: the marker names only their two ends. */
export const MAX_RANGE_LENGTH = 1000;

const CLOSE = 0x5d; // ]
const COMMA = 0x2c;
const SEMICOLON = 0x3b;
const HYPHEN = 0x2d;
const EN_DASH = 0x2013;

const isSpace = (code: number): boolean => code === 0x20 || code === 0x09 || code === 0xa0;
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/**
 * Finds every citation marker: `[` digits ((`,` | `;`) digits)* `]` with spaces or tabs around the numbers,
 * ASCII digits only; `[01]` is 1, and a number past 2^53 stays a number past 2^53 (never wraps).
 *
 * @example parseMarkers('Water boils at 100 °C [1][3].') // [{ numbers: [1], start: 22, end: 25 }, ...]
 */
export function parseMarkers(text: string, options: ParseMarkersOptions = {}): ParseMarkersResult {
  const ranges = options.ranges === true;
  const markers: Marker[] = [];
  const length = text.length;
  let index = text.indexOf('[');
  while (index !== -1 && index < length) {
    const parsed = scanMarker(text, index, ranges);
    if (typeof parsed === 'number') {
      // Nothing between `[` and the failure point can be another `[`, so resuming there keeps the scan linear.
      index = text.indexOf('[', parsed > index ? parsed : index + 1);
    } else {
      markers.push(parsed);
      index = text.indexOf('[', parsed.end);
    }
  }
  return markers;
}

/** Scans one marker starting at the `[` at `open`; returns the marker, or the index where scanning failed. */
function scanMarker(text: string, open: number, ranges: boolean): Marker | number {
  const length = text.length;
  const numbers: number[] = [];
  let i = open + 1;
  for (;;) {
    while (i < length && isSpace(text.charCodeAt(i))) i++;
    const first = scanNumber(text, i);
    if (first === null) return i;
    i = first.end;
    while (i < length && isSpace(text.charCodeAt(i))) i++;
    let code = i < length ? text.charCodeAt(i) : -1;
    if (ranges && (code === HYPHEN || code === EN_DASH)) {
      i++;
      while (i < length && isSpace(text.charCodeAt(i))) i++;
      const last = scanNumber(text, i);
      if (last === null || last.value < first.value) return i;
      i = last.end;
      pushRange(numbers, first.value, last.value);
      while (i < length && isSpace(text.charCodeAt(i))) i++;
      code = i < length ? text.charCodeAt(i) : -1;
    } else {
      numbers.push(first.value);
    }
    if (code === CLOSE) return { numbers, start: open, end: i + 1 };
    if (code !== COMMA && code !== SEMICOLON) return i;
    i++;
  }
}

/** Reads ASCII digits at `start`; values past 2^53 keep growing as floats (then Infinity), never wrap. */
function scanNumber(text: string, start: number): { value: number; end: number } | null {
  let i = start;
  let value = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (!isDigit(code)) break;
    value = value * 10 + (code - 0x30);
    i++;
  }
  return i === start ? null : { value, end: i };
}

function pushRange(numbers: number[], first: number, last: number): void {
  if (last - first + 1 > MAX_RANGE_LENGTH || !Number.isSafeInteger(last)) {
    numbers.push(first, last);
    return;
  }
  for (let n = first; n <= last; n++) numbers.push(n);
}
