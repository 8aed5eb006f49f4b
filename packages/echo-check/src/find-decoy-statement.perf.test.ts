// Scale: digit groups and marks, bounded by growth, not time (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { growth } from '../../../tests/adversarial/growth.js';
import { buildEchoCase } from './build-echo-case.js';
import { findDecoyStatement } from './find-decoy-statement.js';

describe('findDecoyStatement', () => {
  it('grows linearly on long runs of digit groups, marks and words: 8× the text costs well under 20× the time', () => {
    const echoCase = buildEchoCase({ templateId: 'recipe' });
    for (const unit of [
      '1,2.3 4',
      '1 000 000 ',
      '12.345.678,',
      'word ',
      `${echoCase.decoy.subject.split(' ')[0]} `,
      // Markup, references, emphasis and number forms, read as a page shows them.
      '<b>1</b>&nbsp;<a title="x>y',
      '**⑤**&shy ',
      '&#0000000039;&#x0000',
      // Right-to-left marks, isolates and embeddings, laid out as a page shows them.
      'a\u200f0\u200f0 ',
      '\u2067\u05d0 a0\u2069 ',
      '\u2068\u202b\u200f0',
      '&#99999999;',
    ]) {
      const make = (n: number) => {
        const text = unit.repeat(n);
        return () => expect(findDecoyStatement(text, echoCase)).toEqual({ value: false, subject: false });
      };
      // growth repeats a ratio at or above the bound at twice the size, so a one-time step in cost (a cache or a
      // heap that grows once) does not read as super-linear, and a quadratic path stays above it at every size.
      expect({ unit, linear: growth(make, 16 * 1024, 20) < 20 }).toEqual({ unit, linear: true });
    }
  }, 180_000);
});
