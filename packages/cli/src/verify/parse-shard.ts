import { InputError } from '../input-error.js';

/** Reads `--shard i/n` (1 ≤ i ≤ n ≤ 100,000). */
export function parseShard(value: string): { index: number; count: number } {
  const match = /^(\d{1,6})\/(\d{1,6})$/.exec(value.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || index < 1 || count < 1 || index > count || count > 100_000) {
    throw new InputError({
      code: 'usage',
      field: '--shard',
      message: `--shard: expected i/n with 1 <= i <= n, received ${JSON.stringify(value.slice(0, 40))}`,
    });
  }
  return { index, count };
}
