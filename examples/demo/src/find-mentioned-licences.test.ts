import { describe, expect, it } from 'vitest';
import { findMentionedLicences } from './find-mentioned-licences.js';

const ids = new Set([
  'Apache-2.0',
  'MIT',
  'GPL-2.0+',
  'GPL-2.0',
  'GPL-3.0-only',
  'LGPL-2.1-only',
  'curl',
  'Fair',
]);

describe('findMentionedLicences', () => {
  it('finds ids with trailing sentence punctuation removed and keeps a meaningful plus', () => {
    expect(findMentionedLicences('Must I state changes I made to Apache-2.0 code?', ids)).toEqual([
      { id: 'Apache-2.0', start: 31, end: 41 },
    ]);
    expect(findMentionedLicences('Is MIT like GPL-2.0+? And Apache-2.0.', ids).map((m) => m.id)).toEqual([
      'MIT',
      'GPL-2.0+',
      'Apache-2.0',
    ]);
  });

  it('maps a few common aliases and reports each id once', () => {
    const found = findMentionedLicences('GPLv3 or gplv3, and Apache 2.0 vs Apache-2.0', ids);
    expect(found.map((m) => m.id)).toEqual(['GPL-3.0-only', 'Apache-2.0']);
    expect(found[1]).toEqual({ id: 'Apache-2.0', start: 20, end: 30 });
  });

  it('is case-sensitive so that prose words that happen to be ids do not count', () => {
    expect(findMentionedLicences('Is Fair use allowed? Can I curl it? mit?', ids)).toEqual([]);
  });

  it('returns nothing for empty, hostile or huge input, in linear time', () => {
    expect(findMentionedLicences('', ids)).toEqual([]);
    expect(findMentionedLicences('\u0000\u200b\u202e\ud800 [[[[ __proto__ constructor', ids)).toEqual([]);
    const huge = `${'[[[['.repeat(250_000)} MIT ${'9'.repeat(400)}`;
    const began = performance.now();
    expect(findMentionedLicences(huge, ids).map((m) => m.id)).toEqual(['MIT']);
    expect(performance.now() - began).toBeLessThan(5_000);
  });
});
