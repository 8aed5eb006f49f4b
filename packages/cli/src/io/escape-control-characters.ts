// C0 and C1 controls (ESC, CSI, BEL, ...), DEL, and the marks and overrides that reorder text on a terminal.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Writes controls and bidirectional marks as `\uXXXX`, so text from an input (a key, a path, a message quoting
 * one) printed on a terminal shows what it is instead of moving the cursor, retitling the window or reordering
 * the line.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
