import { describe, expect, it } from 'vitest';
import { createProgressBar, formatProgress } from './progress-bar.js';

describe('createProgressBar', () => {
  it('draws nothing when the stream is not a TTY', () => {
    const written: string[] = [];
    const bar = createProgressBar({
      stream: { write: (text) => written.push(text) > 0 },
      unit: 'lines',
      total: 10,
    });
    bar.update(5);
    bar.finish();
    expect(written).toEqual([]);
  });

  it('redraws one line at most every interval on a TTY and erases it at the end', () => {
    const written: string[] = [];
    let now = 0;
    const bar = createProgressBar({
      stream: { isTTY: true, columns: 100, write: (text) => written.push(text) > 0 },
      unit: 'lines',
      total: 1000,
      now: () => now,
    });
    now = 100;
    bar.update(100);
    now = 150;
    bar.update(150);
    now = 1000;
    bar.update(500);
    bar.finish();
    expect(written).toHaveLength(3);
    expect(written[0]).toMatch(/^\r\[#{3}-{27}\] 10% 100 lines · 1,000\/s · ETA 1s\u001b\[K$/);
    expect(written[1]).toContain('50% 500 lines · 500/s · ETA 1s');
    expect(written[2]).toBe('\r\u001b[K');
  });
});

describe('formatProgress', () => {
  it('shows lines and rate without a total (standard input), and an ETA in minutes and hours', () => {
    expect(
      formatProgress({
        done: 1234,
        position: 1234,
        total: undefined,
        unit: 'lines',
        elapsedMs: 2000,
        width: 80,
      }),
    ).toBe('1,234 lines · 617/s');
    expect(
      formatProgress({ done: 1, position: 1, total: 100, unit: 'cases', elapsedMs: 10_000, width: 80 }),
    ).toContain('ETA 16m30s');
    expect(
      formatProgress({ done: 1, position: 1, total: 10_000, unit: 'cases', elapsedMs: 10_000, width: 80 }),
    ).toContain('ETA 27h46m');
    expect(
      formatProgress({ done: 0, position: 0, total: 100, unit: 'cases', elapsedMs: 0, width: 80 }),
    ).toContain('ETA …');
  });
});
