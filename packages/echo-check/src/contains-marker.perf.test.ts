// Scale: a megabyte of brackets, bounded by CPU time (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { growth } from '../../../tests/adversarial/growth.js';
import { containsMarker } from './contains-marker.js';
import { generateMarker } from './generate-marker.js';
import { cpuNow } from './__fixtures__/cpu-time.js';

describe('containsMarker', () => {
  it('reads 1 MB of brackets in linear time', () => {
    const marker = generateMarker();
    const huge = '[[[['.repeat(256 * 1024);
    const started = cpuNow();
    expect(containsMarker(huge, marker)).toBe(false);
    expect(containsMarker(huge + marker, marker)).toBe(true);
    expect(cpuNow() - started).toBeLessThan(2_000);
  });

  it('reads a run of 10 million hex digits, a dump of numbers, without overflowing the stack', () => {
    // A regular expression over the run (`[…]{16,}`) kept one backtracking entry per character and threw a
    // RangeError (Maximum call stack size exceeded) past about 8 million, far under the 64 Mi characters promised.
    const marker = generateMarker();
    const hex = marker.slice('GK-ECHO-'.length);
    // One of the marker's own digits, so the whole run is one stretch that could hold the marker.
    const run = hex.charAt(0).repeat(10_000_000);
    const started = cpuNow();
    expect(containsMarker(run, marker)).toBe(false);
    expect(containsMarker(run + hex, marker)).toBe(true);
    expect(cpuNow() - started).toBeLessThan(10_000);
  });

  it('grows linearly on markup and references left open or repeated: 8× the text costs well under 20× the time', () => {
    const marker = generateMarker();
    // Numeric references with leading zeros, `<bdo>` tags read attribute by attribute, isolates inside overrides.
    const units = [
      '<b>',
      '<a title="',
      '<!--',
      '</ ',
      '&shy',
      '&zz;',
      '&#0000',
      '&#x000',
      '<bdo a ',
      '<bdo t=">" dir=',
    ];
    // Line breaks inside a `<bdo>` override, and hidden filler inside one, read rendered and reversed.
    const overrides = ['<bdo dir=rtl>a\n<br>', '\u202ea<span hidden>z</span>', '<bdo dir=rtl>a[](#z)'];
    for (const unit of [...units, '\u2067\u202e\u2066\u202c', '\u202ea\u2069', ...overrides]) {
      const make = (n: number) => {
        const text = unit.repeat(n);
        return () => expect(containsMarker(text, marker)).toBe(false);
      };
      expect({ unit, linear: growth(make, 16 * 1024, 20) < 20 }).toEqual({ unit, linear: true });
    }
  }, 180_000);

  it('grows linearly on right-to-left runs, marks, embeddings and isolates: 8× the text costs well under 20× the time', () => {
    const marker = generateMarker();
    // Right-to-left marks between numbers and letters, isolates whose first strong character is read ahead (FSI),
    // embeddings left open, nested overrides, references a page shows as U+FFFD.
    const units = [
      'a\u200f1 ',
      '\u200f1a\n',
      '\u05d0 a1 ',
      '\u2068\u05d0',
      '\u2068a1',
      '\u2068\u2066\u05d0',
      '\u2066\u05d0\u2069',
      '\u202b\u2067\u200fa',
      '\u2069\u202ca\u200f',
      '\u202e\u202a\u200f',
      '\u202e\u202e\u202c',
      '&rlm;1',
      '&#99999999;',
      '&#xD800',
    ];
    for (const unit of units) {
      const make = (n: number) => {
        const text = unit.repeat(n);
        return () => expect(containsMarker(text, marker)).toBe(false);
      };
      expect({ unit, linear: growth(make, 16 * 1024, 20) < 20 }).toEqual({ unit, linear: true });
    }
    // One FSI, then a long run with no strong character; one reference of many digits.
    for (const make of [
      (n: number) => `\u2068${'1 '.repeat(n)}\u05d0`,
      (n: number) => `\u2068\u05d0${'\u2068'.repeat(n)}`,
      (n: number) => `&#${'9'.repeat(n)};`,
    ]) {
      const unit = make(2);
      const run = (n: number) => {
        const text = make(n);
        return () => expect(containsMarker(text, marker)).toBe(false);
      };
      expect({ unit, linear: growth(run, 16 * 1024, 20) < 20 }).toEqual({ unit, linear: true });
    }
  }, 180_000);
});
