import { describe, expect, it } from 'vitest';
import { escapeTerminalText } from './escape-terminal-text.js';

describe('escapeTerminalText', () => {
  it('writes C0, C1 and bidirectional controls as \\u escapes and leaves other text alone', () => {
    expect(escapeTerminalText('\u001b]0;PWNED\u0007\u001b[2J a\u009bb \u202eevil\u2066 é ✓')).toBe(
      '\\u001b]0;PWNED\\u0007\\u001b[2J a\\u009bb \\u202eevil\\u2066 é ✓',
    );
    expect(escapeTerminalText('a\nb\r')).toBe('a\\u000ab\\u000d');
    expect(escapeTerminalText('a\nb\r', { keepNewlines: true })).toBe('a\nb\\u000d');
  });
});
