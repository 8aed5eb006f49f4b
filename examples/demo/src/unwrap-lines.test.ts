import spdxFull from 'spdx-license-list/full.js';
import { describe, expect, it } from 'vitest';
import { cpuNow } from '../../../packages/citations/src/__fixtures__/cpu-time.js';
import { unwrapLines } from './unwrap-lines.js';

describe('unwrapLines', () => {
  it('joins wrapped lines, keeps paragraph breaks and list items', () => {
    const text =
      'The above notice shall be\nincluded in all copies.\n\nConditions:\n- keep it\n- ship it\n(a) first\nline';
    expect(unwrapLines(text)).toBe(
      'The above notice shall be included in all copies.\n\nConditions:\n- keep it\n- ship it\n(a) first line',
    );
  });

  it('changes nothing but line breaks, one for one, across the whole licence corpus', () => {
    for (const { licenseText } of Object.values(spdxFull)) {
      const unwrapped = unwrapLines(licenseText);
      expect(unwrapped.length).toBe(licenseText.length);
      expect(unwrapped.replace(/[\n ]/g, '')).toBe(licenseText.replace(/[\n ]/g, ''));
    }
  }, 120_000);

  it('handles empty, newline-only and hostile input in linear time', () => {
    expect(unwrapLines('')).toBe('');
    expect(unwrapLines('\n')).toBe('\n');
    expect(unwrapLines('\n\n\n')).toBe('\n\n\n');
    expect(unwrapLines('a\nb\r\nc\u0000\nd\u202e\ne')).toBe('a b\r\nc\u0000 d\u202e e');
    const huge = 'word\n'.repeat(200_000);
    const began = cpuNow();
    expect(unwrapLines(huge)).toBe(`${'word '.repeat(199_999)}word\n`);
    expect(cpuNow() - began).toBeLessThan(5_000);
  });
});
