// Scale: what the splitter records on each unit (its block, whether it is code or HTML, whether it starts a paragraph)
// costs the same per unit however many units an answer has. Held in WeakMaps and WeakSets, these went quadratic past
// about a million units (V8's identity hashes collide there): a 4 MB line of `1. ` split in 9 s and 8 MB in 24 to 98 s.
// CPU time at n and 8n units (tests/adversarial/growth.ts: 8 for linear, 64 for quadratic); the WeakMap gave 48 here.
import { describe, expect, it } from 'vitest';
import { BLOCK_OF, HTML_BLOCK_UNITS } from './split-line.js';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';

describe('unit facts: linear past a million units (ratio of 8n to n, bound 24)', { timeout: 300_000 }, () => {
  it('records and reads a block and a mark on each of millions of units', () => {
    const make = (size: number) => () => {
      const units: { index: number }[] = [];
      for (let index = 0; index < size; index++) {
        const unit = { index };
        units.push(unit);
        BLOCK_OF.set(unit, index);
        if (index % 2 === 0) HTML_BLOCK_UNITS.add(unit);
      }
      let read = 0;
      for (const unit of units) if (HTML_BLOCK_UNITS.has(unit)) read += BLOCK_OF.get(unit)! - unit.index + 1;
      expect(read).toBe(Math.ceil(size / 2));
    };
    // 8n is 3.2 million units: the quadratic cost starts past 1 million.
    expect(growth(make, 400_000)).toBeLessThan(BOUND);
  });
});
