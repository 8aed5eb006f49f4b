import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passesQuickScan } from './passes-quick-scan.js';
import { scanJson } from './scan-json.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';

const quick = (text: string, maxDepth = 64): boolean => passesQuickScan(text, 0, text.length, maxDepth);
const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe('passesQuickScan', () => {
  it('passes plain, pretty-printed and escaped valid JSON', () => {
    expect(
      quick(JSON.stringify({ a: [1, -2.5, true, false, null], b: { c: 'x "y" \\ \n é 😀' } }, null, 2)),
    ).toBe(true);
    expect(quick('{"a\\"b": 1, "a\\\\": 2, "\\u00e9": 3}')).toBe(true);
  });

  it('doubts every input the strict scan refuses though JSON.parse accepts it', () => {
    const refused = [
      '{"a": 1, "a": 2}',
      '{"a": 1, "\\u0061": 2}',
      '{"b": {"a": 1}, "c": [{"a": 1, "d": 0, "a": 3}]}',
      '{"__proto__": {}}',
      '[{"x": {"constructor": 1}}]',
      '{"\\u005f_proto__": 1}',
      '{"prototype": 1}',
      '"\\ud800"',
      '{"\\udc00": 1}',
      '"\ud800"',
      '12345678901234567890',
      '[1e400]',
      '[[[1]]]',
    ];
    for (const text of refused) {
      expect(parses(text), text).toBe(true);
      expect(scanJson(text, 0, text.length, 2) ?? scanJson(text, 0, text.length, 64), text).not.toBeNull();
      expect(quick(text, 2), text).toBe(false);
    }
    const manyKeys = `{${Array.from({ length: 40 }, (_, i) => `"k${i}": ${i}`).join(',')}, "k7": 0}`;
    expect(quick(manyKeys)).toBe(false);
  });

  it('never passes text that JSON.parse accepts and the strict scan refuses (fuzzed tokens)', () => {
    const token = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      ',',
      ':',
      ' ',
      '\n',
      '"a"',
      '"b"',
      '"a\\u0062"',
      '"\\u0061"',
      '"__proto__"',
      '"\\"',
      '"\\\\"',
      '"\\ud800"',
      '"\\udc00"',
      '1',
      '-0.5',
      '1e5',
      '12345678901234567',
      'true',
      'null',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 24 }), fc.integer({ min: 1, max: 4 }), (tokens, maxDepth) => {
        const text = tokens.join('');
        if (quick(text, maxDepth) && parses(text))
          expect(scanJson(text, 0, text.length, maxDepth)).toBeNull();
      }),
      { numRuns: propertyRuns(20_000) },
    );
  });

  it('runs in linear time on many strings after one \\u escape', () => {
    const text = `[${'"a",'.repeat(200_000)}"\\u0041"]`;
    const started = process.cpuUsage();
    expect(quick(text)).toBe(true);
    const used = process.cpuUsage(started);
    expect((used.user + used.system) / 1000).toBeLessThan(2_000);
  });
});

describe('passesQuickScan key sets', () => {
  // Up to 16 keys an object's keys sit in a list; the 17th moves them into a Set. A repeat must be found on
  // both sides of that switch, and a key of another object (or of an array's object) never counts.
  const object = (count: number, extra = ''): string =>
    `{${Array.from({ length: count }, (_, i) => `"k${i}": ${i}`).join(', ')}${extra}}`;
  const quick = (text: string): boolean => passesQuickScan(text, 0, text.length, 64);

  it('finds a repeated key before and after the switch from list to set', () => {
    for (const count of [1, 15, 16, 17, 18, 40]) {
      expect(quick(object(count))).toBe(true);
      expect(quick(object(count, ', "k0": 0'))).toBe(false);
      expect(quick(object(count, `, "k${count - 1}": 0`))).toBe(false);
      expect(quick(object(count, `, "k${count}": 0, "k${count}": 1`))).toBe(false);
      expect(quick(object(count, `, "other": {"k0": 0}`))).toBe(true);
      expect(quick(`[${object(count)}, ${object(count)}]`)).toBe(true);
    }
  });
});
