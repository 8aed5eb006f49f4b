// Behaviour pinned by mutation testing (npm run mutation -- citations): the built-in rules and the default list,
// the exact refusal of malformed custom rules, the sticky flag dropped from a custom pattern, plain http URLs,
// text folded even when it has no ASCII at all, and matches whose canonical form is empty.
// Rules are compiled inside each test, never at import: a mutant that breaks compiling must fail a test, not the
// loading of this file.
import { describe, expect, it } from 'vitest';
import {
  type CompiledIdentifierRule,
  compileIdentifierRules,
  DEFAULT_IDENTIFIER_RULES,
  findIdentifiers,
  foldIdentifierText,
  type IdentifierRule,
} from './identifier-rules.js';

const SHAPE_MESSAGE = 'Expected a custom identifier rule shaped { name: string, pattern: RegExp }.';
const refusal = (rule: unknown): unknown => {
  try {
    compileIdentifierRules([rule as IdentifierRule]);
  } catch (error) {
    return error;
  }
  return 'compiled';
};

describe('compileIdentifierRules (mutation-pinned)', () => {
  it('defaults to the ECLI, DOI and URL rules, compiled by name in that order', () => {
    expect(DEFAULT_IDENTIFIER_RULES).toEqual(['ecli', 'doi', 'url']);
    const compiled = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);
    expect(compiled.map((rule) => rule.name)).toEqual(['ecli', 'doi', 'url']);
    expect(compiled.map((rule) => rule.pattern.flags)).toEqual(['gi', 'g', 'gi']);
    expect(compileIdentifierRules(['url', 'ecli']).map((rule) => rule.name)).toEqual(['url', 'ecli']);
    expect(compileIdentifierRules([])).toEqual([]);
  });

  it('finds identifiers with each built-in rule compiled on its own', () => {
    const answer =
      'The court (ECLI:NL:HR:2020:1234.) relied on doi:10.1038/NATURE.2020, see http://example.org/ruling.';
    expect(findIdentifiers(answer, compileIdentifierRules(['ecli']))).toEqual([
      { rule: 'ecli', value: 'ECLI:NL:HR:2020:1234' },
    ]);
    expect(findIdentifiers(answer, compileIdentifierRules(['doi']))).toEqual([
      { rule: 'doi', value: '10.1038/nature.2020' },
    ]);
    expect(findIdentifiers(answer, compileIdentifierRules(['url']))).toEqual([
      { rule: 'url', value: 'http://example.org/ruling' },
    ]);
  });

  it('refuses an unknown rule name with a message naming it and the known ones', () => {
    expect(refusal('isbn')).toEqual(
      new TypeError('Unknown identifier rule "isbn"; expected ecli, doi or url.'),
    );
    expect(refusal('')).toEqual(new TypeError('Unknown identifier rule ""; expected ecli, doi or url.'));
    expect(refusal('ECLI')).toEqual(
      new TypeError('Unknown identifier rule "ECLI"; expected ecli, doi or url.'),
    );
  });

  it('refuses every malformed custom rule with the same TypeError saying the shape it expects', () => {
    const malformed: unknown[] = [
      null,
      42,
      undefined,
      // A function with a RegExp `pattern` has a string `name` of its own, but it is not a rule object.
      Object.assign(() => 'case', { pattern: /case-\d+/ }),
      { name: 'case' },
      { name: 'case', pattern: 'case-\\d+' },
      { name: 'case', pattern: { source: 'case-\\d+', flags: '' } },
      { pattern: /case-\d+/ },
      { name: 7, pattern: /case-\d+/ },
      { name: null, pattern: /case-\d+/ },
    ];
    for (const rule of malformed) {
      const error = refusal(rule);
      expect(error).toBeInstanceOf(TypeError);
      expect((error as TypeError).message).toBe(SHAPE_MESSAGE);
    }
  });

  it('drops the sticky flag of a custom pattern, so a match is found anywhere in the claim', () => {
    const pattern = /case-\d+/iy;
    const [rule] = compileIdentifierRules([{ name: 'case', pattern }]);
    expect(rule?.pattern.flags).toBe('gi');
    expect(rule?.pattern.source).toBe('case-\\d+');
    expect(pattern.flags).toBe('iy');
    expect(findIdentifiers('The court decided Case-12 and then case-13.', [rule!])).toEqual([
      { rule: 'case', value: 'Case-12' },
      { rule: 'case', value: 'case-13' },
    ]);
    const [global] = compileIdentifierRules([{ name: 'case', pattern: /case-\d+/gy }]);
    expect(global?.pattern.flags).toBe('g');
    expect(findIdentifiers('see case-1', [global!])).toEqual([{ rule: 'case', value: 'case-1' }]);
  });
});

describe('findIdentifiers (mutation-pinned)', () => {
  it('finds plain http URLs as well as https ones', () => {
    const rules = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);
    expect(
      findIdentifiers('Data at http://example.org/water, mirrored at HTTPS://example.net/w.', rules),
    ).toEqual([
      { rule: 'url', value: 'http://example.org/water' },
      { rule: 'url', value: 'HTTPS://example.net/w' },
    ]);
  });

  it('folds a claim written entirely in full-width characters, with no ASCII at all', () => {
    const fullWidth =
      '\uff25\uff23\uff2c\uff29\uff1a\uff2e\uff2c\uff1a\uff28\uff32\uff1a\uff12\uff10\uff12\uff11\uff1a\uff19\uff19';
    expect(foldIdentifierText(fullWidth)).toBe('ECLI:NL:HR:2021:99');
    expect(findIdentifiers(fullWidth, compileIdentifierRules(['ecli']))).toEqual([
      { rule: 'ecli', value: 'ECLI:NL:HR:2021:99' },
    ]);
    expect(foldIdentifierText('\u200b\u202e\u2066')).toBe('');
    expect(foldIdentifierText('ECLI:NL:HR:2021:99')).toBe('ECLI:NL:HR:2021:99');
  });

  it('reports every non-empty match of a custom rule verbatim, whatever it says', () => {
    const [rule] = compileIdentifierRules([{ name: 'sentence', pattern: /[A-Z][^.!]*!/ }]);
    expect(findIdentifiers('Quiet. Stryker was here! Nobody else was here!', [rule!])).toEqual([
      { rule: 'sentence', value: 'Stryker was here!' },
      { rule: 'sentence', value: 'Nobody else was here!' },
    ]);
  });

  it('skips a match whose canonical form is empty', () => {
    const digitsOnly: CompiledIdentifierRule = {
      name: 'docket',
      pattern: /no\.\s*[\d-]*/g,
      canonical: (match) => match.replace(/\D/g, ''),
      haystack: (text) => text,
    };
    expect(findIdentifiers('Docket no. 12-34, and no. - (pending).', [digitsOnly])).toEqual([
      { rule: 'docket', value: '1234' },
    ]);
  });
});
