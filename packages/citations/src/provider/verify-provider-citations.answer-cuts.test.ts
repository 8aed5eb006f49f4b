// An answer span is whole words of the answer, as a document span is of its document (ADR 0058): a span that starts
// or ends inside a word or number, between two words the text glues, or between a number and its sign would have the
// claim checks read a fragment the answer does not say (`effective` of `ineffective`, `300` of `7300`).
import { describe, expect, it } from 'vitest';
import { documentOf } from '../__fixtures__/provider-document.js';
import type { ProviderCitation } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

describe('verifyProviderCitations: an answer span that cuts a word', () => {
  const span = (start: number, end: number, citedText: string, extra = {}): ProviderCitation => ({
    document: { index: 0 },
    answer: { start, end, ...extra },
    citedText,
  });
  const codes = (answer: string, citations: ProviderCitation[], text: string) =>
    verifyProviderCitations(answer, citations, [documentOf(text)], { support: {} }).rejected.map(
      (r) => r.code,
    );

  it('refuses a span that starts inside a word (`in|effective`) with answer_out_of_range', () => {
    const answer = 'Aspirin is ineffective for headaches.';
    const text = 'Aspirin is effective for headaches.';
    const result = verifyProviderCitations(
      answer,
      [span(0, 11, 'Aspirin is'), span(13, answer.length, 'effective for headaches.')],
      [documentOf(text)],
      { support: {} },
    );
    expect(result.rejected.map((r) => r.code)).toEqual(['answer_out_of_range']);
    expect(result.rejected[0]!.message).toContain('ineffective');
    expect(result.claims.map((claim) => claim.text)).toEqual(['Aspirin is']);
    expect(codes(answer, [span(13, answer.length, text)], text)).toEqual(['answer_out_of_range']);
  });

  it('refuses a span cut out of a number, glued or beside its sign', () => {
    const text = 'The blue whale weighs about 300 tonnes.';
    for (const answer of [
      'The blue whale weighs about 7300 tonnes.',
      'The blue whale weighs about 1,300 tonnes.',
      'The blue whale weighs about -300 tonnes.',
    ]) {
      const at = answer.indexOf('300');
      expect(codes(answer, [span(at, answer.length, '300 tonnes')], text), answer).toEqual([
        'answer_out_of_range',
      ]);
    }
    const answer = 'The blue whale weighs about 300,000 tonnes.';
    expect(codes(answer, [span(0, 31, text)], text)).toEqual(['answer_out_of_range']);
    const percent = 'Prices rose 20% last year.';
    expect(codes(percent, [span(0, 14, 'Prices rose 20')], 'Prices rose 20 last year.')).toEqual([
      'answer_out_of_range',
    ]);
  });

  it('refuses an insertion point inside a word (file_citation `The sk|y`)', () => {
    const answer = 'The sky is blue.';
    const marker = span(6, 6, 'The sky is blue.', { role: 'marker' });
    expect(codes(answer, [{ ...marker, type: 'file_citation' }], 'The sky is blue.')).toEqual([
      'answer_out_of_range',
    ]);
  });

  it('takes the ends of a part (`within`) as edges, whatever the answer glues to them', () => {
    // Two parts joined with nothing between: `blueGrass` reads as one word, but each part's ends are its own.
    const answer = 'The sky is blue' + 'Grass is green.';
    const text = 'The sky is blue. Grass is green.';
    const part = { start: 15, end: answer.length };
    expect(codes(answer, [span(0, 15, 'Grass is green.', { within: part })], text)).toEqual([]);
    expect(codes(answer, [span(0, 15, 'The sky is blue', { within: { start: 0, end: 15 } })], text)).toEqual(
      [],
    );
    // The same offsets counted from the whole answer cut `blueGrass`; inside a part, a cut is still one.
    expect(codes(answer, [span(15, answer.length, 'Grass is green.')], text)).toEqual([
      'answer_out_of_range',
    ]);
    expect(codes(answer, [span(2, 15, 'Grass is green.', { within: part })], text)).toEqual([
      'answer_out_of_range',
    ]);
  });

  it('accepts honest shapes: segments, link markers, insertion points, text blocks, CJK', () => {
    const text = 'The sky is blue. Grass is green. Prices rose 20% last year.';
    // Gemini segments, sentence by sentence.
    const answer = 'The sky is blue. Grass is green.';
    expect(
      codes(answer, [span(0, 16, 'The sky is blue.'), span(17, answer.length, 'Grass is green.')], text),
    ).toEqual([]);
    // An insertion point at a word's end and after punctuation.
    for (const at of [15, 16]) {
      expect(codes(answer, [span(at, at, 'The sky is blue.', { role: 'marker' })], text), `${at}`).toEqual(
        [],
      );
    }
    // A url_citation around a markdown link right after a word or a sign.
    for (const lead of ['The sky is blue', 'Prices rose 20%']) {
      const linked = `${lead} ([example](https://example.com/)).`;
      const at = lead.length + 1;
      const marker = span(at, linked.length - 1, lead, {
        role: 'marker',
        url: 'https://example.com/',
      });
      expect(codes(linked, [marker], text), lead).toEqual([]);
    }
    // Anthropic text blocks that end mid-sentence at a word boundary.
    const blocks = 'According to the page, the sky is blue and grass is green.';
    const cited = blocks.indexOf('the sky');
    expect(codes(blocks, [span(cited, blocks.indexOf(' and'), 'The sky is blue')], text)).toEqual([]);
    // CJK, cut between any two characters.
    const cjk = '天空是蓝色的。草是绿色的。';
    expect(
      codes(cjk, [span(0, 7, '天空是蓝色的。'), span(2, 6, '蓝色的')], '天空是蓝色的。草是绿色的。'),
    ).toEqual([]);
  });
});
