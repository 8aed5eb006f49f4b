/**
 * Where a list item's bullet (`-`, `+`, `*`) or number (one to nine digits, then `.` or `)`) that starts at `at` in
 * `text` ends, or -1: none starts there. A scan, shared by the readers of a line's containers.
 */
export function listMarkerEnd(text: string, at: number): number {
  const char = text[at];
  if (char === '-' || char === '+' || char === '*') return at + 1;
  let next = at;
  while (next - at < 10 && text[next] !== undefined && text[next]! >= '0' && text[next]! <= '9') next++;
  if (next === at || next - at > 9 || (text[next] !== '.' && text[next] !== ')')) return -1;
  return next + 1;
}
