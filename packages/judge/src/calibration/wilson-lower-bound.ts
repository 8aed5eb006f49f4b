/** z for a two-sided 95% interval, the number ADR 0034 uses. */
const Z = 1.96;

/**
 * The lower end of the 95% Wilson interval on a rate observed as `successes` of `trials`; `null` for no trials. With n of n
 * right it is n / (n + z²): 0.886 at 30 of 30.
 */
export function wilsonLowerBound(successes: number, trials: number): number | null {
  if (trials === 0) return null;
  const p = successes / trials;
  const z2 = Z * Z;
  const centre = p + z2 / (2 * trials);
  const spread = Z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return Math.max(0, (centre - spread) / (1 + z2 / trials));
}
