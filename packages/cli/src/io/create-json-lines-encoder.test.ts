import { verifyAnswer } from '@gk/citations';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeTerminalJson } from '../terminal/escape-terminal-text.js';
import { createJsonLinesEncoder } from './create-json-lines-encoder.js';

const decode = (bytes: Uint8Array): string => Buffer.from(bytes).toString('utf8');
const encode = (...values: object[]): string => {
  const encoder = createJsonLinesEncoder(16);
  for (const value of values) encoder.writeLine(value);
  return decode(encoder.take());
};
// JSON.stringify with the controls a terminal acts on escaped too (escapeTerminalJson).
const expected = (...values: object[]): string =>
  values.map((value) => `${escapeTerminalJson(JSON.stringify(value))}\n`).join('');
const TERMINAL_CONTROL = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

// Strings that exercise every branch: escapes, controls, DEL, Latin-1, astral pairs, lone surrogates, long text.
const tricky = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '"',
    '\\',
    '\u0000',
    '\u001f',
    '\u007f',
    '\u00e9',
    '\u2028',
    '\u0085',
    '\u009b',
    '\u202e',
    '\u2066',
    '\u061c',
    '\ud800',
    '\udfff',
    '😀',
    '__proto__',
  ),
  fc
    .tuple(fc.string({ unit: 'binary', maxLength: 8 }), fc.integer({ min: 60, max: 400 }))
    .map(([piece, count]) => `${piece}x`.repeat(count).slice(0, count)),
);

describe('createJsonLinesEncoder', () => {
  it('writes exactly what JSON.stringify writes (terminal controls escaped), line by line, for any JSON-like value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.dictionary(tricky, fc.jsonValue({ maxDepth: 4 }), { maxKeys: 6 }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.array(tricky, { maxLength: 6 }),
        (records, strings) => {
          const values = records.map((record, index) => ({ ...record, strings, again: strings, index }));
          const written = encode(...values);
          expect(written).toBe(expected(...values));
          expect(written).not.toMatch(TERMINAL_CONTROL);
          expect(
            written
              .trimEnd()
              .split('\n')
              .map((line) => JSON.parse(line)),
          ).toEqual(values.map((value) => JSON.parse(JSON.stringify(value))));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes C1 controls, bidi controls and line separators from model text as \\u escapes, the same JSON value', () => {
    const hostile =
      'Water\u009b2J boils \u202eat 100 [1]. x\u009d8;;http://evil\u0007y \u2066\u2069\u061c\u200f\u2028\u007f';
    const value = {
      id: 'q\u009b31m\u202e',
      answer: hostile,
      long: `${'passage text '.repeat(10)}${hostile}`,
      [`key\u202e`]: [hostile, Object(`boxed\u009b`), { toJSON: () => `own\u2067` }],
    };
    const written = encode(value, value);
    expect(written).not.toMatch(TERMINAL_CONTROL);
    expect(written).toContain('Water\\u009b2J boils \\u202eat 100 [1]. x\\u009d8;;http://evil\\u0007y');
    expect(written).toContain('"key\\u202e":');
    expect(written).toBe(expected(value, value));
    expect(JSON.parse(written.split('\n')[1]!)).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('matches JSON.stringify on numbers, left-out members, holes, toJSON, class instances and boxed values', () => {
    class Point {
      constructor(
        public x: number,
        public y: number,
      ) {}
    }
    const keyed = { toJSON: (key: string) => `key:${key}` };
    const value = {
      numbers: [0, -0, 1e21, 1e-7, 2 ** 53 + 2, Number.NaN, Number.POSITIVE_INFINITY, -1.5],
      skipped: undefined,
      fn: () => 1,
      symbol: Symbol('s'),
      list: [undefined, () => 1, Symbol('s'), null, true, false],
      // biome-ignore lint/suspicious/noSparseArray: a hole is what is tested
      holes: [1, , 3],
      date: new Date(0),
      point: new Point(1, 2),
      boxed: [Object(1), Object('s'), Object(false)],
      map: new Map([[1, 2]]),
      keyed,
      nested: { keyed, gone: { toJSON: () => undefined }, last: 1 },
      inList: [keyed, { toJSON: () => undefined }],
      nullPrototype: Object.assign(Object.create(null) as object, { a: 1 }),
      ['__proto__']: 'own',
      '2': 'integer keys first',
      '1': 'in order',
    };
    expect(encode(value)).toBe(expected(value));
  });

  it('writes a long string met again as a copy of the first, within and across lines and after take', () => {
    const text = `${'A passage that is cited more than once. '.repeat(20)}é`;
    const ascii = 'plain ascii text that is long enough to be remembered by the encoder. '.repeat(5);
    const line = { a: text, b: [text, ascii], c: { text, ascii } };
    const encoder = createJsonLinesEncoder(8);
    encoder.writeLine(line);
    encoder.writeLine(line);
    expect(decode(encoder.take())).toBe(expected(line, line));
    encoder.writeLine({ again: ascii, text });
    expect(decode(encoder.take())).toBe(expected({ again: ascii, text }));
  });

  it('encodes a verification as JSON.stringify does (terminal controls escaped)', () => {
    const texts = [
      'Water boils at 100 °C at sea level. “Quoted” text.',
      'A lone \ud800 surrogate, which JSON.stringify escapes.',
      'A tab\there and a "quote".',
    ];
    const passages = texts.map((text, index) => ({
      documentId: `d${index}`,
      chunkId: `d${index}#0`,
      text,
      start: 7,
      end: 7 + text.length,
    }));
    const verification = verifyAnswer(
      'Water boils at 100 °C at sea level [1]. A lone surrogate [2]. A tab [3]. Unsupported [4].',
      passages,
    );
    const value = { id: 'q"1', line: 1, verification, answer: 'x', passages };
    expect(encode(value)).toBe(expected(value));
  });

  it('throws what JSON.stringify throws on a cycle or a BigInt, and keeps nothing of that line', () => {
    const cyclic: Record<string, unknown> = { a: 'x'.repeat(300) };
    cyclic.self = { back: [cyclic] };
    const encoder = createJsonLinesEncoder();
    encoder.writeLine({ before: 1 });
    expect(() => encoder.writeLine(cyclic)).toThrow(
      (() => {
        try {
          JSON.stringify(cyclic);
        } catch (error) {
          return (error as Error).message;
        }
        return 'no error';
      })(),
    );
    expect(() => encoder.writeLine({ big: 1n })).toThrow(TypeError);
    encoder.writeLine({ after: 'x'.repeat(300) });
    expect(decode(encoder.take())).toBe(expected({ before: 1 }, { after: 'x'.repeat(300) }));
  });

  it('writes nothing of a line longer than maxBytes and returns false, stopping soon after the limit', () => {
    const text = 'x'.repeat(1000);
    const encoder = createJsonLinesEncoder();
    expect(encoder.writeLine({ before: 1 }, 13)).toBe(true); // {"before":1} and a newline: 13 bytes
    expect(encoder.writeLine({ short: 2 }, 11)).toBe(false);
    // A million copies of one string: refused after a few of them (a gigabyte written would take seconds).
    const copies = Array.from({ length: 1_000_000 }, () => ({ text }));
    expect(encoder.writeLine({ copies }, 10_000)).toBe(false);
    expect(encoder.writeLine({ copies: copies.slice(0, 3) }, 3100)).toBe(true);
    expect(decode(encoder.take())).toBe(expected({ before: 1 }, { copies: copies.slice(0, 3) }));
  });

  it('returns a buffer of its own, so it can be transferred without touching the next lines', () => {
    const encoder = createJsonLinesEncoder();
    encoder.writeLine({ a: 1 });
    const first = encoder.take();
    expect(first.byteOffset).toBe(0);
    expect(first.buffer.byteLength).toBe(first.length);
    structuredClone(first, { transfer: [first.buffer] });
    encoder.writeLine({ b: 2 });
    expect(decode(encoder.take())).toBe('{"b":2}\n');
  });
});
