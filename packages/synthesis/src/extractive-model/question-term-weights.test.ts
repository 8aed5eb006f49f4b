import { DEFAULT_STOP_WORDS } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { questionTermWeights } from './question-term-weights.js';

const stopWords = new Set(DEFAULT_STOP_WORDS);

describe('questionTermWeights', () => {
  it('weighs down the name of the document every source comes from, its acronym and version included', () => {
    const { weights, asked } = questionTermWeights(
      'Under the GNU GPL version 3, may I sell copies?',
      ['GNU General Public License v3.0', 'GNU General Public License v3.0'],
      'permission',
      stopWords,
    );
    expect(weights.get('gpl')).toBeCloseTo(0.2);
    expect(weights.get('gnu')).toBeCloseTo(0.2);
    expect(weights.get('vers')).toBeCloseTo(0.2);
    expect(weights.get('3')).toBeCloseTo(0.2);
    expect(weights.get('sell')).toBe(1);
    expect(asked).toContain('sell');
    expect(asked).toContain('cop');
    expect(asked).toContain('commercial');
    expect(asked.has('gpl')).toBe(false);
  });

  it('keeps a name at nearly full weight when it picks between sources with different headings', () => {
    const { weights } = questionTermWeights(
      'Which is compatible with the Widget Licence?',
      ['Widget Licence', 'Gadget Terms', 'Sprocket Terms'],
      'open',
      stopWords,
    );
    expect(weights.get('widget')).toBeCloseTo(1 - 0.8 / 3);
    expect(weights.get('compatibl')).toBe(1);
  });

  it('weighs the condition of a may-I question less than what it asks, and adds near-synonyms', () => {
    const { weights, asked, premise } = questionTermWeights(
      'If the landlord agrees, may I keep a dog?',
      [],
      'permission',
      stopWords,
    );
    expect(weights.get('landlord')).toBe(0.5);
    expect([...premise].sort()).toEqual(['agre', 'landlord']);
    expect([...asked].sort()).toEqual(['dog', 'keep', 'maintain', 'preserv', 'retain']);
    expect(weights.get('retain')).toBeCloseTo(0.4);
  });

  it('returns nothing for a question of stop words or hostile input', () => {
    expect(questionTermWeights('What is it that you would do?', [], 'open', stopWords).weights.size).toBe(0);
    expect(questionTermWeights('\u0000\ud800[[[[', ['\u202e'], null, stopWords).weights.size).toBe(0);
  });
});
