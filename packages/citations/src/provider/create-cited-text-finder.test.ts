import { describe, expect, it } from 'vitest';
import { createCitedTextFinder } from './create-cited-text-finder.js';

describe('createCitedTextFinder', () => {
  const text = 'Water boils at 100 \u201cdegrees\u201d. Cafe\u0301 at sea level, at noon.';
  const end = text.length;

  it('finds the first occurrence on whole characters, after normalisation, within the range', () => {
    const find = createCitedTextFinder(text);
    expect(find('"degrees"', 0, end, false)).toEqual({ start: 19, end: 28 });
    expect(find('Cafe', 0, end, false)).toBeNull(); // ends before a combining mark
    expect(find('at', 0, end, false)).toEqual({ start: 1, end: 3 }); // inside `Water`: no word rule here
    expect(find('at', 20, end, false)).toEqual({ start: 36, end: 38 });
    expect(find('at', 20, 37, false)).toBeNull();
    expect(find('  ', 0, end, false)).toBeNull();
  });

  it('with `whole`, skips places inside words and says when there is no other', () => {
    const find = createCitedTextFinder(text);
    expect(find('at', 0, end, true)).toEqual({ start: 12, end: 14 });
    expect(find('ater', 0, end, true)).toBe('part');
    expect(find('noon!', 0, end, true)).toBeNull();
  });

  it('reads whole words from an index once its searches add up to several times the text', () => {
    const long = `${'xat '.repeat(400)}at end`;
    const find = createCitedTextFinder(long);
    for (let i = 0; i < 20; i++) find(`absent ${i}`, 0, long.length, true); // spends the budget
    expect(find('at', 0, long.length, true)).toEqual({ start: 1600, end: 1602 });
    expect(find('xa', 0, long.length, true)).toBe('part');
    expect(find('at end', 0, long.length, false)).toEqual({ start: 1600, end: 1606 });
  });
});
