import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { licencePassages as passages, passage } from '../__fixtures__/passages.js';
import { applySynthesisPolicy } from './apply-synthesis-policy.js';
import { extractiveModel } from '../extractive-model/extractive-model.js';
import { synthesize } from './synthesize.js';

describe('synthesize at scale', () => {
  it('answers from a hostile passage and question of a megabyte each', async () => {
    const huge = passage('huge', `${'[['.repeat(200_000)} Patents are granted. ${'word '.repeat(100_000)}`);
    const result = await synthesize({
      model: extractiveModel(),
      question: `${'[[[['.repeat(50_000)} patents?`,
      passages: [huge],
    });
    expect(result.status).toBe('answered');
    expect(result.citations[0]?.documentId).toBe('huge');
  });
});

describe('applySynthesisPolicy at scale', () => {
  // Every other claim is unmarked, so the text is rebuilt from cut spans; a cut-off last claim adds the
  // unfinished path. The work must grow with the completion, not with claims times claims. Both sizes are past
  // the point (some 10,000 claims) where the claims outgrow V8's young generation and each costs twice as much.
  it.each(['stop', 'length'] as const)(
    'keeps the survivors of n claims in time linear in n (finish reason %s, CPU time of 8n over n)',
    (finishReason) => {
      const make = (size: number) => {
        const completion = Array.from({ length: size }, (_, i) =>
          i % 2 === 0 ? `The GPL is a copyleft license number ${i} [2].` : `Unmarked claim ${i}.`,
        ).join(' ');
        return () =>
          applySynthesisPolicy({
            completion,
            finishReason,
            rawFinishReason: finishReason,
            passages,
            verify: { noSourceToken: 'NO_SOURCE', support: false },
            policy: 'drop-claims',
            attempts: 1,
          });
      };
      expect(growth(make, 12_800)).toBeLessThan(BOUND);
    },
  );
});
