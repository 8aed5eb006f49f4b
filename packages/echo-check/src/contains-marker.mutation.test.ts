import { describe, expect, it } from 'vitest';
import { containsMarker } from './contains-marker.js';

// Pins that letters of the marker count, not only its digits (mutation testing): folding to upper case before
// keeping [0-9a-z] would drop every letter and match any text with the same digits.

const MARKER = 'GK-ECHO-0a1b2c3d4e5f60718293a4b5c6d7e8f9';

describe('containsMarker (mutation-pinned)', () => {
  it('does not match a text that has the digits of the marker but other letters', () => {
    const digitsOnly = MARKER.slice('GK-ECHO-'.length).replace(/[a-f]/g, 'z');
    expect(containsMarker(`noted ${digitsOnly} here`, MARKER)).toBe(false);
    expect(containsMarker(`noted ${MARKER.slice('GK-ECHO-'.length).replace(/[a-f]/g, '')}`, MARKER)).toBe(
      false,
    );
  });

  it('matches the marker in upper case, lower case and split by punctuation', () => {
    expect(containsMarker(`x ${MARKER.toUpperCase()} y`, MARKER)).toBe(true);
    expect(containsMarker(`x ${MARKER.toLowerCase()} y`, MARKER)).toBe(true);
    const hex = MARKER.slice('GK-ECHO-'.length);
    expect(containsMarker(`${hex.slice(0, 7)} - ${hex.slice(7).toUpperCase()}`, MARKER)).toBe(true);
  });
});
