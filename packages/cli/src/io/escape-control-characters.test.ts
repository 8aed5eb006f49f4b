import { describe, expect, it } from 'vitest';
import { escapeControlCharacters } from './escape-control-characters.js';

describe('escapeControlCharacters', () => {
  it('writes C0, C1, DEL and bidirectional controls as \\u escapes, and leaves other text alone', () => {
    expect(escapeControlCharacters('\u001b]0;PWNED\u0007\u001b[2J')).toBe('\\u001b]0;PWNED\\u0007\\u001b[2J');
    expect(escapeControlCharacters('a\u009bb\u007fc\u202ed\u2066e\r\n')).toBe(
      'a\\u009bb\\u007fc\\u202ed\\u2066e\\u000d\\u000a',
    );
    expect(escapeControlCharacters('Café “quoted” 日本 🙂')).toBe('Café “quoted” 日本 🙂');
  });
});
