// Scale: answers that name many distinct sources, bounded by growth (excluded from mutation runs).
import type { Citation } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { cpuNow } from './__fixtures__/cpu-time.js';
import { buildEchoCase } from './build-echo-case.js';
import { scoreEchoCase } from './score-echo-case.js';

const echoCase = buildEchoCase({ caseId: 'case-1', templateId: 'recipe' });
const options = { passages: [echoCase.positive.passage, echoCase.decoy.passage] };

/** A synthesized answer with `n` citations, each naming a source of its own. */
function manyCitations(n: number) {
  const { passage } = echoCase.positive;
  const citations: Citation[] = Array.from({ length: n }, (_, index) => ({
    source: index + 3,
    documentId: 'elsewhere',
    chunkId: passage.chunkId,
    start: passage.start,
    end: passage.end,
    text: passage.text,
  }));
  return { answer: { text: 'An answer.', citations } };
}

/** Raw text whose markers name `n` distinct sources. */
function manyMarkers(n: number) {
  return { answer: Array.from({ length: n }, (_, index) => `[${index + 3}]`).join('') };
}

describe('scoreEchoCase', () => {
  for (const [shape, build] of [
    ['citations', manyCitations],
    ['markers in raw text', manyMarkers],
  ] as const) {
    it(`grows linearly in the distinct sources an answer names (${shape}): 8× the sources cost well under 20× the time`, async () => {
      const time = async (n: number) => {
        const response = build(n);
        let least = Number.POSITIVE_INFINITY;
        for (let run = 0; run < 3; run++) {
          const started = cpuNow();
          await scoreEchoCase(echoCase, response, options);
          least = Math.min(least, cpuNow() - started);
        }
        return least;
      };
      const base = await time(5_000);
      const grown = await time(40_000);
      expect(grown).toBeLessThan(Math.max(20 * base, 200));
    });
  }

  it('scores an answer whose text holds millions of numbers or digits without overflowing the stack', async () => {
    // Regular expressions that backtrack one stack entry per character or per digit group (`{16,}`, `(?:,\d+)*`,
    // `[\p{L}\p{N}]+` in a text that is not Latin-1) threw a RangeError on each of these.
    const { passage } = echoCase.positive;
    const citation = { source: 1, ...passage };
    const started = cpuNow();
    for (const [name, dump] of [
      ['a list of numbers', '1,'.repeat(2_500_000)],
      ['a run of digits', '0'.repeat(5_000_000)],
      ['a run of digits after an override', `\u202e${'0'.repeat(5_000_000)}`],
    ] as const) {
      const text = `The recipe uses ${echoCase.positive.value} [1]. ${dump}`;
      const score = await scoreEchoCase(echoCase, { answer: { text, citations: [citation] } }, options);
      expect([name, score.outcome]).toEqual([name, 'grounded']);
    }
    expect(cpuNow() - started).toBeLessThan(30_000);
  }, 60_000);
});
