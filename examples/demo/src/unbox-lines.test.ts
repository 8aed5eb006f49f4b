import spdxFull from 'spdx-license-list/full.js';
import { describe, expect, it } from 'vitest';
import { unboxLines } from './unbox-lines.js';

describe('unboxLines', () => {
  it('replaces the asterisks of a box with spaces, one for one', () => {
    const text = [
      'Before.',
      '*******************',
      '*  6. Disclaimer  *',
      '*  Covered        *',
      '*  Software is    *',
      '*******************',
      'After *x*.',
    ].join('\n');
    const unboxed = unboxLines(text);
    expect(unboxed).toHaveLength(text.length);
    expect(unboxed.split('\n')).toEqual([
      'Before.',
      '                   ',
      '   6. Disclaimer   ',
      '   Covered         ',
      '   Software is     ',
      '                   ',
      'After *x*.',
    ]);
  });

  it('leaves fewer than three boxed lines, emphasis and bullets alone', () => {
    const text = '*Note*\n* item one *\n* a bullet\n**bold**';
    expect(unboxLines(text)).toBe(text);
  });

  it('keeps every character outside the boxes of the MPL 2.0 text and its sentences whole', () => {
    const text = spdxFull['MPL-2.0']!.licenseText;
    const unboxed = unboxLines(text);
    expect(unboxed).toHaveLength(text.length);
    for (let index = 0; index < text.length; index++)
      if (unboxed[index] !== text[index]) expect([text[index], unboxed[index]]).toEqual(['*', ' ']);
    expect(unboxed.replace(/\s+/g, ' ')).toContain(
      'warranties that the Covered Software is free of defects, merchantable, fit for a particular purpose or non-infringing.',
    );
  });
});
