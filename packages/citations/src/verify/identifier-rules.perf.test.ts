import { describe, expect, it } from 'vitest';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { compileIdentifierRules, DEFAULT_IDENTIFIER_RULES, findIdentifiers } from './identifier-rules.js';

describe('findIdentifiers at scale', () => {
  const rules = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);

  it('trims trailing punctuation in linear time', () => {
    const t0 = cpuNow();
    expect(
      findIdentifiers(`https://e.x/${'.'.repeat(200_000)}a and 10.1000/${'),'.repeat(100_000)}b`, rules),
    ).toHaveLength(2);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });

  it('stays linear on a megabyte of near misses', () => {
    const t0 = cpuNow();
    expect(
      findIdentifiers('10.1/'.repeat(200_000) + 'https:'.repeat(100_000) + 'ECLI:NL:'.repeat(100_000), rules),
    ).toEqual([]);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });
});
