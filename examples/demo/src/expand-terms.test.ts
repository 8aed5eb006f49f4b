import { describe, expect, it } from 'vitest';
import { expandTerms } from './expand-terms.js';
import { retrievePassages } from './retrieve.js';
import { tokenizeTerms } from './tokenize-terms.js';
import { licenceIndex as index } from './__fixtures__/licence-index.js';

describe('expandTerms', () => {
  it('finds the words a licence uses for the words of a question, and not the question’s own', () => {
    const related = (word: string): string[] => expandTerms(tokenizeTerms(word));
    expect(related('keep')).toEqual(expect.arrayContaining(tokenizeTerms('retain')));
    expect(related('papers')).toEqual(expect.arrayContaining(tokenizeTerms('publication')));
    expect(related('staff')).toEqual(expect.arrayContaining(tokenizeTerms('employees')));
    expect(expandTerms(tokenizeTerms('keep retain'))).not.toContain(tokenizeTerms('retain')[0]);
    expect(expandTerms([])).toEqual([]);
  });

  it('lets a question in everyday words find the licence that says it in its own', () => {
    // PolyForm Small Business: `fewer than 100 total individuals working as employees and independent contractors`.
    const question = 'Which licence limits free use to companies with few staff?';
    expect(retrievePassages(index, question).licenceRanking[0]?.family).toBe('PolyForm-Small-Business-1.0.0');
  });
});
