import { describe, expect, it } from 'vitest';
import { stem } from './match-terms.js';
import { relatedTerms } from './related-words.js';

const related = (word: string): readonly string[] => relatedTerms(stem(word));

describe('relatedTerms', () => {
  it('pairs the plain word a person asks with the formal word a document writes', () => {
    const pairs: Array<[string, string]> = [
      ['break', 'breach'],
      ['break', 'violate'],
      ['fix', 'cure'],
      ['get', 'obtain'],
      ['responsible', 'liable'],
      ['promise', 'warrant'],
      ['extra', 'further'],
      ['win', 'prevail'],
      ['disagree', 'conflict'],
      ['explain', 'describe'],
      ['edit', 'modify'],
      ['copy', 'reproduce'],
      ['share', 'distribute'],
      ['stop', 'terminate'],
      ['keep', 'retain'],
    ];
    for (const [plain, formal] of pairs) {
      expect([plain, related(plain)]).toEqual([plain, expect.arrayContaining([stem(formal)])]);
      expect([formal, related(formal)]).toEqual([formal, expect.arrayContaining([stem(plain)])]);
    }
  });

  it('relates nothing to a word outside the table, nor a word to itself', () => {
    expect(related('garden')).toEqual([]);
    expect(related('')).toEqual([]);
    expect(related('__proto__')).toEqual([]);
    for (const word of ['break', 'fix', 'keep', 'money']) expect(related(word)).not.toContain(stem(word));
  });

  it('holds general words only, no domain vocabulary', () => {
    const domain = [
      'license',
      'licence',
      'copyright',
      'patent',
      'software',
      'source',
      'code',
      'trademark',
      'tenant',
    ];
    for (const word of domain) expect([word, related(word)]).toEqual([word, []]);
  });
});
