import { checkArgument } from '@gk/internal';

/** z for a two-sided 95% interval, the number ADR 0034 uses. */
const Z = 1.96;

/**
 * The lower end of the 95% Wilson interval on a rate observed as `successes` of `trials`; `null` for no trials. With n of n
 * right it is n / (n + z²): 0.886 at 30 of 30; with none right it is exactly 0. Counts that are no whole numbers with
 * `0 <= successes <= trials` throw an `InvalidArgumentError`: a bound from them would be NaN or above the rate.
 */
export function wilsonLowerBound(successes: number, trials: number): number | null {
  checkArgument(Number.isSafeInteger(trials) && trials >= 0, 'trials', 'a whole number >= 0', trials);
  checkArgument(
    Number.isSafeInteger(successes) && successes >= 0 && successes <= trials,
    'successes',
    `a whole number from 0 to trials (${trials})`,
    successes,
  );
  if (trials === 0) return null;
  // In floating point the formula leaves about 1e-17 at 0 successes (n = 11, 22, ...): a bound above 0 with nothing
  // right would reach a threshold that small.
  if (successes === 0) return 0;
  const p = successes / trials;
  const z2 = Z * Z;
  const centre = p + z2 / (2 * trials);
  const spread = Z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return Math.max(0, (centre - spread) / (1 + z2 / trials));
}
