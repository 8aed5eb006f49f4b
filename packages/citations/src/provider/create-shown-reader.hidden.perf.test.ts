// Linear time when an answer full of elements a page hides (nested, left open, raw text, styles) and elements shown
// apart is read as a page shows it, whole and in slices (r22 provider #1). The method (CPU time of n against 8n,
// least of several runs) is the repository's: see tests/adversarial/linear-time.test.ts.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { createShownReader } from './create-shown-reader.js';

const PIECES = {
  closed:
    '7<span hidden><b>x</b><i>y</i></span>300 <span style="color:red; display : none !important">z</span> <nav>a</nav> ',
  nested: 'w <span hidden><span>x<div>y</span></span> ',
  open: '7<span hidden>x\n\n300 ',
  raw: '7<script>if (a < b) "</span>";</script>300 <style>p{}</style> ',
  unclosedRaw: '<b>7</b><script><span hidden> ',
};

/** An answer of `size` copies of `piece`, read whole and then in slices of one piece each. */
const make =
  (piece: string) =>
  (size: number): (() => number) => {
    const answer = piece.repeat(size);
    return () => {
      const read = createShownReader(answer);
      let length = read(0, answer.length).length;
      for (let i = 0; i < size; i++) length += read(i * piece.length, (i + 1) * piece.length).length;
      return length;
    };
  };

describe('createShownReader', () => {
  it.each(Object.entries(PIECES))(
    'grows linearly in an answer of %s hidden elements',
    (_, piece) => {
      expect(make(piece)(2)()).toBeGreaterThan(0);
      expect(growth(make(piece), 1000)).toBeLessThan(BOUND);
    },
    120_000,
  );
});
