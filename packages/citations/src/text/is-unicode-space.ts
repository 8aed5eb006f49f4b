/**
 * Whether `code` is a space or line separator outside ASCII that `String.prototype.trim` removes: NBSP, the
 * Ogham space mark, the en quad to hair space, the line and paragraph separators, the narrow and medium
 * mathematical spaces and the ideographic space (the BOM and NEL are left to each caller).
 */
export function isUnicodeSpace(code: number): boolean {
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}
