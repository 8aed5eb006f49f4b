// JSON objects whose keys are longer than 16,383 UTF-16 units, for the growth tests of the key scans.

/** `count` distinct keys of one length above 16,383 UTF-16 units, which V8 hashes by their length alone. */
export const longKeys = (count: number): string[] => {
  const prefix = 'x'.repeat(16_400);
  return Array.from({ length: count }, (_, index) => `${prefix}${String(index).padStart(6, '0')}`);
};

/** A JSON object text with each key once, every value 0. */
export const objectOf = (keys: readonly string[]): string =>
  `{${keys.map((key) => `${JSON.stringify(key)}:0`).join(',')}}`;
