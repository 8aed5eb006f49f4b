// Scale: a megabyte of unterminated brackets, bounded by CPU time (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { safeParseEvalReport } from './safe-parse.js';

const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

describe('safeParseEvalReport', () => {
  it('refuses 1 MB of unterminated brackets in linear time', () => {
    const started = cpuNow();
    const result = safeParseEvalReport('[[[['.repeat(262_144));
    expect(result.success ? '' : result.error.code).toBe('not_json');
    expect(cpuNow() - started).toBeLessThan(10_000);
  });
});
