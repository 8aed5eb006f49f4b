/** Escapes text for HTML element content and quoted attribute values; NUL becomes U+FFFD. */
export function escapeHtml(value: string | number): string {
  return String(value).replace(/[&<>"'\u0000]/g, (character) => ENTITIES[character]!);
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '\u0000': '\ufffd',
};
