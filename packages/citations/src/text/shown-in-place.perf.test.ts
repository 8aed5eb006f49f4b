// Reading a text as a page shows it, and tagging its words' edges so, costs time linear in the text whatever markup it
// holds, measured as CPU time at n and 8n (tests/adversarial/growth.ts: 8 for linear, 64 for quadratic).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { shownInPlace } from './shown-in-place.js';
import { tagEdges } from './tag-edges.js';
import { wordSequence } from './word-sequence.js';

const read = (text: string): void => {
  tagEdges(text, wordSequence(text));
};

describe('shownInPlace and tagEdges: linear time (ratio of 8n to n, bound 24; quadratic would be 64)', {
  timeout: 180_000,
}, () => {
  it.each([
    ['comments never closed', '<!-- a '],
    ['declarations never closed', '<!a '],
    ['tags never closed', '<a href="x" '],
    ['references of many digits', '&#00000000000000000045'],
    ['names never ended', '&minusminusminus'],
    ['references between letters', 'in&shy;effective &minus;40 7&nbsp;300 '],
    ['emphasis runs', 'a**b__c~~d '],
  ])('reads %s', (_, unit) => {
    const make = (size: number) => {
      const text = unit.repeat(size);
      return () => {
        if (shownInPlace(text).length !== text.length) throw new Error('length changed');
        read(text);
      };
    };
    expect(growth(make, 300)).toBeLessThan(BOUND);
  });

  it('reads one run of emphasis marks, and one of digits in a reference', () => {
    const make = (size: number) => {
      const stars = `a${'*'.repeat(size * 20)}b`;
      const digits = `&#${'0'.repeat(size * 20)}45;40`;
      return () => {
        read(stars);
        read(digits);
      };
    };
    expect(growth(make, 300)).toBeLessThan(BOUND);
  });
});
