import { describe, expect, it } from 'vitest';
import { isLicenceWord, licenceNameTokens } from './licence-name-tokens.js';

const norms = (text: string): string[] =>
  licenceNameTokens(text)
    .filter((token) => !token.filler)
    .map((token) => token.norm);

describe('licenceNameTokens', () => {
  it('splits ids, glued versions and clause counts into the same tokens as prose', () => {
    expect(norms('GPL-2.0')).toEqual(['gpl', '2']);
    expect(norms('GPLv2')).toEqual(['gpl', '2']);
    expect(norms('GNU GPL version two')).toEqual(['gpl', '2']);
    expect(norms('LGPLv2.1+')).toEqual(['lgpl', '2.1', '+']);
    expect(norms('BSD-3-Clause')).toEqual(['bsd', '3', 'clause']);
    expect(norms('three-clause BSD')).toEqual(['3', 'clause', 'bsd']);
    expect(norms('0BSD')).toEqual(['0', 'bsd']);
    expect(norms('BlueOak-1.0.0')).toEqual(['blueoak', '1']);
    expect(norms('LPPL-1.3c')).toEqual(['lppl', '1.3c']);
    expect(norms('BSD-4.3TAHOE')).toEqual(['bsd', '4.3', 'tahoe']);
    expect(norms('the Apache License, Version 2.0.')).toEqual(['apache', '2']);
  });

  it('splits words written as one with a capital inside only when asked, with exact offsets', () => {
    expect(norms('Attribution-ShareAlike NonCommercial')).toEqual([
      'attribution',
      'sharealike',
      'noncommercial',
    ]);
    const split = licenceNameTokens('Attribution-ShareAlike LaTeX GPLv3 OpenSSL', { splitCompounds: true });
    expect(split.map((token) => [token.norm, token.start, token.end])).toEqual([
      ['attribution', 0, 11],
      ['share', 12, 17],
      ['alike', 17, 22],
      ['la', 23, 25],
      ['tex', 25, 28],
      ['gpl', 29, 32],
      ['3', 33, 34],
      ['openssl', 35, 42],
    ]);
  });

  it('keeps exact offsets and the characters as written', () => {
    const [gpl, version] = licenceNameTokens('Is GPLv3 ok?').slice(1);
    expect(gpl).toMatchObject({ norm: 'gpl', raw: 'GPL', start: 3, end: 6 });
    expect(version).toMatchObject({ norm: '3', kind: 'number', raw: '3', start: 7, end: 8 });
  });

  it('marks licence words and never fails on hostile input', () => {
    expect(isLicenceWord(licenceNameTokens('licensed')[0])).toBe(true);
    expect(isLicenceWord(licenceNameTokens('lichen')[0])).toBe(false);
    expect(isLicenceWord(undefined)).toBe(false);
    expect(norms('\ud800\u0000\u200b[[[[')).toEqual([]);
    expect(norms('')).toEqual([]);
    expect(norms(`${'9'.repeat(500)}.5`)).toEqual([`${'9'.repeat(500)}.5`]);
  });
});
