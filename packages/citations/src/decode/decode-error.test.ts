import { describe, expect, it } from 'vitest';
import { excerptAround } from './decode-error.js';

describe('excerptAround', () => {
  it('keeps short text whole and cuts long text to ~200 units around the position', () => {
    expect(excerptAround('{"a": 1}', 3)).toBe('{"a": 1}');
    const text = `${'a'.repeat(1000)}X${'b'.repeat(1000)}`;
    const excerpt = excerptAround(text, 1000);
    expect(excerpt).toBe(`…${'a'.repeat(100)}X${'b'.repeat(99)}…`);
    expect(excerptAround(text)).toBe(`${'a'.repeat(200)}…`);
    expect(excerptAround(text, 2000)).toBe(`…${'b'.repeat(200)}`);
  });

  it('never cuts a surrogate pair in half', () => {
    const text = '😀'.repeat(300);
    for (const position of [undefined, 0, 1, 101, 102, 599]) {
      const excerpt = excerptAround(text, position).replaceAll('…', '');
      const roundTrip = new TextDecoder().decode(new TextEncoder().encode(excerpt)); // U+FFFD for a lone half
      expect(roundTrip, String(position)).toBe(excerpt);
      expect(excerpt.length).toBeLessThanOrEqual(200);
    }
  });
});
