import { describe, expect, it } from 'vitest';
import { excerpt } from './excerpt.js';

describe('excerpt', () => {
  it('returns short text whole', () => {
    expect(excerpt('short text')).toBe('short text');
    expect(excerpt('')).toBe('');
  });

  it('cuts long text to the length from the start with an ellipsis on the cut side', () => {
    const text = 'a'.repeat(150) + 'b'.repeat(150);
    expect(excerpt(text)).toBe(`${'a'.repeat(150)}${'b'.repeat(50)}…`);
    expect(excerpt(text, { length: 10 })).toBe(`${'a'.repeat(10)}…`);
  });

  it('centres on a position, and moves the window back from the end so it stays full', () => {
    const text = Array.from({ length: 500 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    const middle = excerpt(text, { position: 250 });
    expect(middle).toBe(`…${text.slice(150, 350)}…`);
    expect(excerpt(text, { position: 499 })).toBe(`…${text.slice(300)}`);
    expect(excerpt(text, { position: 10_000 })).toBe(`…${text.slice(300)}`);
    expect(excerpt(text, { position: 0 })).toBe(`${text.slice(0, 200)}…`);
  });

  it('never cuts a surrogate pair in half on either side', () => {
    const text = '😀'.repeat(300);
    for (const position of [0, 101, 250, 599]) {
      const cut = excerpt(text, { position });
      expect(cut.replace(/…/g, '')).not.toMatch(
        /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/u,
      );
    }
  });
});
