import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { verifyAnswer } from './verify-answer.js';

// A regex that repeats a group, with or without the `u` flag, keeps a backtrack entry per repetition and overflows
// V8's regexp stack ("Maximum call stack size exceeded") on a long enough run: a group of one character at about
// 16 million. Each input here is the smallest that overflowed; each must give a result.
const passages = [passage('Water boils at 100 degrees Celsius at sea level.')];
const ASCII = 'a'.repeat(16_800_000);

describe('verifyAnswer on long runs in links', () => {
  it('reads a bare link, a link target, a reference label and an image label of 16 million characters', {
    timeout: 120_000,
  }, () => {
    for (const answer of [
      `Water boils at 100 degrees https://a.org/${ASCII} [1].`,
      `Water boils at 100 degrees [see](${ASCII}) [1].`,
      `Water boils at 100 degrees [1].\n[${ASCII}]: https://a.org`,
      `Water boils at 100 degrees ![a][${ASCII}] [1].`,
    ]) {
      const result = verifyAnswer(answer, passages);
      expect(result.claims.length + result.rejected.length).toBeGreaterThan(0);
    }
  });
});
