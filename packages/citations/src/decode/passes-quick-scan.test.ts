import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { passesQuickScan } from './passes-quick-scan.js';
import { scanJson } from './scan-json.js';

const quick = (text: string, maxDepth = 64): boolean => passesQuickScan(text, 0, text.length, maxDepth);
const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Asserts the documented answer, and that a true answer never contradicts the strict scan. */
function expectQuick(text: string, expected: boolean, maxDepth = 64): void {
  expect(quick(text, maxDepth), text).toBe(expected);
  JSON.parse(text); // every case here is valid JSON: throws otherwise
  if (expected) expect(scanJson(text, 0, text.length, maxDepth), text).toBeNull();
}

describe('passesQuickScan', () => {
  describe('valid JSON it passes', () => {
    it('passes plain, pretty-printed and escaped valid JSON', () => {
      expect(
        quick(JSON.stringify({ a: [1, -2.5, true, false, null], b: { c: 'x "y" \\ \n é 😀' } }, null, 2)),
      ).toBe(true);
      expect(quick('{"a\\"b": 1, "a\\\\": 2, "\\u00e9": 3}')).toBe(true);
    });

    it('passes literals, numbers and every JSON whitespace kind', () => {
      for (const text of [
        'true',
        'null',
        'false',
        '[true, false, null, false]',
        '[false,true]',
        '\t{\n\r"a"\r\n:\t1 }',
        '{"a":\n    [\n        1,\n        2\n    ]\n}',
        '[-1]',
        '[1.5, -0.25]',
        '[0, 9, 10, 19, 90, 99]',
        '[123456789012345]',
        '[-123456789012345]',
        '[999999999999999]',
        '[123456789012345.5]',
        '[0.1234567890123456789]',
        '[1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]',
        '[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]',
        '{}',
        '{ }',
        '[{}, {}, { }]',
        '[]',
      ])
        expectQuick(text, true);
    });

    it('tells strings in arrays and values from keys', () => {
      expectQuick('["a", "a"]', true);
      expectQuick('["__proto__", "constructor", "prototype"]', true);
      expectQuick('[{"a": 1}, {"a": 2}]', true);
      expectQuick('{"a": "a", "b": "a"}', true);
      expectQuick('{"a": ["a", "a"], "b": {"a": 1}}', true);
      expectQuick('{"x": [], "y": {}, "z": 1}', true);
      expectQuick('{"Stryker was here": 1}', true);
      expectQuick('{"proto": 1, "__proto": 2, "Constructor": 3, "prototypes": 4}', true);
    });

    it('skips escaped quotes and backslashes inside strings', () => {
      for (const text of [
        '{"a\\"b": 1}',
        '["\\\\", 1]',
        '["\\\\\\\\", "\\\\\\""]',
        '{"a\\\\": 1, "b": "\\\\"}',
        '["x\\"", "y"]',
        '"\\u0041"',
        '["a", "\\u0041", "b", "c\\n"]',
        '{"\\u0041": "\\u0042", "b": "\\n"}',
        '"\\\\ud800"',
        '["\\ud83d\\ude00", "\\uD800\\uDC00"]',
        '{"\\ud83d\\ude00": 1}',
        '["\ud83d\ude00", "\\n"]',
      ])
        expectQuick(text, true);
    });
  });

  describe('doubts left to the strict scan', () => {
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
        fc.property(
          fc.array(token, { maxLength: 24 }),
          fc.integer({ min: 1, max: 4 }),
          (tokens, maxDepth) => {
            const text = tokens.join('');
            if (quick(text, maxDepth) && parses(text))
              expect(scanJson(text, 0, text.length, maxDepth)).toBeNull();
          },
        ),
        { numRuns: propertyRuns(20_000) },
      );
    });

    it('leaves exponents and numbers with more than 15 digits before the point to the strict scan', () => {
      for (const text of [
        '[9007199254740993.0]',
        '[1234567890123456.5]',
        '[-9007199254740993.00]',
        '[1e5]',
        '[1E5]',
        '[1.5e3]',
        '[0e0]',
        '1e5',
        '[1000000000000000]',
        '[9999999999999999]',
        '[-1000000000000000]',
        '{"a": 12345678901234567890}',
        '[1, 2, 1e400]',
      ])
        expectQuick(text, false);
    });

    it('refuses strings and keys that decode to a lone surrogate, or hold one raw', () => {
      for (const text of [
        '"\\ud800"',
        '"\\uDC00"',
        '["ok", "\\udc00"]',
        '["\\u0041", "x", "\\udbff"]',
        '{"\\ud800": 1}',
        '{"a": 1, "b\\udfff": 2}',
        '{"a": "\\ud83d\\ude00\\ud83d"}',
        '"\ud800"',
        '["\\n", "\udc00"]',
        '{"\ud800": 1}',
      ])
        expectQuick(text, false);
    });

    it('allows exactly maxDepth open containers', () => {
      expectQuick('[[]]', true, 2);
      expectQuick('[[]]', false, 1);
      expectQuick('{"a": {"b": {}}}', true, 3);
      expectQuick('{"a": {"b": {}}}', false, 2);
      expectQuick('[[], [], [[]]]', false, 2);
      expectQuick('[{}, {}, {}]', true, 2);
      expectQuick('{}', true, 1);
    });

    it('gives up (false) rather than looping or reading past the region', () => {
      expect(quick('x')).toBe(false);
      expect(quick('[1, x]')).toBe(false);
      expect(quick('{"abc')).toBe(false);
      expect(quick('"abc')).toBe(false);
      expect(quick('"abc\\"')).toBe(false);
      expect(quick('["abc')).toBe(false);
      expect(quick('["a\\"]')).toBe(false);
      expect(quick('{"a\\"')).toBe(false);
      expect(quick('["\\u12G4"]')).toBe(false);
      expect(quick('{"\\x": 1}')).toBe(false);
      expect(passesQuickScan('"ab"', 0, 3, 64)).toBe(false);
      expect(passesQuickScan('["a\\"", "b"]', 0, 5, 64)).toBe(false);
      expect(passesQuickScan('1e', 0, 1, 64)).toBe(true);
      expect(passesQuickScan('[12345678901234567]', 0, 16, 64)).toBe(true);
      expect(passesQuickScan('x[1, {"a": 2}]y', 1, 14, 64)).toBe(true);
      expect(passesQuickScan('x[1, {"a": 2, "a": 3}]y', 1, 22, 64)).toBe(false);
    });
  });

  describe('keys', () => {
    // Up to 16 keys an object's keys sit in a list; the 17th moves them into a Set. A repeat must be found on
    // both sides of that switch, and a key of another object (or of an array's object) never counts.
    const object = (count: number, extra = ''): string =>
      `{${Array.from({ length: count }, (_, i) => `"k${i}": ${i}`).join(', ')}${extra}}`;

    it('refuses forbidden keys, raw or escaped, first or later, at any depth', () => {
      for (const text of [
        '{"__proto__": 1}',
        '{"constructor": 1}',
        '{"prototype": 1}',
        '{"a": 1, "__proto__": 1}',
        '{"a": 1, "constructor": 1}',
        '{"a": 1, "prototype": 1}',
        '[{"a": {"b": 1, "prototype": 1}}]',
        '{"\\u005f_proto__": 1}',
        '{"a": 1, "constru\\u0063tor": 1}',
        '{"a\\"": 1, "prototype": 1}',
      ])
        expectQuick(text, false);
    });

    it('refuses repeated keys, compared after decoding escapes', () => {
      for (const text of [
        '{"a":1,"a":2}',
        '{"a": 1, "a": 2}',
        '{"a": 1, "\\u0061": 2}',
        '{"\\u0061": 1, "a": 2}',
        '{"a\\"b": 1, "a\\u0022b": 2}',
        '{"": 1, "": 2}',
        '{"x": [], "y": {}, "x": 1}',
        '{"o": {"b": 1}, "b": {"b": 1, "b": 2}}',
        // Whitespace of each kind before a key.
        '{\n  "a": 1,\n  "a": 2\n}',
        '{\r"a": 1,\r"a": 2}',
        '{\r\n"a": 1,\r\n"a": 2}',
        '{\t"a": 1,\t"a": 2}',
        '{ \t\r\n"__proto__": 1}',
      ])
        expectQuick(text, false);
    });

    it('finds a repeat of every earlier key, on both sides of the switch to a set', () => {
      const keys = Array.from({ length: 40 }, (_, i) => `"k${i}": ${i}`);
      for (const count of [16, 17, 18, 40]) {
        const head = `{${keys.slice(0, count).join(', ')}`;
        expectQuick(`${head}}`, true);
        for (let repeat = 0; repeat < count; repeat++) expectQuick(`${head}, "k${repeat}": 0}`, false);
      }
    });

    it('counts keys per object, before and after the switch from list to set', () => {
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
});
