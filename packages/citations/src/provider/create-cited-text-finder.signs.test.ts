import { describe, expect, it } from 'vitest';
import { createCitedTextFinder } from './create-cited-text-finder.js';

describe('createCitedTextFinder: signs beside the words', () => {
  const text = 'Trend for revenue \u2193 in 2023. Compliance status \u2717, later Compliance status \u2713.';
  const end = text.length;

  it('refuses a cited text whose symbols or dashes beside its first or last word differ from the document', () => {
    const { find } = createCitedTextFinder(text);
    expect(find('Trend for revenue \u2191', 0, end).span).toBeNull();
    expect(find('\u2191 in 2023', 0, end).span).toBeNull();
    expect(find('Trend for revenue \u2193 \u2193', 0, end).span).toBeNull();
    expect(find('Compliance status \u2713', 0, text.indexOf('later')).span).toBeNull(); // only ✗ in the range
  });

  it('finds the place where the same signs stand, and takes them in', () => {
    const { find } = createCitedTextFinder(text);
    expect(find('Trend for revenue \u2193', 0, end).span).toEqual({ start: 0, end: 19 });
    const later = text.indexOf('Compliance status \u2713');
    expect(find('Compliance status \u2713.', 0, end).span).toEqual({ start: later, end: end });
    expect(find('Compliance status', 0, end).span).toEqual({ start: text.indexOf('Compliance'), end: 46 });
  });
});
