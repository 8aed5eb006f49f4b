// A soft hyphen at a line break inside one block (or a document without blocks or pages) joins the two halves of a
// word, as a page shows it and verifyAnswer reads a passage (`exam\u00ad\nple` is `example`), so a cited text that
// writes the word whole is found, whatever its case. Across a block or page boundary the halves stay apart: whether
// the blocks are lines of one paragraph the document does not say (`7\u00ad` · `300` is not `7300`).
import { describe, expect, it } from 'vitest';
import { blocksDocument, documentOf } from '../__fixtures__/provider-document.js';
import type { ProviderCitation, ProviderDocument, ProviderLocation } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const CLAIM = 'This is an example of care.';

/** `claim` citing `document` with `citedText` (and `location`): the accepted texts and the rejection codes. */
function check(document: ProviderDocument, citedText: string, location?: ProviderLocation, claim = CLAIM) {
  const citation: ProviderCitation = {
    type: 'char_location',
    document: { index: 0 },
    answer: { start: 0, end: claim.length },
    ...(location === undefined ? {} : { location }),
    citedText,
  };
  const result = verifyProviderCitations(claim, [citation], [document], { support: {} });
  return {
    accepted: result.citations.map((c) => c.text),
    codes: result.rejected.map((r) => r.code),
  };
}

const BREAKS = ['\u00ad\n', '\u00ad\r\n', '\u00ad \n ', '\u00ad\u2028', '\u00ad\u0085'];

describe('verifyProviderCitations: a soft hyphen at a line break inside one block', () => {
  for (const soft of BREAKS) {
    for (const [half, word] of [
      ['Exam', 'Example'],
      ['exam', 'example'],
    ]) {
      const text = `This is an ${half}${soft}ple of care.`;
      const held = `an ${half}${soft}ple of care`;
      const whole = { start: 0, end: text.length };

      it(`finds the word written whole (${JSON.stringify(half + soft)})`, () => {
        for (const document of [
          documentOf(text),
          { ...documentOf(text), blocks: [whole] },
          { ...documentOf(text), pages: [whole] },
        ]) {
          expect(check(document, `an ${word} of care`)).toEqual({ accepted: [held], codes: [] });
          expect(check(document, held).accepted).toEqual([held]);
        }
        const blocks = { ...documentOf(text), blocks: [whole] };
        const location: ProviderLocation = { type: 'blocks', start: 0, end: 1 };
        expect(check(blocks, `an ${word} of care`, location).accepted).toEqual([held]);
      });

      it(`still refuses a cited text of another case or word (${JSON.stringify(half + soft)})`, () => {
        expect(check(documentOf(text), 'an EXAMPLE of care').codes).toEqual(['span_mismatch']);
        expect(check(documentOf(text), 'an exam ple of care').codes).toEqual(['span_mismatch']);
      });
    }
  }

  it('finds a number a soft hyphen splits at a line break inside one block', () => {
    const text = 'The ship weighs about 7\u00ad\n300 tonnes.';
    const claim = 'The ship weighs about 7300 tonnes.';
    const document = { ...documentOf(text), blocks: [{ start: 0, end: text.length }] };
    expect(check(document, 'weighs about 7300 tonnes', undefined, claim).accepted).toEqual([
      'weighs about 7\u00ad\n300 tonnes',
    ]);
  });
});

describe('verifyProviderCitations: a soft hyphen at a line break between blocks or pages', () => {
  const pairs = [
    [['This is an Exam\u00ad', 'ple of care.'], 'an Example of care', CLAIM],
    [['This is an exam\u00ad', 'ple of care.'], 'an example of care', CLAIM],
    [
      ['The ship weighs about 7\u00ad', '300 tonnes.'],
      'weighs about 7300 tonnes',
      'The ship weighs about 7300 tonnes.',
    ],
  ] as const;

  for (const [blocks, cited, claim] of pairs) {
    for (const as of ['blocks', 'pages'] as const) {
      it(`refuses the word run together without a location (${JSON.stringify(blocks)}, ${as})`, () => {
        for (const separator of ['\n', '\r\n', '\n ']) {
          const document = blocksDocument(blocks, separator, as);
          expect(check(document, cited, undefined, claim)).toEqual({
            accepted: [],
            codes: ['span_mismatch'],
          });
        }
      });
    }

    it(`refuses the word run together on the blocks named (${JSON.stringify(blocks)})`, () => {
      const document = blocksDocument(blocks, '\n');
      const location: ProviderLocation = { type: 'blocks', start: 0, end: 2 };
      expect(check(document, cited, location, claim)).toEqual({ accepted: [], codes: ['span_mismatch'] });
      const run = blocks.join('').replace('\u00ad', '');
      expect(check(document, run, location, claim)).toEqual({ accepted: [], codes: ['span_mismatch'] });
    });

    it(`refuses offsets that run the word across the boundary (${JSON.stringify(blocks)})`, () => {
      const document = blocksDocument(blocks, '\n');
      const location: ProviderLocation = {
        type: 'offsets',
        start: 0,
        end: document.text.length,
        unit: 'utf16',
      };
      expect(check(document, document.text, location, claim)).toEqual({
        accepted: [],
        codes: ['span_mismatch'],
      });
    });
  }

  it('refuses the word run together when the soft hyphen and line break lie between the blocks', () => {
    const text = 'This is an Exam\u00ad\nple of care.';
    const at = text.indexOf('\u00ad');
    const document = {
      ...documentOf(text),
      blocks: [
        { start: 0, end: at },
        { start: at + 2, end: text.length },
      ],
    };
    expect(check(document, 'an Example of care')).toEqual({ accepted: [], codes: ['span_mismatch'] });
  });

  it('finds a later occurrence inside one block when the first runs across a boundary', () => {
    const document = blocksDocument(
      ['An exam\u00ad', 'ple of care.', 'Then an exam\u00ad\nple of care.'],
      '\n',
    );
    expect(check(document, 'an example of care').accepted).toEqual(['an exam\u00ad\nple of care']);
    expect(check(document, 'an exam\u00ad\nple of care').accepted).toEqual(['an exam\u00ad\nple of care']);
  });
});
