import { describe, expect, it } from 'vitest';
import { escapeTerminalJson, escapeTerminalText } from './escape-terminal-text.js';

describe('escapeTerminalText', () => {
  it('writes C0, C1 and bidirectional controls as \\u escapes and leaves other text alone', () => {
    expect(escapeTerminalText('\u001b]0;PWNED\u0007\u001b[2J a\u009bb \u202eevil\u2066 é ✓')).toBe(
      '\\u001b]0;PWNED\\u0007\\u001b[2J a\\u009bb \\u202eevil\\u2066 é ✓',
    );
    expect(escapeTerminalText('a\nb\r')).toBe('a\\u000ab\\u000d');
    expect(escapeTerminalText('a\nb\r', { keepNewlines: true })).toBe('a\nb\\u000d');
  });

  it('escapes the implicit bidi marks and the line and paragraph separators too', () => {
    expect(
      escapeTerminalText('a\u061cb\u200ec\u200fd\u2028e\u2029f\u0085g\u007f', { keepNewlines: true }),
    ).toBe('a\\u061cb\\u200ec\\u200fd\\u2028e\\u2029f\\u0085g\\u007f');
  });
});

describe('escapeTerminalJson', () => {
  it('escapes what JSON.stringify leaves raw and a terminal acts on, keeping the same JSON value', () => {
    const value = {
      'k\u202e': [
        'CSI\u009b2J',
        'OSC\u009d8;;x',
        'bidi\u2066\u2069\u061c\u200e',
        'sep\u2028\u2029',
        'é ✓ 😀',
      ],
    };
    const json = JSON.stringify(value, null, 2);
    const escaped = escapeTerminalJson(json);
    expect(escaped).not.toMatch(/[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/);
    expect(escaped).toContain('"k\\u202e": [\n');
    expect(escaped).toContain('é ✓ 😀');
    expect(JSON.parse(escaped)).toEqual(value);
  });
});
