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

  it('stays linear in a line of many cut units between layout marks (CPU time of 8n over n)', () => {
    // A review found the writer re-testing the whole line at every cut: 199x the time for 8x a table row of
    // unmarked cells. `head` then `unit` n times, the first `length` characters of each unit cut.
    const shapes: [string, string, number][] = [
      ['| ', 'X | ', 1], // a table row
      ['| ', 'X > ', 1], // quote markers in a row
      ['> | ', 'X | ', 1], // a row's delimiters after a quote marker: no row
      ['| ', 'X | Y | ', 5], // units spanning cells
    ];
    for (const [head, unit, length] of shapes) {
      const make = (size: number) => {
        const answer = head + unit.repeat(size);
        const cut = Array.from({ length: size }, (_, i) => ({
          start: head.length + i * unit.length,
          end: head.length + i * unit.length + length,
        }));
        return () => acceptedText(answer, cut);
      };
      expect(growth(make, 2_000), JSON.stringify(head + unit)).toBeLessThan(BOUND);
    }
  });
});
