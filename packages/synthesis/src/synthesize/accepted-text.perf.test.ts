import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { acceptedText } from './accepted-text.js';

describe('acceptedText at scale', () => {
  it('stays linear in a run of spaces inside a line (CPU time of 8n over n)', () => {
    // A trailing-space regex backtracks over the whole run at every space: 64x for 8x the input.
    const make = (size: number) => {
      const answer = `Cut. Kept [1].${' '.repeat(size)}x`;
      return () => acceptedText(answer, [{ start: 0, end: 4 }]);
    };
    expect(growth(make, 5_000)).toBeLessThan(BOUND);
  });

  it('cuts 100,000 spans from a 1 MB completion', () => {
    const unit = 'Unit [1]. ';
    const answer = unit.repeat(100_000);
    const cut = Array.from({ length: 100_000 }, (_, i) => ({
      start: i * unit.length,
      end: (i + 1) * unit.length - 1,
    }));
    expect(
      acceptedText(
        answer,
        cut.filter((_, i) => i % 2 === 1),
      ),
    ).toBe(unit.repeat(50_000).trim());
  });
});
