// Control characters (C0 and C1: the escape sequences a terminal obeys) and bidirectional controls, which a
// terminal or page uses to reorder what follows.
const HIDDEN = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const BREAKS = /[\r\n\t\u2028\u2029]+/g;

/**
 * `text` safe to print on one line of a terminal: line breaks and tabs as one space, every other control or
 * bidirectional character written out as `\u{…}`. What a provider sends is untrusted: printed raw, an escape
 * sequence in a rejected citation's URL can erase its own `✗` line and draw a `✓` in its place. `JSON.stringify`
 * (and the quotes in a rejection's message) escape only C0 controls: the one-byte CSI `\u009b` and the
 * bidirectional controls pass them.
 */
export function printable(text: string): string {
  return text
    .replace(BREAKS, ' ')
    .replace(HIDDEN, (char) => `\\u{${char.codePointAt(0)!.toString(16).padStart(4, '0')}}`);
}
