import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { type ScanFailure, scanJson } from './scan-json.js';

const scan = (text: string, maxDepth = 64): ScanFailure | null => scanJson(text, 0, text.length, maxDepth);
const notJson = (position: number, message: string): ScanFailure => ({ code: 'not_json', position, message });
const endOfText = (position: number, expected: string): ScanFailure =>
  notJson(position, `Unexpected end of the text at position ${position}; expected ${expected}.`);
const unexpectedAt = (position: number, what: string, expected: string): ScanFailure =>
  notJson(position, `Unexpected ${what} at position ${position}; expected ${expected}.`);
const unclosed = (position: number, bracket: string, open: number): ScanFailure =>
  notJson(
    position,
    `Unexpected end of the text at position ${position}: "${bracket}" opened at position ${open} is not closed; expected a complete JSON value.`,
  );
const lone = (position: number): ScanFailure =>
  notJson(
    position,
    `Lone surrogate inside a string at position ${position}; expected well-formed UTF-16 (a surrogate pair or none).`,
  );
const badHex = (position: number): ScanFailure =>
  notJson(position, `Invalid \\u escape at position ${position}; expected four hexadecimal digits.`);
const badEscape = (position: number): ScanFailure =>
  notJson(
    position,
    `Invalid escape at position ${position}; expected one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX.`,
  );
const trailing = (position: number, what: string, second = false): ScanFailure => ({
  code: 'trailing_content',
  position,
  message:
    `Unexpected ${what} at position ${position} after the JSON value` +
    (second ? ' (a second JSON value); expected one value only.' : '; expected the end of the text.'),
});

/** Whether `value` holds something the scanner refuses on purpose although JSON.parse takes it. */
function refusedOnPurpose(text: string): boolean {
  const failure = scan(text, 1_000);
  return failure !== null && failure.code !== 'not_json' && failure.code !== 'trailing_content';
}

describe('scanJson', () => {
  describe('accepts', () => {
    it('accepts exactly the texts JSON.parse accepts, apart from the refusals it documents', () => {
      const alphabet = '{}[]":,\\/u0123456789aAeE+-. \n\r\tbfnrtlsx'.split('');
      const jsonish = fc.string({
        unit: fc.constantFrom(...alphabet, '\u0000', '\u00a0', 'ü'),
        maxLength: 40,
      });
      const nearlyJson = fc
        .tuple(
          fc.json({ maxDepth: 3 }),
          fc.nat(),
          fc.constantFrom('', ',', '}', ']', '"', ' ', '0', 'e', '\\'),
        )
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

    it('accepts every literal, number form and whitespace kind JSON allows', () => {
      const accepted = [
        'true',
        'false',
        'null',
        '[true, false, null]',
        ' \t\n\r1 \t\n\r',
        '0',
        '-0',
        '9',
        '-9',
        '10',
        '19',
        '90',
        '[0, 9, -0, 1.0, 0.9, 9.09]',
        '1.5',
        '-0.09',
        '1e5',
        '1E5',
        '1e+5',
        '1e-5',
        '1E+09',
        '0e0',
        '0.5e-3',
        '1e20',
        '1.7976931348623157e308',
        '123456789012345',
        '-12345678901234',
        '-123456789012345',
        '9007199254740991',
        '-9007199254740991',
        '9007199254740992',
        '100000000000000000000',
        '1234567890123456.5',
        '12345678901234567.5',
        '[[], [[]], {}, { }, [ ]]',
        '[1, [2, [3]], {"a": [4]}]',
      ];
      for (const text of accepted) expect(scan(text), text).toBeNull();
    });

    it('accepts every escape, hex digit edge and well-formed surrogate pair in strings', () => {
      const accepted = [
        '"\\" \\\\ \\/ \\b \\f \\n \\r \\t"',
        '"\\""',
        '"\\\\"',
        '"\\/"',
        '"\\b"',
        '"\\f"',
        '"\\n"',
        '"\\r"',
        '"\\t"',
        '"\\u0000"',
        '"\\u0039"',
        '"\\u9090"',
        '"\\uaaaa"',
        '"\\uffff"',
        '"\\uAAAA"',
        '"\\uFFFF"',
        '"\\uFfFf"',
        '"\\ud7ff"',
        '"\\uD7FF"',
        '"\\ue000"',
        '"\\uE000"',
        '"\\ud800\\udc00"',
        '"\\uD800\\uDC00"',
        '"\\udbff\\udfff"',
        '"\\uDBFF\\uDFFF"',
        '"\\uD83D\\uDE00 x"',
        '"\ud83d\ude00"',
        '"\ud800\udc00\udbff\udfff"',
        '"\ud7ff\ue000 \u007f\u00a0~"',
        '"a\\u0041b\\nc"',
      ];
      for (const text of accepted) expect(scan(text), text).toBeNull();
    });

    it('accepts keys that merely resemble forbidden ones, and any key once per object', () => {
      expect(scan('{"Stryker was here": 1, "Stryker was here!": 2, "": 3}')).toBeNull();
      expect(
        scan(
          '{"proto": 1, "__proto": 2, "Constructor": 3, "prototypes": 4, "abcdefghi": 5, "abcdefghijk": 6, "__proto__x": 7}',
        ),
      ).toBeNull();
      expect(scan('{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}], "d": "a"}')).toBeNull();
      expect(scan('{"a": [], "b": {}, "c": 1, "d": []}')).toBeNull();
      expect(scan('["__proto__", "constructor", "prototype", {"x": "__proto__"}]')).toBeNull();
      expect(scan('{"a\\u0062": 1, "ab\\n": 2, "abc": 3}')).toBeNull();
    });
  });

  describe('failures', () => {
    it('names where the text ended and which bracket is still open', () => {
      expect(scan('')).toEqual(endOfText(0, 'a complete JSON value'));
      expect(scan('   ')).toEqual(endOfText(3, 'a complete JSON value'));
      expect(scan('[')).toEqual(unclosed(1, '[', 0));
      expect(scan('[1')).toEqual(unclosed(2, '[', 0));
      expect(scan('[1,')).toEqual(unclosed(3, '[', 0));
      expect(scan('{"a": 1')).toEqual(unclosed(7, '{', 0));
      expect(scan('{"a":')).toEqual(unclosed(5, '{', 0));
      expect(scan('{"a": [1, {"b": 2')).toEqual(unclosed(17, '{', 10));
      expect(scan('{"a": [1, {"b": 2}')).toEqual(unclosed(18, '[', 6));
      expect(scan('{"a": [], "b": [[], {}')).toEqual(unclosed(22, '[', 15));
      expect(scan('{')).toEqual(endOfText(1, 'a double-quoted key'));
      expect(scan('{"a":1,')).toEqual(endOfText(7, 'a double-quoted key'));
      expect(scan('{"a"')).toEqual(endOfText(4, '":"'));
      expect(scan('{"a" ')).toEqual(endOfText(5, '":"'));
    });

    it('names the unexpected token and what was expected instead', () => {
      expect(scan('{"a":1,}')).toEqual(unexpectedAt(7, '"}"', 'a key after "," (no trailing commas)'));
      expect(scan('{"a":1, }')).toEqual(unexpectedAt(8, '"}"', 'a key after "," (no trailing commas)'));
      expect(scan('{,}')).toEqual(unexpectedAt(1, '","', 'a double-quoted key'));
      expect(scan('{"a":1,]')).toEqual(unexpectedAt(7, '"]"', 'a double-quoted key'));
      expect(scan('[1,]')).toEqual(unexpectedAt(3, '"]"', 'a JSON value'));
      expect(scan('[,1]')).toEqual(unexpectedAt(1, '","', 'a JSON value'));
      expect(scan('{"a" 1}')).toEqual(unexpectedAt(5, '"1"', '":"'));
      expect(scan('{"a" ,1}')).toEqual(unexpectedAt(5, '","', '":"'));
      expect(scan('[1}')).toEqual(unexpectedAt(2, '"}"', '"," or "]"'));
      expect(scan('[1 2]')).toEqual(unexpectedAt(3, '"2"', '"," or "]"'));
      expect(scan('{"a": 1]')).toEqual(unexpectedAt(7, '"]"', '"," or "}"'));
      expect(scan('{"a": 1 "b": 2}')).toEqual(unexpectedAt(8, '"\\""', '"," or "}"'));
      expect(scan('[{"a": 1]]')).toEqual(unexpectedAt(8, '"]"', '"," or "}"'));
      expect(scan('{"a": [1}}')).toEqual(unexpectedAt(8, '"}"', '"," or "]"'));
    });

    it('refuses words that only start like true, false or null, and any other start', () => {
      expect(scan('tru')).toEqual(unexpectedAt(0, '"t"', 'a JSON value'));
      expect(scan('nul')).toEqual(unexpectedAt(0, '"n"', 'a JSON value'));
      expect(scan('fals')).toEqual(unexpectedAt(0, '"f"', 'a JSON value'));
      expect(scan('[trux]')).toEqual(unexpectedAt(1, '"t"', 'a JSON value'));
      expect(scan('[truex]')).toEqual(unexpectedAt(5, '"x"', '"," or "]"'));
      expect(scan('[nulL]')).toEqual(unexpectedAt(1, '"n"', 'a JSON value'));
      expect(scan('True')).toEqual(unexpectedAt(0, '"T"', 'a JSON value'));
      expect(scan('x')).toEqual(unexpectedAt(0, '"x"', 'a JSON value'));
      expect(scan('+1')).toEqual(unexpectedAt(0, '"+"', 'a JSON value'));
      expect(scan('[+1]')).toEqual(unexpectedAt(1, '"+"', 'a JSON value'));
      expect(scan('.5')).toEqual(unexpectedAt(0, '"."', 'a JSON value'));
      expect(scan('/')).toEqual(unexpectedAt(0, '"/"', 'a JSON value'));
      expect(scan(':')).toEqual(unexpectedAt(0, '":"', 'a JSON value'));
      expect(scan('a')).toEqual(unexpectedAt(0, '"a"', 'a JSON value'));
      expect(scan('}')).toEqual(unexpectedAt(0, '"}"', 'a JSON value'));
    });

    it('accepts exactly space, tab, LF and CR as whitespace', () => {
      expect(scan('\u000b1')).toEqual(unexpectedAt(0, 'U+000B', 'a JSON value'));
      expect(scan('\u000c1')).toEqual(unexpectedAt(0, 'U+000C', 'a JSON value'));
      expect(scan('\u00a01')).toEqual(unexpectedAt(0, 'U+00A0', 'a JSON value'));
      expect(scan('\u2028')).toEqual(unexpectedAt(0, '"\u2028"', 'a JSON value'));
      expect(scan('[1,\u00a02]')).toEqual(unexpectedAt(3, 'U+00A0', 'a JSON value'));
      expect(scan('{"a"\u00a0:1}')).toEqual(unexpectedAt(4, 'U+00A0', '":"'));
      expect(scan(' \t')).toEqual(endOfText(2, 'a complete JSON value'));
      expect(scan('\n\r')).toEqual(endOfText(2, 'a complete JSON value'));
      expect(scan('[\t1\t,\n2\r]')).toBeNull();
    });

    it('names characters by code point when they are invisible, and quotes printable ones', () => {
      expect(scan('\u0000')).toEqual(unexpectedAt(0, 'U+0000', 'a JSON value'));
      expect(scan('\u001f')).toEqual(unexpectedAt(0, 'U+001F', 'a JSON value'));
      expect(scan('!')).toEqual(unexpectedAt(0, '"!"', 'a JSON value'));
      expect(scan('~')).toEqual(unexpectedAt(0, '"~"', 'a JSON value'));
      expect(scan('\u007f')).toEqual(unexpectedAt(0, 'U+007F', 'a JSON value'));
      expect(scan('\u0085')).toEqual(unexpectedAt(0, 'U+0085', 'a JSON value'));
      expect(scan('\u00a0')).toEqual(unexpectedAt(0, 'U+00A0', 'a JSON value'));
      expect(scan('\u00a1')).toEqual(unexpectedAt(0, '"\u00a1"', 'a JSON value'));
      expect(scan('\ud7ff')).toEqual(unexpectedAt(0, '"\ud7ff"', 'a JSON value'));
      expect(scan('\ud800')).toEqual(unexpectedAt(0, 'U+D800', 'a JSON value'));
      expect(scan('\udfff')).toEqual(unexpectedAt(0, 'U+DFFF', 'a JSON value'));
      expect(scan('\ue000')).toEqual(unexpectedAt(0, '"\ue000"', 'a JSON value'));
      expect(scan('\ufeff1')).toEqual(unexpectedAt(0, 'U+FEFF', 'a JSON value'));
      expect(scan('\ufefe')).toEqual(unexpectedAt(0, '"\ufefe"', 'a JSON value'));
      expect(scan('\ud83d\ude00')).toEqual(unexpectedAt(0, '"\ud83d\ude00"', 'a JSON value'));
      expect(scan('- 1')).toEqual(unexpectedAt(1, '" "', 'a digit'));
    });

    it('refuses content after the value, saying when it is a second value', () => {
      expect(scan('1 2')).toEqual(trailing(2, '"2"'));
      expect(scan('1x')).toEqual(trailing(1, '"x"'));
      expect(scan('1 {')).toEqual(trailing(2, '"{"', true));
      expect(scan('1 [')).toEqual(trailing(2, '"["', true));
      expect(scan('[] []')).toEqual(trailing(3, '"["', true));
      expect(scan('{}{}')).toEqual(trailing(2, '"{"', true));
      expect(scan('{} x')).toEqual(trailing(3, '"x"'));
      expect(scan('{} }')).toEqual(trailing(3, '"}"'));
      expect(scan('"a" "b"')).toEqual(trailing(4, '"\\""'));
      expect(scan('true null')).toEqual(trailing(5, '"n"'));
      expect(scan('1\u00a0')).toEqual(trailing(1, 'U+00A0'));
      expect(scan('1\ufeff')).toEqual(trailing(1, 'U+FEFF'));
      expect(scan('"a"\u0000')).toEqual(trailing(3, 'U+0000'));
    });
  });

  describe('numbers', () => {
    const leadingZero = (position: number): ScanFailure =>
      notJson(position, `Number with a leading zero at position ${position}; expected no leading zeros.`);
    const tooLarge = (position: number, value: string): ScanFailure =>
      notJson(
        position,
        `Number at position ${position} is beyond the range of a double (it would become ${value}); expected a finite number.`,
      );
    const inexact = (position: number, characters: number): ScanFailure =>
      notJson(
        position,
        `Integer at position ${position} (${characters} characters) cannot be held exactly by a double; expected at most 2^53 - 1 or a string.`,
      );

    it('refuses leading zeros at the position of the number, sign included', () => {
      expect(scan('01')).toEqual(leadingZero(0));
      expect(scan('00')).toEqual(leadingZero(0));
      expect(scan('09')).toEqual(leadingZero(0));
      expect(scan('-01')).toEqual(leadingZero(0));
      expect(scan('[00]')).toEqual(leadingZero(1));
      expect(scan('[1, -00.5]')).toEqual(leadingZero(4));
      expect(scan('0x1')).toEqual(trailing(1, '"x"'));
    });

    it('asks for a digit after the sign, the point and the exponent', () => {
      expect(scan('-')).toEqual(endOfText(1, 'a digit'));
      expect(scan('-a')).toEqual(unexpectedAt(1, '"a"', 'a digit'));
      expect(scan('-.5')).toEqual(unexpectedAt(1, '"."', 'a digit'));
      expect(scan('-/')).toEqual(unexpectedAt(1, '"/"', 'a digit'));
      expect(scan('-:')).toEqual(unexpectedAt(1, '":"', 'a digit'));
      expect(scan('--1')).toEqual(unexpectedAt(1, '"-"', 'a digit'));
      expect(scan('1.')).toEqual(endOfText(2, 'a digit after "."'));
      expect(scan('1.e5')).toEqual(unexpectedAt(2, '"e"', 'a digit after "."'));
      expect(scan('1. 5')).toEqual(unexpectedAt(2, '" "', 'a digit after "."'));
      expect(scan('[1.]')).toEqual(unexpectedAt(3, '"]"', 'a digit after "."'));
      expect(scan('1e')).toEqual(endOfText(2, 'a digit in the exponent'));
      expect(scan('1E')).toEqual(endOfText(2, 'a digit in the exponent'));
      expect(scan('1e+')).toEqual(endOfText(3, 'a digit in the exponent'));
      expect(scan('1E-')).toEqual(endOfText(3, 'a digit in the exponent'));
      expect(scan('1ex')).toEqual(unexpectedAt(2, '"x"', 'a digit in the exponent'));
      expect(scan('1e+-1')).toEqual(unexpectedAt(3, '"-"', 'a digit in the exponent'));
      expect(scan('1.5e]')).toEqual(unexpectedAt(4, '"]"', 'a digit in the exponent'));
      expect(scan('1.5.5')).toEqual(trailing(3, '"."'));
      expect(scan('1e5e5')).toEqual(trailing(3, '"e"'));
      expect(scan('1e5.5')).toEqual(trailing(3, '"."'));
    });

    it('refuses numbers beyond a double, naming the infinity they would become', () => {
      expect(scan('1e400')).toEqual(tooLarge(0, 'Infinity'));
      expect(scan('-1e400')).toEqual(tooLarge(0, '-Infinity'));
      expect(scan('[1E+400]')).toEqual(tooLarge(1, 'Infinity'));
      expect(scan('[0, 1.5e309]')).toEqual(tooLarge(4, 'Infinity'));
      expect(scan(`1${'0'.repeat(400)}`)).toEqual(tooLarge(0, 'Infinity'));
      expect(scan(`1${'0'.repeat(400)}.5`)).toEqual(tooLarge(0, 'Infinity'));
      expect(scan('1e-400')).toBeNull(); // underflows to 0, which is finite
    });

    it('refuses integer literals a double would silently change, counting their characters', () => {
      expect(scan('9007199254740993')).toEqual(inexact(0, 16));
      expect(scan('[9007199254740993]')).toEqual(inexact(1, 16));
      expect(scan('-9007199254740993')).toEqual(inexact(0, 17));
      expect(scan('{"id": 12345678901234567890}')).toEqual(inexact(7, 20));
      expect(scan('1234567890123456789')).toEqual(inexact(0, 19));
      // Written with a fraction or an exponent, the value is still that integer (scan-json.numbers.test.ts).
      expect(scan('9007199254740993.0')).toEqual(inexact(0, 18));
      expect(scan('9007199254740993e0')).toEqual(inexact(0, 18));
      expect(scan('12345678901234567e2')).toEqual(inexact(0, 19));
      expect(scan('12345678901234567890.0')).toEqual(inexact(0, 22));
      // Exact although past 2^53: the literal is the double's own shortest form.
      expect(scan('9007199254740992')).toBeNull();
      expect(scan('18014398509481984')).toBeNull();
    });

    it('accepts an integer a double holds exactly, however it prints, and refuses one it would change', () => {
      expect(scan('1000000000000000000000')).toBeNull(); // 10^21: String() prints 1e+21
      expect(scan('-1000000000000000000000')).toBeNull();
      expect(scan('9007199254740992')).toBeNull(); // 2^53
      expect(scan('1000000000000000000001')).toMatchObject({ code: 'not_json', position: 0 });
      expect(scan('[9007199254740993]')).toMatchObject({ code: 'not_json', position: 1 });
    });
  });

  describe('strings', () => {
    it('refuses an unterminated string at the end of the text, naming where it opened', () => {
      expect(scan('"abc')).toEqual(
        notJson(
          4,
          'Unexpected end of the text at position 4: the string opened at position 0 is not closed.',
        ),
      );
      expect(scan('["a", "b\\"]')).toEqual(
        notJson(
          11,
          'Unexpected end of the text at position 11: the string opened at position 6 is not closed.',
        ),
      );
      expect(scan('"\ud83d\ude00')).toEqual(
        notJson(
          3,
          'Unexpected end of the text at position 3: the string opened at position 0 is not closed.',
        ),
      );
      expect(scan('"\\u0041')).toEqual(
        notJson(
          7,
          'Unexpected end of the text at position 7: the string opened at position 0 is not closed.',
        ),
      );
    });

    it('refuses every escape but the nine JSON defines, at the backslash', () => {
      for (const letter of ['q', 'x', 'a', 'B', 'F', 'N', 'R', 'T', 'U', "'", '0', ' ', 'v', 'e'])
        expect(scan(`"ab\\${letter}"`), letter).toEqual(badEscape(3));
      expect(scan('"\\')).toEqual(badEscape(1));
      expect(scan('"\\n\\q"')).toEqual(badEscape(3));
    });

    it('refuses \\u escapes without four hexadecimal digits', () => {
      for (const hex of [
        '/000',
        ':000',
        '`000',
        'g000',
        '@000',
        'G000',
        'WWWW',
        '12G4',
        '000/',
        '000g',
        '00 0',
      ])
        expect(scan(`"\\u${hex}"`), hex).toEqual(badHex(1));
      expect(scan('"\\u00"')).toEqual(badHex(1));
      expect(scan('"\\u004"')).toEqual(badHex(1));
      expect(scan('"\\u')).toEqual(badHex(1));
      expect(scan('"x\\uD83D\\uDE0"')).toEqual(badHex(8));
    });

    it('refuses raw control characters, naming them by code point', () => {
      const control = (position: number, name: string): ScanFailure =>
        notJson(
          position,
          `Raw control character ${name} inside a string at position ${position}; expected it escaped.`,
        );
      expect(scan('"\u0000"')).toEqual(control(1, 'U+0000'));
      expect(scan('"a\u001f"')).toEqual(control(2, 'U+001F'));
      expect(scan('"\n"')).toEqual(control(1, 'U+000A'));
      expect(scan('"\t"')).toEqual(control(1, 'U+0009'));
      expect(scan('"\\n\r"')).toEqual(control(3, 'U+000D'));
      expect(scan('"\ud83d\ude00\u0001"')).toEqual(control(3, 'U+0001'));
    });

    it('refuses lone surrogates, raw or escaped, at the surrogate that is not paired', () => {
      for (const text of ['"\ud800"', '"\udbff"', '"\udc00"', '"\udfff"', '"\\ud800"', '"\\uDBFF"'])
        expect(scan(text), text).toEqual(lone(1));
      for (const text of ['"\\uDC00"', '"\\udfff"', '"\\uDfFf"', '"\\uD800"', '"\\udBfF"'])
        expect(scan(text), text).toEqual(lone(1));
      // A high surrogate followed by anything but a low one, even a low one further on.
      expect(scan('"\ud800a\udc00"')).toEqual(lone(1));
      expect(scan('"\ud800 "')).toEqual(lone(1));
      expect(scan('"\ud800\\n"')).toEqual(lone(1));
      expect(scan('"\ud800\\u0041"')).toEqual(lone(1));
      expect(scan('"\\ud800\\udbff"')).toEqual(lone(1));
      expect(scan('"\\ud800\\ud7ff"')).toEqual(lone(1));
      expect(scan('"\\ud800\\ue000"')).toEqual(lone(1));
      expect(scan('"\ud800\ud800\udc00"')).toEqual(lone(1));
      expect(scan('"\ud800\udbff"')).toEqual(lone(1));
      expect(scan('"\ud800\ue000"')).toEqual(lone(1));
      expect(scan('"x\\ud83d\\ude00\\ud83d"')).toEqual(lone(14));
      // A low surrogate first, and after a complete pair.
      expect(scan('"ab\udc00\ud800"')).toEqual(lone(3));
      expect(scan('"\ud800\udc00\udc00"')).toEqual(lone(3));
      expect(scan('"\\ud800\\udc00\\udc00"')).toEqual(lone(13));
      expect(scan('["ok", {"k\udfff": 1}]')).toEqual(lone(10));
      // Halves written differently pair with nothing: an escaped high then a raw low, a raw high then an escaped low.
      expect(scan('"\\ud83d\ude00"')).toEqual(lone(1));
      expect(scan('"x\\uD83D\udfff"')).toEqual(lone(2));
      expect(scan('"\ud83d\\ude00"')).toEqual(lone(1));
      expect(scan('{"k\\udbff\udc00": 1}')).toEqual(lone(3));
      expect(scan('"\\ud83d\\ude00\ud83d\ude00"')).toBeNull();
    });
  });

  describe('keys', () => {
    const forbidden = (position: number, key: string): ScanFailure => ({
      code: 'forbidden_key',
      position,
      message: `Forbidden key "${key}" at position ${position}; expected no __proto__, constructor or prototype key at any depth.`,
    });
    const duplicate = (position: number, quoted: string): ScanFailure => ({
      code: 'duplicate_key',
      position,
      message: `Duplicate key ${quoted} at position ${position}; expected each key once per object.`,
    });

    // Up to 16 keys an object's keys sit in a list; the 17th moves them into a Set (see passes-quick-scan.test.ts).
    const object = (count: number, extra = ''): string =>
      `{${Array.from({ length: count }, (_, i) => `"k${i}": ${i}`).join(', ')}${extra}}`;

    it('refuses __proto__, constructor and prototype at any depth, also when escaped', () => {
      expect(scan('{"__proto__": 1}')).toEqual(forbidden(1, '__proto__'));
      expect(scan('{"a": {"constructor": 1}}')).toEqual(forbidden(7, 'constructor'));
      expect(scan('[{"prototype": 1}]')).toEqual(forbidden(2, 'prototype'));
      expect(scan('{"a": 1, "__proto__": 1}')).toEqual(forbidden(9, '__proto__'));
      expect(scan('{"\\u005f_proto__": 1}')).toEqual(forbidden(1, '__proto__'));
      expect(scan('{"constru\\u0063tor": 1}')).toEqual(forbidden(1, 'constructor'));
      expect(scan('{"prot\\u006ftype": 1}')).toEqual(forbidden(1, 'prototype'));
    });

    it('refuses a repeated key at the repeat, comparing decoded keys and shortening long ones', () => {
      expect(scan('{"a": 1, "a": 2}')).toEqual(duplicate(9, '"a"'));
      expect(scan('{"a": 1, "\\u0061": 2}')).toEqual(duplicate(9, '"a"'));
      expect(scan('{"\\u0061": 1, "a": 2}')).toEqual(duplicate(14, '"a"'));
      expect(scan('{"": 1, "": 2}')).toEqual(duplicate(8, '""'));
      expect(scan('{"a\\"b": 1, "a\\u0022b": 2}')).toEqual(duplicate(12, '"a\\"b"'));
      expect(scan('{"a": [], "b": {}, "a": 1}')).toEqual(duplicate(19, '"a"'));
      expect(scan('{"a": {"b": 1}, "b": {"b": 1, "b": 2}}')).toEqual(duplicate(30, '"b"'));
      const forty = 'k'.repeat(40);
      expect(scan(`{"${forty}": 1, "${forty}": 2}`)).toEqual(duplicate(48, `"${forty}"`));
      const long = `${'k'.repeat(40)}xyz`;
      expect(scan(`{"${long}": 1, "${long}": 2}`)).toEqual(duplicate(51, `"${forty}…"`));
    });

    it('finds a repeat of every earlier key, on both sides of the switch to a set', () => {
      const keys = Array.from({ length: 40 }, (_, i) => `"k${i}": ${i}`);
      for (const count of [16, 17, 18, 40]) {
        const head = `{${keys.slice(0, count).join(', ')}`;
        expect(scan(`${head}}`)).toBeNull();
        for (let repeat = 0; repeat < count; repeat++) {
          const text = `${head}, "k${repeat}": 0}`;
          expect(scan(text), text).toEqual(duplicate(head.length + 2, `"k${repeat}"`));
        }
      }
    });

    it('counts keys per object, before and after the switch from list to set', () => {
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

  describe('depth', () => {
    const tooDeep = (position: number, maxDepth: number): ScanFailure => ({
      code: 'too_deep',
      position,
      message: `Nesting deeper than maxDepth ${maxDepth} at position ${position}.`,
    });

    it('allows exactly maxDepth open containers of either kind', () => {
      expect(scan('[[]]', 1)).toEqual(tooDeep(1, 1));
      expect(scan('[[]]', 2)).toBeNull();
      expect(scan('{"a": {}}', 1)).toEqual(tooDeep(6, 1));
      expect(scan('{"a": {}}', 2)).toBeNull();
      expect(scan('[[1], {"a": [2]}]', 2)).toEqual(tooDeep(12, 2));
      expect(scan('[[1], {"a": [2]}]', 3)).toBeNull();
      expect(scan('[[], [], [[]]]', 2)).toEqual(tooDeep(10, 2));
      expect(scan('[{}, {}, {}]', 2)).toBeNull();
      expect(scan('{}', 1)).toBeNull();
    });
  });

  describe('regions', () => {
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
    // `end` before the end of the text: what lies after it must not be read.
    it('reads nothing at or after `end`', () => {
      expect(scanJson('[]', 0, 1, 64)).toEqual(unclosed(1, '[', 0));
      expect(scanJson('{}', 0, 1, 64)).toEqual(endOfText(1, 'a double-quoted key'));
      expect(scanJson('{"a":1}', 0, 1, 64)).toEqual(endOfText(1, 'a double-quoted key'));
      expect(scanJson('{"a":1}', 0, 4, 64)).toEqual(endOfText(4, '":"'));
      expect(scanJson('{"a":1,"b":2}', 0, 7, 64)).toEqual(endOfText(7, 'a double-quoted key'));
      expect(scanJson('true', 0, 3, 64)).toEqual(unexpectedAt(0, '"t"', 'a JSON value'));
      expect(scanJson('[1 ]', 0, 2, 64)).toEqual(unclosed(2, '[', 0));
      expect(scanJson('[12]', 0, 2, 64)).toEqual(unclosed(2, '[', 0));
      expect(scanJson('[1.52]', 0, 4, 64)).toEqual(unclosed(4, '[', 0));
      expect(scanJson('[1e52]', 0, 4, 64)).toEqual(unclosed(4, '[', 0));
      expect(scanJson('01', 0, 1, 64)).toBeNull();
      expect(scanJson('-1', 0, 1, 64)).toEqual(endOfText(1, 'a digit'));
      expect(scanJson('1.5', 0, 1, 64)).toBeNull();
      expect(scanJson('1.5', 0, 2, 64)).toEqual(endOfText(2, 'a digit after "."'));
      expect(scanJson('1e5', 0, 1, 64)).toBeNull();
      expect(scanJson('1e+5', 0, 2, 64)).toEqual(endOfText(2, 'a digit in the exponent'));
      expect(scanJson('"\\n"', 0, 2, 64)).toEqual(badEscape(1));
      expect(scanJson('"\\u0041"', 0, 5, 64)).toEqual(badHex(1));
      expect(scanJson('"\\u0041"', 0, 7, 64)).toEqual(
        notJson(
          7,
          'Unexpected end of the text at position 7: the string opened at position 0 is not closed.',
        ),
      );
      expect(scanJson('x[1]', 1, 4, 64)).toBeNull();
      expect(scanJson('x [1] ', 1, 6, 64)).toBeNull();
    });
  });
});
