import { describe, expect, it } from 'vitest';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { passage } from '../__fixtures__/passage.js';
import { resolveQuotedRows } from './resolve-quoted-rows.js';

describe('resolveQuotedRows at scale', () => {
  it('normalises a passage once for all the rows that quote it', () => {
    const text = `${'\u00e9t\u00e9 '.repeat(20_000)}fin.`;
    const rows = Array.from({ length: 300 }, (_, i) => ({
      handle: 'S1',
      quote: i === 299 ? '\u00e9t\u00e9 fin' : `\u00e9t\u00e9 fin${i}`,
    }));
    const t0 = cpuNow();
    const { accepted, rejected } = resolveQuotedRows(rows, [passage(text)]);
    expect(cpuNow() - t0).toBeLessThan(1500);
    expect(rejected).toHaveLength(299);
    expect(accepted[0]?.citation.text).toBe('\u00e9t\u00e9 fin');
  });

  it('stays linear when every occurrence of a quote is inside a word', () => {
    // 'ab' occurs 300,000 times, each inside a word; the one whole occurrence is last.
    const text = `${'xaby '.repeat(300_000)}ab.`;
    const t0 = cpuNow();
    const { accepted } = resolveQuotedRows(
      [
        { handle: 'S1', quote: 'ab' },
        { handle: 'S1', quote: '\u00a0ab' },
        { handle: 'S1', quote: 'by' },
      ],
      [passage(text)],
    );
    expect(accepted.map(({ citation }) => citation.start)).toEqual([text.length - 3, text.length - 3]);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });
});
