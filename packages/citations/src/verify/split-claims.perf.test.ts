import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { splitClaims } from './split-claims.js';

describe('splitClaims at scale', () => {
  it('stays linear on one long line of many sentences', () => {
    const t0 = cpuNow();
    const units = splitClaims('Children suffer [1]. '.repeat(20_000));
    expect(units).toHaveLength(20_000);
    const mixed = splitClaims('a. b? c! d. e, '.repeat(40_000));
    expect(mixed.length).toBeGreaterThan(40_000);
    expect(cpuNow() - t0).toBeLessThan(4000);
  });

  it('stays linear over a megabyte of lead-ins, list items and source-list lines', () => {
    const t0 = cpuNow();
    expect(splitClaims('Steps:\n- boil [1]\n'.repeat(60_000))).toHaveLength(60_000);
    expect(splitClaims(`Sources:\n${'[1] Physics, Smith, 2020\n'.repeat(40_000)}`)).toEqual([]);
    expect(cpuNow() - t0).toBeLessThan(4000);
  });

  it('stays linear over a megabyte of table rows, header rows waiting on their next line, and long tables', () => {
    const t0 = cpuNow();
    expect(splitClaims('| a | b |\n'.repeat(100_000))).toHaveLength(100_000);
    const table = `| Item | Change |\n|---|---|\n${'| | |\n'.repeat(100_000)}| Parks | rose [1] |\n`;
    expect(splitClaims(table).map((unit) => unit.text)).toEqual(['| Parks | rose [1] |']);
    expect(splitClaims('| x |\n|---|\n| y [1] |\n\n'.repeat(40_000))).toHaveLength(40_000);
    expect(cpuNow() - t0).toBeLessThan(4000);
  });
});

// The marks that close a sentence before its marker (`**A.** [1]`, `« a. » [1]`) are read once per sentence end: CPU
// time at n and 8n (tests/adversarial/growth.ts: 8 for linear, 64 for quadratic).
const CLOSING: Record<string, (size: number) => string> = {
  'sentences in emphasis': (size) => '**It rose.** [1] '.repeat(size),
  'sentences in spaced guillemets': (size) => 'Il dit \u00ab Elle monte. \u00bb [1] '.repeat(size),
  'one run of emphasis after a full stop': (size) => `It rose.${'*_~'.repeat(size)} [1]`,
  'one run of spaced closing marks': (size) => `It rose. ${'\u00bb ) '.repeat(size)}[1]`,
  'spaces before emphasis': (size) => `It rose.${' '.repeat(size)}** [1] ${'A. ** '.repeat(size)}`,
};

describe('splitClaims over closing marks: linear time (ratio of 8n to n, bound 24)', {
  timeout: 180_000,
}, () => {
  it.each(Object.keys(CLOSING))('%s', (name) => {
    const make = (size: number) => {
      const answer = CLOSING[name]!(size);
      return () => splitClaims(answer);
    };
    expect(growth(make, 500)).toBeLessThan(BOUND);
  });
});
