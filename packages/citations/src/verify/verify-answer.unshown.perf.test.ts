// The reading of labels, struck text, TeX phantoms and quotations as rendered stays linear in hostile shapes.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { passage } from '../__fixtures__/passage.js';
import { verifyAnswer } from './verify-answer.js';

const LEAFLET = passage('Aspirin reduces fever and mild pain in adults.', { documentId: 'leaflet' });
const SHAPES = ['~', '~~a ', 'a~ ', '][', '][a', '[^a', '\\phantom{', '\\phantom ', '{', '}', '\\'];
const QUOTED = ['_a', 'a_', '*a', '&#105;', '[a](b', '[x', '](x[', '<b>', '`'];

describe('unshown text and rendered quotations in linear time (ratio of 8n to n, bound 24)', {
  timeout: 300_000,
}, () => {
  it.each(SHAPES)('verifyAnswer with support over a claim of %j repeated', (shape) => {
    const make = (size: number) => {
      const answer = `Aspirin reduces fever ${shape.repeat(size)} [1].`;
      return () => verifyAnswer(answer, [LEAFLET], { support: {} });
    };
    expect(growth(make, 500)).toBeLessThan(BOUND);
  });

  it.each(QUOTED)('verifyAnswer over a quotation of %j repeated', (shape) => {
    const make = (size: number) => {
      const answer = `Aspirin "reduces fever ${shape.repeat(size)}" [1].`;
      return () => verifyAnswer(answer, [LEAFLET]);
    };
    expect(growth(make, 500)).toBeLessThan(BOUND);
  });
});
