import { describe, expect, it } from 'vitest';
import { invalidArgument } from '../__fixtures__/invalid-argument.js';
import { excerpt } from '@gk/internal';
import { DecodeError } from './decode-error.js';
import {
  defaultMaxBytes,
  defaultMaxDepth,
  exceedsUtf8Bytes,
  type JsonLimits,
  readJsonText,
  readLimits,
} from './read-json-text.js';

const limits: JsonLimits = { maxBytes: 1024 * 1024, maxDepth: 64 };
const HINT =
  ' The text holds a code fence that does not enclose all of it (prose around it, a second block, or no closing fence); only one complete fence around the whole text is unwrapped.';

const parsedValue = (text: string, bounds: JsonLimits = limits): unknown => {
  const read = readJsonText(text, bounds);
  if (!read.success) throw new Error(`expected success, got ${read.error.code}: ${read.error.message}`);
  return read.value;
};

const errorOf = (text: unknown, bounds: JsonLimits = limits): DecodeError => {
  const read = readJsonText(text as string, bounds);
  if (read.success) throw new Error(`expected a failure, got ${JSON.stringify(read.value)}`);
  expect(read.error).toBeInstanceOf(DecodeError);
  return read.error;
};

/** The error's fields that readJsonText decides, as a plain object. */
const fieldsOf = (text: unknown, bounds: JsonLimits = limits) => {
  const error = errorOf(text, bounds);
  return { code: error.code, message: error.message, position: error.position, excerpt: error.excerpt };
};

describe('exceedsUtf8Bytes', () => {
  /** The limit at which `text` just fits, and one below, where it just does not. */
  const fitsExactly = (text: string, bytes: number): void => {
    expect(new TextEncoder().encode(text).length, text).toBe(bytes);
    expect(exceedsUtf8Bytes(text, bytes), `${text} in ${bytes}`).toBe(false);
    expect(exceedsUtf8Bytes(text, bytes - 1), `${text} in ${bytes - 1}`).toBe(true);
  };

  it('counts 1, 2, 3 and 4 bytes at the edges of each UTF-8 length', () => {
    fitsExactly('ab', 2);
    fitsExactly('\u007f\u007f', 2);
    fitsExactly('\u0080\u0080', 4);
    fitsExactly('\u07ff\u07ff', 4);
    fitsExactly('\u0800\u0800', 6);
    fitsExactly('\ud7ff\ud7ff', 6);
    fitsExactly('\ue000\uffff', 6);
    fitsExactly('a\u00e9\u20ac', 6);
    fitsExactly('\ud83d\ude00', 4);
    fitsExactly('\ud83d\ude00\ud83d\ude00', 8);
    fitsExactly('\ud800\udc00', 4);
    fitsExactly('\udbff\udfff', 4);
    fitsExactly('a\ud83d\ude00b', 6);
  });

  it('counts a lone surrogate as the 3 bytes of U+FFFD, whatever follows it', () => {
    fitsExactly('\ud800', 3);
    fitsExactly('a\ud800', 4);
    fitsExactly('\ud800a', 4);
    fitsExactly('\ud800\u00e9', 5);
    fitsExactly('\ud800\ud800', 6);
    fitsExactly('\ud800\udbff', 6);
    fitsExactly('\ud800\ue000', 6);
    fitsExactly('\udc00\udc00', 6);
    fitsExactly('\udfff\ud800', 6);
    fitsExactly('\u0800\udc00', 6);
    fitsExactly('\ue000\udc00', 6);
    fitsExactly('\ud7ff\udc00', 6);
  });

  it('answers from the length alone when it settles the question', () => {
    expect(exceedsUtf8Bytes('', 1)).toBe(false);
    expect(exceedsUtf8Bytes('abc', 3)).toBe(false);
    expect(exceedsUtf8Bytes('abcd', 3)).toBe(true);
    expect(exceedsUtf8Bytes('\u20ac\u20ac', 6)).toBe(false);
    expect(exceedsUtf8Bytes('\u20ac\u20ac', 100)).toBe(false);
    expect(exceedsUtf8Bytes('\u00e9\u00e9', 3)).toBe(true);
  });
});

describe('readLimits', () => {
  it('fills in the defaults for each missing bound', () => {
    expect(defaultMaxBytes).toBe(1048576);
    expect(defaultMaxDepth).toBe(64);
    expect(readLimits(undefined)).toEqual({ maxBytes: 1048576, maxDepth: 64 });
    expect(readLimits({})).toEqual({ maxBytes: 1048576, maxDepth: 64 });
    expect(readLimits({ maxBytes: 5 })).toEqual({ maxBytes: 5, maxDepth: 64 });
    expect(readLimits({ maxDepth: 3 })).toEqual({ maxBytes: 1048576, maxDepth: 3 });
    expect(readLimits({ maxBytes: 1, maxDepth: 1 })).toEqual({ maxBytes: 1, maxDepth: 1 });
    expect(readLimits({ maxBytes: 2 ** 53 - 1, maxDepth: 2 ** 53 - 1 })).toEqual({
      maxBytes: 2 ** 53 - 1,
      maxDepth: 2 ** 53 - 1,
    });
  });

  it('refuses each bound that is not a positive safe integer, maxBytes first', () => {
    const refusal = (options: object): unknown => {
      try {
        return readLimits(options as { maxBytes?: number; maxDepth?: number });
      } catch (error) {
        return error;
      }
    };
    const bytes = (received: string) =>
      invalidArgument(
        'options.maxBytes',
        `Invalid options.maxBytes: expected a positive integer, received ${received}.`,
      );
    const depth = (received: string) =>
      invalidArgument(
        'options.maxDepth',
        `Invalid options.maxDepth: expected a positive integer, received ${received}.`,
      );
    expect(refusal({ maxBytes: 0 })).toEqual(bytes('number 0'));
    expect(refusal({ maxBytes: -1 })).toEqual(bytes('number -1'));
    expect(refusal({ maxBytes: 1.5 })).toEqual(bytes('number 1.5'));
    expect(refusal({ maxBytes: Number.NaN })).toEqual(bytes('number NaN'));
    expect(refusal({ maxBytes: Number.POSITIVE_INFINITY })).toEqual(bytes('number Infinity'));
    expect(refusal({ maxBytes: 2 ** 53 })).toEqual(bytes('number 9007199254740992'));
    expect(refusal({ maxBytes: '5' })).toEqual(bytes('the string "5"'));
    expect(refusal({ maxDepth: 0 })).toEqual(depth('number 0'));
    expect(refusal({ maxDepth: -3 })).toEqual(depth('number -3'));
    expect(refusal({ maxDepth: 2.5 })).toEqual(depth('number 2.5'));
    expect(refusal({ maxDepth: 2 ** 53 })).toEqual(depth('number 9007199254740992'));
    expect(refusal({ maxDepth: '2' })).toEqual(depth('the string "2"'));
    expect(refusal({ maxBytes: 0, maxDepth: 0 })).toEqual(bytes('number 0'));
    expect(refusal({ maxBytes: 10, maxDepth: 0 })).toEqual(depth('number 0'));
  });
});

describe('readJsonText', () => {
  it('refuses a value that is not a string, naming its type', () => {
    const notString = (received: string) => ({
      code: 'not_json',
      message: `Expected the model output to be a string, received ${received}.`,
      position: undefined,
      excerpt: '',
    });
    expect(fieldsOf(null)).toEqual(notString('null'));
    expect(fieldsOf(undefined)).toEqual(notString('undefined'));
    expect(fieldsOf(5)).toEqual(notString('number'));
    expect(fieldsOf({ a: 1 })).toEqual(notString('object'));
  });

  it('checks the size in UTF-8 bytes first, with an excerpt from the start', () => {
    const tooLarge = (text: string, maxBytes: number) => ({
      code: 'too_large',
      message: `Output is more than maxBytes ${maxBytes} bytes of UTF-8; expected at most that.`,
      position: undefined,
      excerpt: excerpt(text),
    });
    expect(fieldsOf('[1, 2]', { maxBytes: 5, maxDepth: 64 })).toEqual(tooLarge('[1, 2]', 5));
    expect(parsedValue('[1, 2]', { maxBytes: 6, maxDepth: 64 })).toEqual([1, 2]);
    expect(fieldsOf('"\u00e9\u00e9"', { maxBytes: 5, maxDepth: 64 })).toEqual(tooLarge('"\u00e9\u00e9"', 5));
    expect(parsedValue('"\u00e9\u00e9"', { maxBytes: 6, maxDepth: 64 })).toBe('\u00e9\u00e9');
    expect(fieldsOf('       ', { maxBytes: 6, maxDepth: 64 }).code).toBe('too_large');
    const big = `[${'1,'.repeat(200)}1]`;
    expect(fieldsOf(big, { maxBytes: 100, maxDepth: 64 })).toEqual(tooLarge(big, 100));
  });

  it('drops exactly one leading byte order mark', () => {
    expect(parsedValue('\ufeff{"a": 1}')).toEqual({ a: 1 });
    expect(parsedValue('\ufeff12')).toBe(12);
    expect(parsedValue('12')).toBe(12);
    expect(parsedValue(' 12 ')).toBe(12);
    expect(fieldsOf('\ufeff\ufeff1')).toEqual({
      code: 'not_json',
      message: 'Unexpected U+FEFF at position 1; expected a JSON value.',
      position: 1,
      excerpt: '\ufeff\ufeff1',
    });
    expect(fieldsOf('1\ufeff')).toMatchObject({ code: 'trailing_content', position: 1 });
  });

  it('calls blank text empty, counting its characters, for every whitespace kind trim knows', () => {
    const blank = (length: number) => ({
      code: 'empty',
      message: `Output is blank (${length} whitespace characters); expected one JSON value.`,
      position: undefined,
    });
    expect(fieldsOf('')).toEqual({ ...blank(0), excerpt: '' });
    expect(fieldsOf(' \n')).toEqual({ ...blank(2), excerpt: ' \n' });
    expect(fieldsOf('\ufeff')).toMatchObject(blank(1));
    expect(fieldsOf('\ufeff \ufeff')).toMatchObject(blank(3));
    const spaces = [
      '\t',
      '\n',
      '\u000b',
      '\u000c',
      '\r',
      ' ',
      '\u00a0',
      '\u1680',
      '\u2000',
      '\u2005',
      '\u200a',
      '\u2028',
      '\u2029',
      '\u202f',
      '\u205f',
      '\u3000',
      '\ufeff',
    ];
    for (const space of spaces) {
      expect(space.trim(), space.codePointAt(0)?.toString(16)).toBe('');
      expect(fieldsOf(` ${space} `), space.codePointAt(0)?.toString(16)).toMatchObject(blank(3));
    }
    for (const other of ['\u0008', '\u000e', '\u0085', '\u1fff', '\u200b', '\u2027', '\u202e', '\u205e']) {
      expect(fieldsOf(` ${other} `), other.codePointAt(0)?.toString(16)).toMatchObject({
        code: 'not_json',
        position: 1,
      });
    }
    for (const other of ['\u2060', '\u2fff', '\u3001', '\ufefe']) {
      expect(fieldsOf(` ${other} `).code, other.codePointAt(0)?.toString(16)).toBe('not_json');
    }
  });

  it('unwraps one fence, and calls a blank fenced block empty', () => {
    expect(parsedValue('```json\n{"a": [1]}\n```')).toEqual({ a: [1] });
    expect(parsedValue('\ufeff```\n[1, 2]\n```\n')).toEqual([1, 2]);
    expect(parsedValue('~~~JSON\n"x"\n~~~')).toBe('x');
    expect(parsedValue('```json\n{"n": 1e5}\n```')).toEqual({ n: 100000 });
    for (const text of ['```json\n\n```', '```\n \n\t\n```', '~~~\n\u00a0\n~~~']) {
      expect(fieldsOf(text)).toEqual({
        code: 'empty',
        message: 'The fenced block is blank; expected one JSON value inside it.',
        position: undefined,
        excerpt: text,
      });
    }
  });

  it('leaves the refusals JSON.parse does not make to the strict scan', () => {
    expect(fieldsOf('{"a": 1, "a": 2}')).toMatchObject({ code: 'duplicate_key', position: 9 });
    expect(fieldsOf('{"__proto__": {"x": 1}}')).toMatchObject({ code: 'forbidden_key', position: 1 });
    expect(fieldsOf('"\\ud800"')).toMatchObject({ code: 'not_json', position: 1 });
    expect(fieldsOf('[9007199254740993]')).toMatchObject({ code: 'not_json', position: 1 });
    expect(fieldsOf('[[1]]', { maxBytes: 100, maxDepth: 1 })).toEqual({
      code: 'too_deep',
      message: 'Nesting deeper than maxDepth 1 at position 1.',
      position: 1,
      excerpt: '[[1]]',
    });
    expect(parsedValue('[[1]]', { maxBytes: 100, maxDepth: 2 })).toEqual([[1]]);
  });

  it('parses what only the strict scan can clear', () => {
    expect(parsedValue('[1e5, 2E-1]')).toEqual([100000, 0.2]);
    expect(parsedValue('{"a": 9007199254740992}')).toEqual({ a: 9007199254740992 });
    expect(parsedValue('\ufeff[1e2]')).toEqual([100]);
    expect(parsedValue('{"\\u0061": "\\u0062"}')).toEqual({ a: 'b' });
  });

  it('refuses what the quick scan passes but JSON.parse does not, at the scan position', () => {
    expect(fieldsOf('[1,]')).toEqual({
      code: 'not_json',
      message: 'Unexpected "]" at position 3; expected a JSON value.',
      position: 3,
      excerpt: '[1,]',
    });
    expect(fieldsOf('{"a" 1}')).toMatchObject({ code: 'not_json', position: 5 });
    expect(fieldsOf('[1] 2')).toMatchObject({ code: 'trailing_content', position: 4 });
  });

  it('hints at a fence that does not enclose the whole text, only for unfenced syntax errors', () => {
    expect(fieldsOf('Here: ```json\n[1]\n```')).toEqual({
      code: 'not_json',
      message: `Unexpected "H" at position 0; expected a JSON value.${HINT}`,
      position: 0,
      excerpt: 'Here: ```json\n[1]\n```',
    });
    expect(errorOf('[1] ~~~').message).toBe(
      `Unexpected "~" at position 4 after the JSON value; expected the end of the text.`,
    );
    expect(errorOf('x ~~~').message).toBe(`Unexpected "x" at position 0; expected a JSON value.${HINT}`);
    expect(errorOf('x ```').message).toBe(`Unexpected "x" at position 0; expected a JSON value.${HINT}`);
    expect(errorOf('x ``').message).toBe('Unexpected "x" at position 0; expected a JSON value.');
    expect(errorOf('x ~~').message).toBe('Unexpected "x" at position 0; expected a JSON value.');
    expect(errorOf('x').message).toBe('Unexpected "x" at position 0; expected a JSON value.');
    expect(errorOf('```json\n{"a":}\n```').message).toBe(
      'Unexpected "}" at position 13; expected a JSON value.',
    );
  });

  it('explains a fence line inside the enclosing fence as a second fenced block', () => {
    const two = '```json\n{"a": 1}\n```\n\n```json\n{"b": 2}\n```';
    expect(fieldsOf(two)).toEqual({
      code: 'not_json',
      message:
        'A fence line at position 17 inside the enclosing fence: the text holds more than one fenced block; expected exactly one.',
      position: 17,
      excerpt: two,
    });
    // Not fenced as a whole: the scan's own answer, with no fence explanation.
    expect(fieldsOf('{"a": 1}\n```')).toEqual({
      code: 'trailing_content',
      message: 'Unexpected "`" at position 9 after the JSON value; expected the end of the text.',
      position: 9,
      excerpt: '{"a": 1}\n```',
    });
    // Fenced, but the problem is elsewhere than the fence line.
    const elsewhere = '```json\n{"a" 1}\n```\n```';
    expect(fieldsOf(elsewhere)).toMatchObject({ code: 'not_json', position: 13 });
    expect(errorOf(elsewhere).message).toBe('Unexpected "1" at position 13; expected ":".');
  });

  it('cuts the excerpt around the position of the problem', () => {
    const text = `[${'1, '.repeat(100)}x]`;
    const error = errorOf(text);
    expect(error.position).toBe(301);
    expect(error.excerpt).toBe(excerpt(text, { position: 301 }));
    expect(error.excerpt.startsWith('…')).toBe(true);
  });
});
