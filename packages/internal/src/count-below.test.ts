import { describe, expect, it } from 'vitest';
import { countBelow } from './count-below.js';

describe('countBelow', () => {
  it('counts the numbers of a sorted list below a value, as a scan does', () => {
    const lists = [[], [3], [1, 3, 3, 7], [-5, 0, 0, 2, 9, 9, 9, 40]];
    for (const list of lists) {
      for (let value = -7; value <= 42; value++) {
        expect(countBelow(list, value)).toBe(list.filter((n) => n < value).length);
      }
    }
  });
});
