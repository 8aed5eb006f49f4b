// Markup characters, and the characters a page would not show as themselves: C0 controls but tab and line breaks,
// DEL, C1 controls, the bidirectional controls that reorder the text around them, and the line and paragraph
// separators. Those are the characters escapeTerminalText escapes (tab and line breaks lay text out on a page), and
// they get its visible `\uXXXX` form, so a logged string cannot hide text or reorder it, its own or its neighbours'.
const UNSAFE =
  /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const toEscape = (character: string): string =>
  ENTITIES[character] ?? `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Escapes text for HTML element content and quoted attribute values: markup as entities, and every control,
 * bidirectional-control and separator character as a visible `\uXXXX` (plain text, so it is safe in an attribute
 * and in `<title>` too).
 */
export function escapeHtml(value: string | number): string {
  return String(value).replace(UNSAFE, toEscape);
}
