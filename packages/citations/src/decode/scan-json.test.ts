import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scanJson } from './scan-json.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';

const scan = (text: string, maxDepth = 64) => scanJson(text, 0, text.length, maxDepth);

/** Whether `value` holds something the scanner refuses on purpose although JSON.parse takes it. */
function refusedOnPurpose(text: string): boolean {
  const failure = scan(text, 1_000);
  return failure !== null && failure.code !== 'not_json' && failure.code !== 'trailing_content';
}

describe('scanJson', () => {
  it('accepts exactly the texts JSON.parse accepts, apart from the refusals it documents', () => {
    const alphabet = '{}[]":,\\/u0123456789aAeE+-. \n\r\tbfnrtlsx'.split('');
    const jsonish = fc.string({ unit: fc.constantFrom(...alphabet, '\u0000', '\u00a0', 'ü'), maxLength: 40 });
    const nearlyJson = fc
      .tuple(fc.json({ maxDepth: 3 }), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', ' ', '0', 'e', '\\'))
      .map(
        ([json, at, insert]) =>
          json.slice(0, at % (json.length + 1)) + insert + json.slice(at % (json.length + 1)),
      );
    fc.assert(
      fc.property(fc.oneof(jsonish, nearlyJson, fc.json()), (text) => {
        let parsed = true;
        try {
          JSON.parse(text);
        } catch {
          parsed = false;
        }
        const failure = scan(text, 1_000);
        if (!parsed) expect(failure).not.toBeNull();
        else if (failure !== null)
          expect(refusedOnPurpose(text) || failure.message.includes('double')).toBe(true);
      }),
      { numRuns: propertyRuns(5000) },
    );
  });

  it('scans only the given region and reports positions in the whole text', () => {
    const text = 'xx[1, 2]yy';
    expect(scanJson(text, 2, 8, 64)).toBeNull();
    expect(scanJson(text, 2, 9, 64)).toMatchObject({ code: 'trailing_content', position: 8 });
    expect(scanJson(text, 0, 8, 64)).toMatchObject({ code: 'not_json', position: 0 });
    // A string that closes only after the region ends is unterminated inside it.
    expect(scanJson('"ab"', 0, 3, 64)).toMatchObject({ code: 'not_json', position: 3 });
    expect(scanJson('["ab", "cd"]', 0, 9, 64)?.message).toContain(
      'string opened at position 7 is not closed',
    );
  });

  it('counts depth across arrays and objects', () => {
    expect(scan('{"a": [{"b": []}]}', 4)).toBeNull();
    expect(scan('{"a": [{"b": []}]}', 3)).toMatchObject({ code: 'too_deep', position: 13 });
    expect(scan('[]', 1)).toBeNull();
  });

  it('names the problem and the expectation in its messages', () => {
    expect(scan('')?.message).toBe(
      'Unexpected end of the text at position 0; expected a complete JSON value.',
    );
    expect(scan('{"a" 1}')?.message).toBe('Unexpected "1" at position 5; expected ":".');
    expect(scan('[1}')?.message).toBe('Unexpected "}" at position 2; expected "," or "]".');
    expect(scan('{"a": 1]')?.message).toBe('Unexpected "]" at position 7; expected "," or "}".');
    expect(scan('{1: 2}')?.message).toBe('Unexpected "1" at position 1; expected a double-quoted key.');
    expect(scan('"\\q"')?.message).toContain('Invalid escape at position 1');
    expect(scan('"\\u12G4"')?.message).toContain('Invalid \\u escape at position 1');
  });
});

describe('scanJson key sets', () => {
  // Up to 16 keys an object's keys sit in a list; the 17th moves them into a Set (see passes-quick-scan.test.ts).
  const object = (count: number, extra = ''): string =>
    `{${Array.from({ length: count }, (_, i) => `"k${i}": ${i}`).join(', ')}${extra}}`;
  const scan = (text: string) => scanJson(text, 0, text.length, 64);

  it('finds a repeated key before and after the switch from list to set, at the repeat', () => {
    for (const count of [1, 15, 16, 17, 18, 40]) {
      expect(scan(object(count))).toBeNull();
      const first = object(count, ', "k0": 0');
      expect(scan(first)).toMatchObject({ code: 'duplicate_key', position: first.lastIndexOf('"k0"') });
      const last = object(count, `, "k${count - 1}": 0`);
      expect(scan(last)).toMatchObject({
        code: 'duplicate_key',
        position: last.lastIndexOf(`"k${count - 1}"`),
      });
      const added = object(count, `, "k${count}": 0, "k${count}": 1`);
      expect(scan(added)).toMatchObject({
        code: 'duplicate_key',
        position: added.lastIndexOf(`"k${count}"`),
      });
      expect(scan(object(count, ', "other": {"k0": 0}'))).toBeNull();
      expect(scan(`[${object(count)}, ${object(count)}]`)).toBeNull();
    }
  });
});

describe('scanJson integers past 2^53', () => {
  const scan = (text: string) => scanJson(text, 0, text.length, 64);

  it('accepts an integer a double holds exactly, however it prints, and refuses one it would change', () => {
    expect(scan('1000000000000000000000')).toBeNull(); // 10^21: String() prints 1e+21
    expect(scan('-1000000000000000000000')).toBeNull();
    expect(scan('9007199254740992')).toBeNull(); // 2^53
    expect(scan('1000000000000000000001')).toMatchObject({ code: 'not_json', position: 0 });
    expect(scan('[9007199254740993]')).toMatchObject({ code: 'not_json', position: 1 });
  });
});
