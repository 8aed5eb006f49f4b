import { describe, expect, it } from 'vitest';
import { parseMarkers } from './parse-markers.js';
import { removeMarkers } from './remove-markers.js';

const removed = (text: string, from = 0, to = text.length): string =>
  removeMarkers(text, from, to, parseMarkers(text));

describe('removeMarkers', () => {
  it('removes every marker and the spaces before it, then trims', () => {
    expect(removed('Water boils [1] at sea level \u00a0[2][3].')).toBe('Water boils at sea level.');
    expect(removed(' [1] Water boils. ')).toBe('Water boils.');
    expect(removed('[1][2]')).toBe('');
    expect(removed('No markers here ')).toBe('No markers here');
  });

  it('reads only [from, to): a marker across either end is removed up to it, one outside is ignored', () => {
    const text = 'A [1] "quoted [2] words [3]" B [4]';
    expect(removed(text, 7, 24)).toBe('quoted words');
    expect(removed(text, 7, 26)).toBe('quoted words'); // ends inside [3]
    expect(removed(text, 3, 28)).toBe('"quoted words"'); // starts inside [1]
    expect(removed(text, 28, 30)).toBe('B');
  });
});
