// C0 controls (ESC starts terminal sequences), DEL, C1 controls (CSI, OSC) and the bidirectional controls that reorder text.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_BUT_NEWLINE =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const toEscape = (character: string): string => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Text from an input file made safe to print on a terminal: every control and bidirectional-control character is
 * written as a `\uXXXX` escape, so a file cannot move the cursor, set the window title or reorder what is printed.
 * `keepNewlines` leaves `\n` alone (for a whole message of several lines).
 */
export function escapeTerminalText(text: string, options: { keepNewlines?: boolean } = {}): string {
  return text.replace(options.keepNewlines === true ? UNSAFE_BUT_NEWLINE : UNSAFE, toEscape);
}
