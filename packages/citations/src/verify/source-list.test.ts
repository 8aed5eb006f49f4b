import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { compileIdentifierRules, DEFAULT_IDENTIFIER_RULES } from './identifier-rules.js';
import { PassageIndex } from './passage-index.js';
import { isSourceHeading, namesPassage } from './source-list.js';

describe('isSourceHeading', () => {
  it('knows the headings of a source list, with emphasis and an optional colon', () => {
    for (const heading of [
      'Sources',
      'sources:',
      'Source:',
      '**References**',
      '__Bibliography:__',
      'Works Cited',
      ' Citations : ',
      'Quellen:',
      '参考文献：',
    ]) {
      expect(isSourceHeading(heading), heading).toBe(true);
    }
  });

  it('refuses prose, empty text and long lines', () => {
    for (const text of [
      '',
      '  ',
      'Our sources say so:',
      'Sources of error are many.',
      'References to water',
      `Sources${' '.repeat(60)}:`,
    ]) {
      expect(isSourceHeading(text), text).toBe(false);
    }
  });
});

describe('namesPassage', () => {
  const rules = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);
  const cited = new PassageIndex(
    passage('Text that mentions 10.1000/other.2 and https://example.org/other.', {
      documentId: 'water-report.pdf',
      title: 'Boiling Points',
      uri: 'https://example.org/boiling?v=2',
    }),
  );

  it('accepts an entry naming the title, uri or document id as whole words, whatever else it says', () => {
    for (const entry of [
      ' Boiling points, Smith, 2020',
      ': "BOILING POINTS" (2020)',
      'https://example.org/boiling?v=2',
      '- water-report.pdf',
      '',
      ' , ',
    ]) {
      expect(namesPassage(entry, cited, rules), entry).toBe(true);
    }
  });

  it('refuses an entry naming none of them, part of one, or an identifier that is not the passage own', () => {
    for (const entry of [
      'Smith, Nature 2020',
      'Boiling, Smith',
      'Points of boiling',
      'water-report',
      'Boiling Points, doi:10.1000/other.2',
      'Boiling Points, https://example.org/other',
      'Boiling Points, https://example.org/boiling',
    ]) {
      expect(namesPassage(entry, cited, rules), entry).toBe(false);
    }
    // With no identifier rules, only the name counts.
    expect(namesPassage('Boiling Points, doi:10.1000/other.2', cited, [])).toBe(true);
  });
});
