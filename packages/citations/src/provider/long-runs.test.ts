import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

// Runs of one short unit, 8 MB long: a regex that repeats a group keeps a backtrack entry per repetition and overflows
// V8's regexp stack ("Maximum call stack size exceeded") past a few millions. Each input must give a result.
const SIZE = 8_000_000;
const run = (unit: string): string => unit.repeat(Math.ceil(SIZE / unit.length));
const TEXT = 'Water boils at 100 degrees Celsius at sea level.';
const CLAIM = 'Water boils at 100 degrees.';

/** The verification of one citation of the answer's last claim, `CLAIM`, by the whole of `TEXT`. */
const verifyLast = (answer: string) =>
  verifyProviderCitations(
    answer,
    [
      {
        document: { index: 0 },
        answer: { start: answer.length - CLAIM.length, end: answer.length },
        citedText: TEXT,
      },
    ],
    [passage(TEXT)],
  );

describe('verifyProviderCitations on 8 MB runs of one short unit', () => {
  it('reads a fence after millions of block-quote marks', () => {
    expect(verifyLast(`${run('>')}\`\`\`\n${CLAIM}`).citations).toHaveLength(1);
  });
});
