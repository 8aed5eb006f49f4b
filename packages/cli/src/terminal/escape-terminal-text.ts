// C0 controls (ESC starts terminal sequences), DEL, C1 controls (CSI, OSC), the bidirectional controls that reorder
// text, and the line and paragraph separators some terminals break a line at.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_BUT_NEWLINE =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// The same without C0: JSON.stringify escapes those itself, and a `\n` outside a string is pretty-printing.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const toEscape = (character: string): string => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text from an input file made safe to print on a terminal: every control and bidirectional-control character is
 * written as a `\uXXXX` escape, so a file cannot move the cursor, set the window title or reorder what is printed.
 * `keepNewlines` leaves `\n` alone (for a whole message of several lines).
 */
export function escapeTerminalText(text: string, options: { keepNewlines?: boolean } = {}): string {
  return text.replace(options.keepNewlines === true ? UNSAFE_BUT_NEWLINE : UNSAFE, toEscape);
}

/**
 * JSON text (from `JSON.stringify`) made as safe to print: the characters {@link escapeTerminalText} escapes that
 * `JSON.stringify` leaves raw (DEL, C1 and bidirectional controls, U+2028 and U+2029) become `\uXXXX` escapes, which
 * they can only be inside a string, so the text stays valid JSON of the same value.
 */
export function escapeTerminalJson(json: string): string {
  return json.replace(UNSAFE_IN_JSON, toEscape);
}
