import { describe, expect, it } from 'vitest';
import { containsMarker } from './contains-marker.js';
import { generateMarker } from './generate-marker.js';

const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff', '\u00ad'];
const fullwidth = (text: string): string =>
  [...text]
    .map((char) => (char >= '!' && char <= '~' ? String.fromCharCode(char.charCodeAt(0) + 0xfee0) : char))
    .join('');

describe('containsMarker', () => {
  const marker = generateMarker();
  const hex = marker.slice('GK-ECHO-'.length);

  it('finds the marker verbatim and inside prose', () => {
    expect(containsMarker(marker, marker)).toBe(true);
    expect(containsMarker(`Reference: ${marker}, page 2.`, marker)).toBe(true);
  });

  it('finds it under case change, zero-width characters, spaces, hyphens, RTL marks and fullwidth forms', () => {
    expect(containsMarker(marker.toUpperCase(), marker)).toBe(true);
    for (const mark of ZERO_WIDTH) expect(containsMarker([...marker].join(mark), marker)).toBe(true);
    expect(containsMarker([...marker].join(' '), marker)).toBe(true);
    expect(containsMarker(hex.replace(/(.{4})/g, '$1-'), marker)).toBe(true);
    expect(containsMarker(`\u202e${[...marker].join('\u200f')}\u202c`, marker)).toBe(true);
    expect(containsMarker(fullwidth(marker), marker)).toBe(true);
  });

  it('finds the hex part without its prefix', () => {
    expect(containsMarker(`token ${hex} end`, marker)).toBe(true);
  });

  it('does not find another marker, a truncated marker, or a marker in an empty text', () => {
    expect(containsMarker(generateMarker(), marker)).toBe(false);
    expect(containsMarker(marker.slice(0, -1), marker)).toBe(false);
    expect(containsMarker('', marker)).toBe(false);
    expect(containsMarker('GK-ECHO-', marker)).toBe(false);
  });

  it('never matches an empty marker or a bare prefix', () => {
    expect(containsMarker('anything', '')).toBe(false);
    expect(containsMarker('GK-ECHO-', 'GK-ECHO-')).toBe(false);
  });

  it('handles lone surrogates, NUL and 1 MB of brackets in linear time', () => {
    expect(containsMarker(`\ud800${marker}\udfff\u0000`, marker)).toBe(true);
    const huge = '[[[['.repeat(256 * 1024);
    const started = performance.now();
    expect(containsMarker(huge, marker)).toBe(false);
    expect(containsMarker(huge + marker, marker)).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
