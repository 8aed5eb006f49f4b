import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { verifyAnswer } from '../verify/verify-answer.js';

// A footnote's number after a sentence's full stop (superscript, or a plain number in text taken from a PDF) glues
// nothing to the sentence: quoting the sentence is honest. A number after a number stays one (`1.5 Million`).
const codes = (text: string, quoted: string): string[] =>
  verifyAnswer(`It says "${quoted}" [1].`, [passage(text)]).rejected.map((rejection) => rejection.code);

describe('tagEdges: a footnote after a full stop', () => {
  it.each([
    ['The company was founded in Ohio.\u00b3 It grew fast.', 'the company was founded in Ohio'],
    ['The company was founded in Ohio.1 It grew fast.', 'the company was founded in Ohio'],
    ['The company was founded in Ohio.12\nIt grew fast.', 'the company was founded in Ohio'],
    ['The company was founded in 1999.\u00b3 It grew fast.', 'the company was founded in 1999'],
    ['The company was founded in Ohio.\u1d43 It grew fast.', 'the company was founded in Ohio'],
    ['The company was founded in Ohio.2', 'the company was founded in Ohio'],
  ])('accepts a quotation of the sentence before it: %j', (text, quoted) => {
    expect(codes(text, quoted)).toEqual([]);
  });

  it.each([
    ['Revenue was 1.5 Million dollars.', 'Revenue was 1'],
    ['Revenue was 1.5 million dollars.', 'Revenue was 1'],
    ['The company was founded in Ohio.1a It grew.', 'the company was founded in Ohio'],
  ])('still refuses a quotation cut out of one number or word: %j', (text, quoted) => {
    expect(codes(text, quoted)).toEqual(['quote_not_found']);
  });
});
