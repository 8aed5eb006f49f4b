import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cpuNow } from '../../../packages/citations/src/__fixtures__/cpu-time.js';
import { chunkDocument } from './chunk-document.js';
import { loadLicences } from './load-licences.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function expectExact(document: string, maxChars = 1000): void {
  const chunks = chunkDocument(document, { maxChars, minChars: Math.floor(maxChars / 2) });
  let previousEnd = 0;
  for (const chunk of chunks) {
    expect(document.slice(chunk.start, chunk.end)).toBe(chunk.text);
    expect(chunk.start).toBeGreaterThanOrEqual(previousEnd);
    expect(chunk.end).toBeGreaterThan(chunk.start);
    expect(chunk.end - chunk.start).toBeLessThanOrEqual(maxChars);
    expect(chunk.text.trim()).toBe(chunk.text);
    previousEnd = chunk.end;
  }
  // Nothing but whitespace is left out between chunks.
  const covered = chunks.map((chunk) => chunk.text).join('');
  expect(covered.replace(/\s/g, '')).toBe(document.replace(/\s/g, ''));
}

describe('chunkDocument', () => {
  it('keeps short paragraphs together and cuts between paragraphs', () => {
    const para = (n: number): string => `Paragraph ${n} ${'word '.repeat(60).trim()}.`;
    const document = [1, 2, 3, 4, 5].map(para).join('\n\n');
    const chunks = chunkDocument(document, { maxChars: 700, minChars: 300 });
    expect(chunks.map((chunk) => chunk.text.split('\n\n').length)).toEqual([2, 2, 1]);
    expect(chunks[1]?.text.startsWith('Paragraph 3')).toBe(true);
    expectExact(document, 700);
  });

  it('cuts an over-long paragraph at a sentence end', () => {
    const sentence = 'The licensee shall keep this notice intact in every copy. ';
    const document = sentence.repeat(40).trim();
    const chunks = chunkDocument(document, { maxChars: 500, minChars: 200 });
    expect(chunks.length).toBeGreaterThan(4);
    for (const chunk of chunks) expect(chunk.text.endsWith('copy.')).toBe(true);
    expectExact(document, 500);
  });

  it('returns no chunk for empty or whitespace-only documents', () => {
    expect(chunkDocument('')).toEqual([]);
    expect(chunkDocument(' \n\n\t \n ')).toEqual([]);
  });

  it('cuts a 1 MB string without whitespace into bounded pieces in linear time', () => {
    const document = 'x'.repeat(1_000_000);
    const began = cpuNow();
    const chunks = chunkDocument(document);
    expect(cpuNow() - began).toBeLessThan(5_000);
    expect(chunks).toHaveLength(1000);
    expectExact(document);
  });

  it('never splits a surrogate pair', () => {
    const document = '😀'.repeat(1200);
    const chunks = chunkDocument(document, { maxChars: 101 });
    for (const chunk of chunks) {
      expect(LONE_SURROGATE.test(chunk.text)).toBe(false);
    }
    expectExact(document, 101);
  });

  it('keeps NUL, zero-width, right-to-left characters and lone surrogates exactly where they are', () => {
    const document = `a\u0000b\u200b c\u202e d\ud800 e\n\n${'[[[['.repeat(500)}\n\n\udc00 end`;
    expectExact(document, 300);
    expect(chunkDocument(document, { maxChars: 300 }).at(-1)?.text.endsWith('[[[[\n\n\udc00 end')).toBe(true);
  });

  it('has exact offsets for arbitrary text (property)', () => {
    const pieces = fc.constantFrom(
      'word',
      ' ',
      '\n',
      '\n\n',
      '. ',
      '"',
      ')',
      '\t',
      '😀',
      '\ud800',
      'é',
      '[1]',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 400 }), fc.integer({ min: 1, max: 120 }), (parts, max) => {
        expectExact(parts.join(''), max);
      }),
      { numRuns: 300 },
    );
  });

  it('chunks every licence in the corpus with exact offsets', () => {
    const licences = loadLicences();
    expect(licences.length).toBeGreaterThan(600);
    let chunks = 0;
    for (const licence of licences) {
      for (const chunk of chunkDocument(licence.text)) {
        chunks++;
        expect(licence.text.slice(chunk.start, chunk.end)).toBe(chunk.text);
        expect(chunk.text.length).toBeLessThanOrEqual(1000);
      }
    }
    expect(chunks).toBeGreaterThan(5000);
  }, 120_000);
});
