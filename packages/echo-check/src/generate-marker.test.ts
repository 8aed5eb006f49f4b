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

  it('draws its bits from Web Crypto, through a pool refilled 4 KiB at a time', () => {
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    for (let i = 0; i < 600; i++) generateMarker();
    // 600 markers need 9,600 bytes: two or three refills depending on what the pool held before.
    expect(spy.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(spy.mock.calls.length).toBeLessThanOrEqual(3);
    for (const [array] of spy.mock.calls) expect((array as Uint8Array).byteLength).toBe(4096);
  });

  it('maps each byte to two hex digits (all-0xff and all-zero bytes from Web Crypto)', () => {
    const fill = (value: number) =>
      vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation((array) => {
        (array as Uint8Array).fill(value);
        return array;
      });
    fill(0xff);
    const ones = Array.from({ length: 300 }, generateMarker);
    expect(ones.at(-1)).toBe(`GK-ECHO-${'f'.repeat(32)}`);
    vi.restoreAllMocks();
    fill(0);
    const zeros = Array.from({ length: 300 }, generateMarker);
    expect(zeros.at(-1)).toBe(`GK-ECHO-${'0'.repeat(32)}`);
    vi.restoreAllMocks();
    // Drain the pool the mock filled, so later tests draw real random bytes again.
    const fresh = Array.from({ length: 300 }, generateMarker);
    expect(new Set(fresh.slice(-10)).size).toBe(10);
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
