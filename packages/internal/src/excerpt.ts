const DEFAULT_LENGTH = 200;

/**
 * Up to `length` UTF-16 units of `text` for a message: around `position` when given, else from the start,
 * with `…` on each side that was cut, and never half of a surrogate pair.
 */
export function excerpt(text: string, options: { position?: number; length?: number } = {}): string {
  const length = options.length ?? DEFAULT_LENGTH;
  const { position } = options;
  let start =
    position === undefined ? 0 : Math.max(0, Math.min(text.length, position) - Math.floor(length / 2));
  let end = Math.min(text.length, start + length);
  if (end - start < length) start = Math.max(0, end - length);
  if (start > 0 && isLowSurrogate(text.charCodeAt(start)) && isHighSurrogate(text.charCodeAt(start - 1)))
    start++;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end)) && isHighSurrogate(text.charCodeAt(end - 1)))
    end--;
  return (start > 0 ? '…' : '') + text.slice(start, end) + (end < text.length ? '…' : '');
}

const isHighSurrogate = (unit: number): boolean => unit >= 0xd800 && unit <= 0xdbff;
const isLowSurrogate = (unit: number): boolean => unit >= 0xdc00 && unit <= 0xdfff;
