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

  describe('finds', () => {
    it('the marker verbatim and inside prose', () => {
      expect(containsMarker(marker, marker)).toBe(true);
      expect(containsMarker(`Reference: ${marker}, page 2.`, marker)).toBe(true);
    });

    it('the marker under case change, zero-width characters, spaces, hyphens, RTL marks and fullwidth forms', () => {
      expect(containsMarker(marker.toUpperCase(), marker)).toBe(true);
      expect(containsMarker(marker.toLowerCase(), marker)).toBe(true);
      for (const mark of ZERO_WIDTH) expect(containsMarker([...marker].join(mark), marker)).toBe(true);
      expect(containsMarker([...marker].join(' '), marker)).toBe(true);
      expect(containsMarker(hex.replace(/(.{4})/g, '$1-'), marker)).toBe(true);
      expect(containsMarker(`${hex.slice(0, 7)} - ${hex.slice(7).toUpperCase()}`, marker)).toBe(true);
      expect(containsMarker(`\u202e${[...marker].join('\u200f')}\u202c`, marker)).toBe(true);
      expect(containsMarker(fullwidth(marker), marker)).toBe(true);
    });

    it('the hex part without its prefix', () => {
      expect(containsMarker(`token ${hex} end`, marker)).toBe(true);
    });

    it('the marker between lone surrogates and NUL', () => {
      expect(containsMarker(`\ud800${marker}\udfff\u0000`, marker)).toBe(true);
    });
  });

  describe('does not find', () => {
    it('another marker, a truncated marker, or a marker in an empty text', () => {
      expect(containsMarker(generateMarker(), marker)).toBe(false);
      expect(containsMarker(marker.slice(0, -1), marker)).toBe(false);
      expect(containsMarker('', marker)).toBe(false);
      expect(containsMarker('GK-ECHO-', marker)).toBe(false);
    });

    it('an empty marker or a bare prefix', () => {
      expect(containsMarker('anything', '')).toBe(false);
      expect(containsMarker('GK-ECHO-', 'GK-ECHO-')).toBe(false);
    });

    it('a text that has the digits of the marker but other letters', () => {
      // Folding to upper case before keeping [0-9a-z] would drop every letter and match any text with the same digits.
      const fixed = 'GK-ECHO-0a1b2c3d4e5f60718293a4b5c6d7e8f9';
      const digits = fixed.slice('GK-ECHO-'.length);
      expect(containsMarker(`noted ${digits.replace(/[a-f]/g, 'z')} here`, fixed)).toBe(false);
      expect(containsMarker(`noted ${digits.replace(/[a-f]/g, '')}`, fixed)).toBe(false);
    });
  });
});
