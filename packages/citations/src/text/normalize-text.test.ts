import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { foldText, normalizeForComparison, normalizeWithMap } from './normalize-text.js';

/** The normalised text and, per normalised unit, its original [start, end). */
function mapped(input: string, ignoreCase = false): { text: string; map: Array<[number, number]> } {
  const { text, originalStart, originalEnd } = normalizeWithMap(input, { ignoreCase });
  expect(originalStart.length).toBe(text.length);
  expect(originalEnd.length).toBe(text.length);
  return { text, map: Array.from(originalStart, (start, i) => [start, originalEnd[i]!]) };
}

/** The map of text whose every unit stands for the original unit at the same offset. */
const identity = (length: number): Array<[number, number]> =>
  Array.from({ length }, (_, i): [number, number] => [i, i + 1]);

const hex = (char: string): string => (char.codePointAt(0) ?? 0).toString(16);

describe('normalizeWithMap', () => {
  it('returns an empty text and map for empty input', () => {
    expect(mapped('')).toEqual({ text: '', map: [] });
    expect(normalizeWithMap('').originalStart).toBeInstanceOf(Uint32Array);
  });

  it('maps printable ASCII one to one, folding case only when asked', () => {
    expect(mapped('AbC d~!')).toEqual({ text: 'AbC d~!', map: identity(7) });
    expect(mapped('AbC d~!', true)).toEqual({ text: 'abc d~!', map: identity(7) });
    expect(mapped('Z@[`{', true).text).toBe('z@[`{');
    expect(normalizeWithMap('AB').text).toBe('AB');
    expect(normalizeWithMap('AB', {}).text).toBe('AB');
    expect(normalizeWithMap('AB', { ignoreCase: 'yes' as unknown as boolean }).text).toBe('AB');
  });

  it('drops ASCII controls and DEL, and turns tab to CR into one space', () => {
    for (const control of ['\u0000', '\u0001', '\u0008', '\u000e', '\u001f', '\u007f'])
      expect(mapped(`a${control}b`), hex(control)).toEqual({
        text: 'ab',
        map: [
          [0, 1],
          [2, 3],
        ],
      });
    for (const space of ['\t', '\n', '\u000b', '\u000c', '\r'])
      expect(mapped(`a${space}b`), hex(space)).toEqual({ text: 'a b', map: identity(3) });
  });

  it('collapses every run of whitespace into one space spanning the run', () => {
    expect(mapped('a  b')).toEqual({
      text: 'a b',
      map: [
        [0, 1],
        [1, 3],
        [3, 4],
      ],
    });
    expect(mapped('a   b').map[1]).toEqual([1, 4]);
    expect(mapped('a b  c')).toEqual({
      text: 'a b c',
      map: [
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 5],
        [5, 6],
      ],
    });
    expect(mapped('a\u00a0\u2028 \tb')).toEqual({
      text: 'a b',
      map: [
        [0, 1],
        [1, 5],
        [5, 6],
      ],
    });
    expect(mapped('a \u00a0b').map).toEqual([
      [0, 1],
      [1, 3],
      [3, 4],
    ]);
    expect(mapped('\u00a0 a')).toEqual({
      text: ' a',
      map: [
        [0, 2],
        [2, 3],
      ],
    });
    expect(mapped(' a')).toEqual({ text: ' a', map: identity(2) });
    expect(mapped('\u00a0\u00a0')).toEqual({ text: ' ', map: [[0, 2]] });
    // A dropped character inside a run leaves it one run.
    expect(mapped('a \u200b b')).toEqual({
      text: 'a b',
      map: [
        [0, 1],
        [1, 4],
        [4, 5],
      ],
    });
    expect(mapped('a\u00a0\u200b\u00a0b').text).toBe('a b');
  });

  it('keeps a space after a character that is not one', () => {
    expect(mapped('\u00e9 b')).toEqual({
      text: 'e\u0301 b',
      map: [
        [0, 1],
        [0, 1],
        [1, 2],
        [2, 3],
      ],
    });
    expect(mapped('\u201cx\u201d y').text).toBe('"x" y');
  });

  it('turns each listed space into a space, NEL included', () => {
    const spaces = [0x85, 0xa0, 0x1680, 0x2000, 0x2005, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000];
    for (const code of spaces) {
      const char = String.fromCharCode(code);
      expect(mapped(`a${char}b`), hex(char)).toEqual({ text: 'a b', map: identity(3) });
    }
  });

  it('drops C1 controls and every invisible character of the shared definition, astral ones included', () => {
    // Default_Ignorable_Code_Point (soft hyphen, CGJ, Mongolian vowel separator, zero-width characters, word
    // joiner and invisible operators, deprecated format characters, variation selectors, BOM, tags) and the bidi
    // controls (ALM, LRM, RLM, embeddings, overrides, isolates).
    const dropped = [
      0x80, 0x84, 0x86, 0x9f, 0xad, 0x034f, 0x061c, 0x115f, 0x17b4, 0x180b, 0x180e, 0x200b, 0x200c, 0x200d,
      0x200e, 0x200f, 0x202a, 0x202c, 0x202e, 0x2060, 0x2061, 0x2065, 0x2066, 0x2069, 0x206a, 0x206f, 0x3164,
      0xfe00, 0xfe0f, 0xfeff, 0xffa0, 0x1bca0, 0x1d173, 0xe0001, 0xe0100, 0xe0fff,
    ];
    for (const code of dropped) {
      const char = String.fromCodePoint(code);
      expect(mapped(`a${char}b`), hex(char)).toEqual({
        text: 'ab',
        map: [
          [0, 1],
          [1 + char.length, 2 + char.length],
        ],
      });
    }
  });

  it('keeps the neighbours of those ranges', () => {
    for (const code of [
      0xa1, 0x034e, 0x0350, 0x061b, 0x061d, 0x180a, 0x1810, 0x2016, 0x2027, 0x2030, 0x205e, 0x3001, 0xfdff,
      0xfefe, 0xff00, 0x1d172, 0x1d17b, 0xe1000,
    ]) {
      const char = String.fromCodePoint(code);
      expect(mapped(`a${char}b`).text, hex(char)).toBe(`a${char}b`);
    }
  });

  it('straightens single and double quotes and primes, and unifies dashes and minus', () => {
    const expected: Array<[number, string]> = [
      [0x2018, "'"],
      [0x2019, "'"],
      [0x201a, "'"],
      [0x201b, "'"],
      [0x2032, "'"],
      [0x201c, '"'],
      [0x201d, '"'],
      [0x201e, '"'],
      [0x201f, '"'],
      [0x2033, '"'],
      [0x2010, '-'],
      [0x2011, '-'],
      [0x2013, '-'],
      [0x2015, '-'],
      [0x2212, '-'],
    ];
    for (const [code, out] of expected) {
      const char = String.fromCharCode(code);
      expect(mapped(`a${char}b`), hex(char)).toEqual({ text: `a${out}b`, map: identity(3) });
      expect(mapped(`A${char}B`, true).text, hex(char)).toBe(`a${out}b`);
    }
  });

  it('reads look-alike dashes and signs as the sign, after NFKD: superscript, subscript, small and full-width forms too', () => {
    const expected: Array<[string, string]> = [
      ['\u207b\u208b\ufe58\ufe63\uff0d\ufe31\ufe32\u2796\u02d7\u00af\u2012\u2e3a\u058a\u05be', '-'],
      ['\u207a\u208a\ufe62\uff0b\u2795\u02d6', '+'],
      ['\u223c\u02dc\uff5e\u2053\u301c', '~'],
      ['\u2243\u2245', '\u2248'],
      ['\u2266\u2a7d', '\u2264'],
      ['\u2267\u2a7e', '\u2265'],
      ['\u02c2\ufe64\uff1c', '<'],
      ['\u02c3\ufe65\uff1e', '>'],
      ['\u207c\uff1d\ua78a', '='],
      ['\u066a\u2052\ufe6a\uff05', '%'],
      ['\u0609', '\u2030'],
      ['\u060a', '\u2031'],
      ['\u02da\u2218\u2e30\u25e6', '\u00b0'],
      ['\u266f\u2116\uff03', '#'],
      ['\u2044\u2215', '/'],
      ['\u2236', ':'],
      ['\u22c5\u2219\u0387', '\u00b7'],
    ];
    for (const [chars, out] of expected)
      for (const char of chars) {
        expect(mapped(`a${char}b`), hex(char)).toEqual({ text: `a${out}b`, map: identity(3) });
        expect(normalizeForComparison(`A${char}B`), hex(char)).toBe(`a${out}b`);
      }
  });

  it('decomposes other characters (NFKD), every unit mapping back to the whole character', () => {
    expect(mapped('\u00c9t\u00e9')).toEqual({
      text: 'E\u0301te\u0301',
      map: [
        [0, 1],
        [0, 1],
        [1, 2],
        [2, 3],
        [2, 3],
      ],
    });
    expect(mapped('\u00c9t\u00c9', true).text).toBe('e\u0301te\u0301');
    expect(mapped('\u00c0B', true).text).toBe('a\u0300b');
    expect(mapped('x\ufb03y')).toEqual({
      text: 'xffiy',
      map: [
        [0, 1],
        [1, 2],
        [1, 2],
        [1, 2],
        [2, 3],
      ],
    });
  });

  it('keeps astral characters whole and lone surrogates as themselves', () => {
    expect(mapped('x\ud83d\ude00y')).toEqual({
      text: 'x\ud83d\ude00y',
      map: [
        [0, 1],
        [1, 3],
        [1, 3],
        [3, 4],
      ],
    });
    expect(mapped('\ud835\udc00b')).toEqual({
      text: 'Ab',
      map: [
        [0, 2],
        [2, 3],
      ],
    });
    expect(mapped('\ud835\udc00B', true).text).toBe('ab');
    expect(mapped('x\uffffy')).toEqual({ text: 'x\uffffy', map: identity(3) });
    expect(mapped('\uffff')).toEqual({ text: '\uffff', map: identity(1) });
    expect(mapped('a\ud800b\udc00')).toEqual({ text: 'a\ud800b\udc00', map: identity(4) });
    expect(mapped('\udc00\ud800', true)).toEqual({ text: '\udc00\ud800', map: identity(2) });
  });

  it('grows the map past the input length + 16 when characters expand', () => {
    const ligatures = mapped('\ufb01'.repeat(40));
    expect(ligatures.text).toBe('fi'.repeat(40));
    expect(ligatures.map).toEqual(
      Array.from({ length: 80 }, (_, i): [number, number] => [i >> 1, (i >> 1) + 1]),
    );
    for (const count of [16, 17, 18, 19]) {
      const wide = mapped(`${'\ufb01'.repeat(count)}\u00a0x`);
      expect(wide.text).toBe(`${'fi'.repeat(count)} x`);
      expect(wide.map.slice(-3)).toEqual([
        [count - 1, count],
        [count, count + 1],
        [count + 1, count + 2],
      ]);
    }
    const thenAscii = mapped(`${'\ufb01'.repeat(20)}${'a'.repeat(100)}`);
    expect(thenAscii.text).toBe(`${'fi'.repeat(20)}${'a'.repeat(100)}`);
    expect(thenAscii.map.slice(38)).toEqual([
      [19, 20],
      [19, 20],
      ...Array.from({ length: 100 }, (_, i): [number, number] => [20 + i, 21 + i]),
    ]);
    const triple = mapped('\ufb03'.repeat(30), true);
    expect(triple.text).toBe('ffi'.repeat(30));
    expect(triple.map[89]).toEqual([29, 30]);
  });
  it('maps every normalised unit inside the original, in order (property)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), fc.boolean(), (input, ignoreCase) => {
        const { text, originalStart, originalEnd } = normalizeWithMap(input, { ignoreCase });
        expect(originalStart.length).toBe(text.length);
        for (let i = 0; i < text.length; i++) {
          expect(originalStart[i]!).toBeLessThan(originalEnd[i]!);
          expect(originalEnd[i]!).toBeLessThanOrEqual(input.length);
          if (i > 0) expect(originalStart[i]!).toBeGreaterThanOrEqual(originalStart[i - 1]!);
        }
      }),
    );
  });

  it('maps a long text of short ASCII runs between other spaces one to one', () => {
    // 120 000 units: a scan that restarted at every character, or a map copied at every run, would not finish.
    const input = 'ab\u00a0'.repeat(30_000) + 'x'.repeat(30_000);
    const { text, originalStart, originalEnd } = normalizeWithMap(input);
    expect(text).toBe('ab '.repeat(30_000) + 'x'.repeat(30_000));
    expect(originalStart.length).toBe(120_000);
    expect(originalStart[89_999]).toBe(89_999);
    expect(originalEnd[119_999]).toBe(120_000);
  });
});

describe('normalizeForComparison', () => {
  it('lower-cases and trims plain printable ASCII', () => {
    expect(normalizeForComparison('The RATE rose.')).toBe('the rate rose.');
    expect(normalizeForComparison(' A B ')).toBe('a b');
    expect(normalizeForComparison('')).toBe('');
    expect(normalizeForComparison('~')).toBe('~');
  });

  it('folds case, compatibility forms, quotes, dashes and spaces on both paths', () => {
    expect(normalizeForComparison('  The  RATE\nrose ')).toBe('the rate rose');
    expect(normalizeForComparison('\ufb01ne \u201cR\u00c9SUM\u00c9\u201d \u2013 \u00a0x\u200b')).toBe(
      'fine "résumé" - x',
    );
  });

  it('collapses ASCII whitespace runs and drops ASCII controls', () => {
    const cases: Array<[string, string]> = [
      ['A  B', 'a b'],
      ['A   B', 'a b'],
      ['A    B', 'a b'],
      ['A\tB', 'a b'],
      ['A\nB', 'a b'],
      ['A\u000bB', 'a b'],
      ['A\u000cB', 'a b'],
      ['A\rB', 'a b'],
      ['A\r\nB', 'a b'],
      ['A\t\tB', 'a b'],
      ['a \t b', 'a b'],
      ['a\t b', 'a b'],
      ['a \r b', 'a b'],
      ['a\r b', 'a b'],
      ['a \n\u000b\u000c b', 'a b'],
      ['a\u0000b', 'ab'],
      ['a\u0008b', 'ab'],
      ['a\u000eb', 'ab'],
      ['a\u001fb', 'ab'],
      ['a\u007fb', 'ab'],
      ['a \u0000 b', 'a b'],
      [' \tA\n', 'a'],
      ['\u0001', ''],
      ['\t', ''],
    ];
    for (const [input, expected] of cases)
      expect(normalizeForComparison(input), JSON.stringify(input)).toBe(expected);
  });

  it('gives ASCII text the same key on the plain and the collapsing path (property)', () => {
    // The reference: lower-case, drop controls, collapse every whitespace run to one space, trim.
    const reference = (s: string): string =>
      s
        .toLowerCase()
        .replace(/[\x00-\x08\x0e-\x1f\x7f]/g, '')
        .replace(/[\t-\r ]+/g, ' ')
        .trim();
    const ascii = fc.string({
      unit: fc.constantFrom('a', 'B', ' ', '  ', '\t', '\n', '\r', '.', '[1]', '\x00', '\x7f', '~', 'Z'),
      maxLength: 40,
    });
    fc.assert(fc.property(ascii, (s) => normalizeForComparison(s) === reference(s)));
    expect(normalizeForComparison(' Water  boils. ')).toBe('water boils.');
    expect(normalizeForComparison('Water boils.')).toBe('water boils.');
    expect(normalizeForComparison('a \t b')).toBe('a b');
  });

  it('applies NFKC, drops invisible characters and unifies quotes, dashes and spaces in other text', () => {
    expect(normalizeForComparison('\ufb01')).toBe('fi');
    expect(normalizeForComparison('\u00c9COLE')).toBe('\u00e9cole');
    expect(normalizeForComparison(' \u00e9\u00a0\u00a0x\u3000')).toBe('\u00e9 x');
    expect(normalizeForComparison('\u00e9\t\n x')).toBe('\u00e9 x');
    expect(normalizeForComparison('\u00e9\u2028\u2029\u1680x')).toBe('\u00e9 x');
    const cases: Array<[number, string]> = [
      [0x00, ''],
      [0x08, ''],
      [0x0e, ''],
      [0x1f, ''],
      [0x7f, ''],
      [0x80, ''],
      [0x84, ''],
      [0x86, ''],
      [0x9f, ''],
      [0xad, ''],
      [0x034f, ''],
      [0x061c, ''],
      [0x180e, ''],
      [0x200b, ''],
      [0x200f, ''],
      [0x202a, ''],
      [0x202e, ''],
      [0x2060, ''],
      [0x2069, ''],
      [0x206a, ''],
      [0x3164, ''],
      [0xfe0f, ''],
      [0xfeff, ''],
      [0xffa0, ''],
      [0xe0001, ''],
      [0x2018, "'"],
      [0x201b, "'"],
      [0x2032, "'"],
      [0x201c, '"'],
      [0x201f, '"'],
      [0x2010, '-'],
      [0x2015, '-'],
      [0x2212, '-'],
      [0xac, '\u00ac'],
      [0x061b, '\u061b'],
      [0x061d, '\u061d'],
      [0x2016, '\u2016'],
      [0x2020, '\u2020'],
      [0x2031, '\u2031'],
      [0x2211, '\u2211'],
      [0x2213, '\u2213'],
    ];
    for (const [code, out] of cases) {
      const char = String.fromCodePoint(code);
      expect(normalizeForComparison(`\u00e9${char}X`), hex(char)).toBe(`\u00e9${out}x`);
    }
  });

  it('drops invisible characters before NFKC, so one cannot keep a letter and its accent apart', () => {
    expect(normalizeForComparison('cafe\u200b\u0301')).toBe('caf\u00e9');
    expect(normalizeForComparison('cafe\u0301')).toBe(normalizeForComparison('caf\u00e9'));
  });

  it('agrees with the normalised map on text without compatibility forms', () => {
    for (const input of ['A \u201cB\u201d \u2013 c', 'x\u00a0\u00a0y\u200bz', 'Caf\u00e9 \u2018ok\u2019']) {
      expect(normalizeForComparison(input)).toBe(
        normalizeWithMap(input, { ignoreCase: true }).text.normalize('NFKC').trim(),
      );
    }
  });
});

describe('the characters normalisation drops', () => {
  it('are the controls and the shared invisible characters, on both paths, and nothing next to them', () => {
    const dropped = [
      0x00, 0x08, 0x0e, 0x1f, 0x7f, 0x80, 0x84, 0x86, 0x9f, 0xad, 0x034f, 0x061c, 0x180e, 0x200b, 0x200f,
      0x202a, 0x202e, 0x2060, 0x2069, 0x206a, 0xfe0f, 0xfeff, 0xe0001,
    ];
    const kept = [0x41, 0x7e, 0xac, 0xae, 0x034e, 0x061b, 0x061d, 0x2010, 0xfefe, 0xff00];
    for (const code of dropped) {
      const char = String.fromCodePoint(code);
      expect(normalizeWithMap(`a${char}b`).text, hex(char)).toBe('ab');
      expect(normalizeForComparison(`a${char}b`), hex(char)).toBe('ab');
    }
    for (const code of kept) {
      const char = String.fromCodePoint(code);
      expect(normalizeWithMap(`a${char}b`).text.length, hex(char)).toBeGreaterThan(2);
      expect(normalizeForComparison(`a${char}b`).length, hex(char)).toBeGreaterThan(2);
    }
  });
});

describe('foldText', () => {
  it('is the text normalizeWithMap writes with ignoreCase, without the map (property)', () => {
    const piece = fc.constantFrom(
      'A',
      'b',
      ' ',
      '\t\n',
      '\u00a0',
      '\u3000',
      '\u200b',
      '\u0001',
      '\u0085',
      '\u0090',
      '\u00c9',
      'e\u0301',
      '\ufb01',
      '\u201c',
      '\u2014',
      '\u2212',
      '\ud83d\ude00',
      '\ud800',
      '\u0130',
      '[',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join('');
        expect(foldText(text)).toBe(normalizeWithMap(text, { ignoreCase: true }).text);
      }),
      { numRuns: propertyRuns(500) },
    );
  });
});
