import { describe, expect, it } from 'vitest';
import { shownText } from './shown-text.js';

describe('shownText', () => {
  it('drops what shows nothing and sends each lone surrogate as U+FFFD', () => {
    expect(shownText('a\u200bb\u0000c\u{16fe4}d')).toBe('abcd');
    expect(shownText('x\ud800y\udfffz')).toBe('x\ufffdy\ufffdz');
  });

  it('joins no two halves that something showing nothing stood between (a second look found them read as a pair)', () => {
    for (const between of ['\u200b', '\u0000', '\u{16fe4}'])
      expect(shownText(`Score: \ud83d${between}\ude00`)).toBe('Score: \ufffd\ufffd');
    expect(shownText('Score: \u{1f600}')).toBe('Score: \u{1f600}');
  });
});
