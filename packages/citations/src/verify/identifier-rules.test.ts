import { describe, expect, it } from 'vitest';
import { compileIdentifierRules, DEFAULT_IDENTIFIER_RULES, findIdentifiers } from './identifier-rules.js';
import { cpuNow } from '../__fixtures__/cpu-time.js';

const rules = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);

describe('findIdentifiers', () => {
  it('finds ECLI, DOI and URL identifiers in canonical form', () => {
    const text = 'See ecli:nl:hr:2019:1234. and doi 10.1000/ABC.123, or https://example.org/a?b=1). Done.';
    expect(findIdentifiers(text, rules)).toEqual([
      { rule: 'ecli', value: 'ECLI:NL:HR:2019:1234' },
      { rule: 'doi', value: '10.1000/abc.123' },
      { rule: 'url', value: 'https://example.org/a?b=1' },
    ]);
  });

  it('reads identifiers through zero-width characters and full-width forms, as they render', () => {
    expect(findIdentifiers('ECLI:NL:HR:2021\u200b:9999', rules)).toEqual([
      { rule: 'ecli', value: 'ECLI:NL:HR:2021:9999' },
    ]);
    expect(findIdentifiers('ECLI:NL:HR:\uff12\uff10\uff12\uff11:9999', rules)).toEqual([
      { rule: 'ecli', value: 'ECLI:NL:HR:2021:9999' },
    ]);
    expect(findIdentifiers('10\u200b.1000/boil.2025', rules)).toEqual([
      { rule: 'doi', value: '10.1000/boil.2025' },
    ]);
    expect(findIdentifiers('h\u200dttps://evil.example/x', rules)).toEqual([
      { rule: 'url', value: 'https://evil.example/x' },
    ]);
  });

  it('trims trailing punctuation in linear time', () => {
    const t0 = cpuNow();
    expect(
      findIdentifiers(`https://e.x/${'.'.repeat(200_000)}a and 10.1000/${'),'.repeat(100_000)}b`, rules),
    ).toHaveLength(2);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('ignores near misses', () => {
    expect(findIdentifiers('ECLI:N:HR:2019:1 and 10.12/x and ftp://x.org and http:/x', rules)).toEqual([]);
  });

  it('runs custom rules with a forced global flag and skips empty matches', () => {
    const pattern = /case-(\d+)|(?:)/i;
    const custom = compileIdentifierRules([{ name: 'case', pattern }]);
    expect(findIdentifiers('case-1 and CASE-2', custom)).toEqual([
      { rule: 'case', value: 'case-1' },
      { rule: 'case', value: 'CASE-2' },
    ]);
    expect(pattern.flags).toBe('i');
  });

  it('refuses unknown rule names and malformed custom rules', () => {
    expect(() => compileIdentifierRules(['isbn' as 'doi'])).toThrow(/Unknown identifier rule/);
    // Names every plain object inherits are no rules either (a rule list can come from a JSON config).
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect(() => compileIdentifierRules([name as 'doi'])).toThrow(`Unknown identifier rule "${name}"`);
    }
    expect(() => compileIdentifierRules([{ name: 'x', pattern: 'x' as unknown as RegExp }])).toThrow(
      TypeError,
    );
  });

  it('stays linear on a megabyte of near misses', () => {
    const t0 = cpuNow();
    expect(
      findIdentifiers('10.1/'.repeat(200_000) + 'https:'.repeat(100_000) + 'ECLI:NL:'.repeat(100_000), rules),
    ).toEqual([]);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });
});
