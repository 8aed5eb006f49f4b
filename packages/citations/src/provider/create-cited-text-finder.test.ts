import { describe, expect, it } from 'vitest';
import { createCitedTextFinder } from './create-cited-text-finder.js';

describe('createCitedTextFinder', () => {
  const text = 'Water boils at 100 \u201cdegrees\u201d. Cafe\u0301 at sea level, at noon.';
  const end = text.length;

  it('finds the first place of whole words, after normalisation, within the range', () => {
    const { find } = createCitedTextFinder(text);
    expect(find('"degrees"', 0, end).span).toEqual({ start: 19, end: 28 });
    expect(find('Cafe', 0, end).span).toBeNull(); // `Café` is another word
    expect(find('at', 0, end).span).toEqual({ start: 12, end: 14 }); // not inside `Water`
    expect(find('ater', 0, end).span).toBeNull();
    expect(find('at', 20, end)).toEqual({ span: { start: 36, end: 38 }, first: { start: 12, end: 14 } });
    expect(find('at', 20, 37)).toEqual({ span: null, first: { start: 12, end: 14 } });
    expect(find('noon!', 0, end).span).toEqual({ start: 53, end: 57 }); // `!` is not there: the words are
  });

  it('says whether a text occurs at all, inside words too, until its scanning budget is spent', () => {
    const { occurs } = createCitedTextFinder(text);
    expect(occurs('ater')).toBe(true);
    expect(occurs('zz')).toBe(false);
    for (let i = 0; i < 20; i++) occurs(`absent ${i}`);
    expect(occurs('ater')).toBeUndefined();
  });

  it('gives the same answers however many look-ups came before', () => {
    const long = `${'xat '.repeat(400)}at end`;
    const { find } = createCitedTextFinder(long);
    for (let i = 0; i < 200; i++) find(`absent ${i}`, 0, long.length); // past the scans: the index answers
    expect(find('at', 0, long.length).span).toEqual({ start: 1600, end: 1602 });
    expect(find('xa', 0, long.length).span).toBeNull();
    expect(find('xat', 10, long.length).span).toEqual({ start: 12, end: 15 });
    expect(find('at end', 0, long.length).span).toEqual({ start: 1600, end: 1606 });
  });
});
