import { parseMarkers, verifyAnswer } from '@gk/citations';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ECHO_MARKER_PREFIX, generateMarker } from './generate-marker.js';

// The shape redaction middleware uses for its tokens: `[NAME_n]`.
const REDACTION_TOKEN = /\[[A-Z][A-Z0-9]*_\d+\]/;

describe('generateMarker', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is GK-ECHO- followed by 32 lowercase hex characters', () => {
    for (let i = 0; i < 200; i++) expect(generateMarker()).toMatch(/^GK-ECHO-[0-9a-f]{32}$/);
    expect(ECHO_MARKER_PREFIX).toBe('GK-ECHO-');
  });

  it('draws its bits from Web Crypto, 16 bytes per marker', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    generateMarker();
    expect(spy).toHaveBeenCalledTimes(1);
    expect((spy.mock.calls[0]![0] as Uint8Array).byteLength).toBe(16);
  });

  it('maps each byte to two hex digits (all-zero and all-0xff bytes)', () => {
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementationOnce((array) => {
      (array as Uint8Array).fill(0xff);
      return array;
    });
    expect(generateMarker()).toBe(`GK-ECHO-${'f'.repeat(32)}`);
    vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementationOnce((array) => array);
    expect(generateMarker()).toBe(`GK-ECHO-${'0'.repeat(32)}`);
  });

  it('never repeats over 20,000 calls', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 20_000; i++) seen.add(generateMarker());
    expect(seen.size).toBe(20_000);
  });

  it('is never parsed as a citation marker, alone, in prose, or glued to brackets around it', () => {
    for (let i = 0; i < 500; i++) {
      const marker = generateMarker();
      for (const text of [
        marker,
        `See ${marker}.`,
        `(${marker})`,
        `${marker}${marker}`,
        `${marker} and [${marker}]`,
      ]) {
        expect(parseMarkers(text)).toEqual([]);
      }
    }
    // The same prose with a real marker is parsed, so the assertion above can fail.
    expect(parseMarkers(`See ${generateMarker()} [2].`)).toHaveLength(1);
  });

  it('never has the shape of a redaction token, and is not one even inside brackets', () => {
    for (let i = 0; i < 500; i++) {
      const marker = generateMarker();
      expect(marker).not.toMatch(REDACTION_TOKEN);
      expect(`[${marker}]`).not.toMatch(REDACTION_TOKEN);
    }
    expect('[PERSON_1]').toMatch(REDACTION_TOKEN);
  });

  it('in an answer without [n] markers yields an abstention, never a citation', () => {
    const passages = [{ documentId: 'd', chunkId: 'c', text: 'x', start: 0, end: 1 }];
    expect(verifyAnswer(`The code is ${generateMarker()}.`, passages).citations).toEqual([]);
  });
});
