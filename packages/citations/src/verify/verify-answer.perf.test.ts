import { describe, expect, it } from 'vitest';
import { PASSAGES } from '../__fixtures__/corpus.js';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { verifyAnswer } from './verify-answer.js';

describe('verifyAnswer at scale', () => {
  it('stays linear: 1 MB of [[[[, 100k markers, 50k lines, 1 MB without a full stop', () => {
    let t0 = cpuNow();
    expect(verifyAnswer('['.repeat(1_000_000), PASSAGES).status).toBe('abstained');
    expect(cpuNow() - t0).toBeLessThan(2000);

    t0 = cpuNow();
    const many = verifyAnswer(`Children suffer ${'[1][7]'.repeat(50_000)}.`, PASSAGES);
    expect(many.rejected.map((r) => [r.code, r.markers])).toEqual([['marker_out_of_range', [1, 7]]]);
    expect(many.rejected[0]!.message.length).toBeLessThan(300);
    expect(cpuNow() - t0).toBeLessThan(2000);

    t0 = cpuNow();
    const spread = verifyAnswer('Children suffer [1]. '.repeat(50_000), PASSAGES);
    expect([spread.claims.length, spread.duplicatesMerged]).toEqual([1, 49_999]);
    expect(cpuNow() - t0).toBeLessThan(2000);

    t0 = cpuNow();
    const long = verifyAnswer(`${'lions roar at the moon and '.repeat(40_000)}[1]`, PASSAGES, {
      support: {},
    });
    expect(long.rejected.map((r) => r.code)).toEqual(['unsupported']);
    expect(cpuNow() - t0).toBeLessThan(2000);

    // 1 MB of short lines, with the only quotation mark at the very end: each line's search for the next mark
    // must stop at its line's end.
    t0 = cpuNow();
    const lines = verifyAnswer(`${'Children suffer [1].\n'.repeat(50_000)}He said "no" [1].`, PASSAGES);
    expect([lines.claims.length, lines.duplicatesMerged]).toEqual([2, 49_999]);
    expect(cpuNow() - t0).toBeLessThan(2000);

    // Look-alike marks of every kind in one claim: unpaired, paired, left open, glued, in runs.
    t0 = cpuNow();
    const lookAlikes = verifyAnswer(
      `${'x << 2 <<a ,,b \u27e8c| |d\u27e9 e>> <<<f \u276e g\u276f <<h\u00bb, '.repeat(25_000)}[1].`,
      PASSAGES,
    );
    expect(lookAlikes.rejected.map((r) => r.code)).toEqual(['quote_not_found']);
    expect(cpuNow() - t0).toBeLessThan(2000);

    t0 = cpuNow();
    const quote = verifyAnswer(`He said "${'a'.repeat(1_000_000)}" [1].`, PASSAGES);
    expect(quote.rejected.map((r) => r.code)).toEqual(['quote_not_found']);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });
});
