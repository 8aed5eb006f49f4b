import { describe, expect, it } from 'vitest';
import { AUTO_WORKERS_MAX, AUTO_WORKERS_MIN_BYTES, chooseWorkers } from './choose-workers.js';

describe('chooseWorkers', () => {
  it('verifies a small file, standard input, or anything on one core on the main thread', () => {
    expect(chooseWorkers({ inputBytes: AUTO_WORKERS_MIN_BYTES - 1, parallelism: 8 })).toBe(0);
    expect(chooseWorkers({ inputBytes: undefined, parallelism: 8 })).toBe(0);
    expect(chooseWorkers({ inputBytes: 2 ** 40, parallelism: 1 })).toBe(0);
  });

  it('starts one worker per core for a large file, up to the cap', () => {
    expect(chooseWorkers({ inputBytes: AUTO_WORKERS_MIN_BYTES, parallelism: 2 })).toBe(2);
    expect(chooseWorkers({ inputBytes: 2 ** 40, parallelism: 64 })).toBe(AUTO_WORKERS_MAX);
  });
});
