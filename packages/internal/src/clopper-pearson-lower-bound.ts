import { checkArgument } from './check-argument.js';

/** The tail probability of the bound: the lower end of a two-sided 95% interval, one-sided 97.5%. */
const ALPHA = 0.025;
const LOG_ALPHA = Math.log(ALPHA);
/**
 * Terms of the binomial tail summed one by one before the rest is bounded by a geometric series: enough for the sum
 * to converge (about 7 standard deviations) whenever n·p·(1 − p) is below about 1.4e9, so for any n up to 2^32 (more
 * items than an array holds); beyond, the bound stays below the exact one, by at most about 0.04 / √n.
 */
const MAX_TERMS = 2 ** 18;

/**
 * The exact (Clopper–Pearson) 95% lower bound on a rate observed as `successes` of `trials`: the lower end of the
 * two-sided 95% interval, the p at which P(X ≥ successes | trials, p) = 0.025; `null` for no trials. It is 0 with none
 * right and 0.025^(1/n) with n of n right (0.884 at 30 of 30). Unlike the Wilson bound it never overstates the rate at
 * small counts (1 of 1: 0.025, where Wilson says 0.207). Counts that are no whole numbers with
 * `0 <= successes <= trials` throw an `InvalidArgumentError`: a bound from them would be NaN or above the rate.
 */
export function clopperPearsonLowerBound(successes: number, trials: number): number | null {
  checkArgument(Number.isSafeInteger(trials) && trials >= 0, 'trials', 'a whole number >= 0', trials);
  checkArgument(
    Number.isSafeInteger(successes) && successes >= 0 && successes <= trials,
    'successes',
    `a whole number from 0 to trials (${trials})`,
    successes,
  );
  if (trials === 0) return null;
  if (successes === 0) return 0;
  // P(X >= n | n, p) = p^n.
  if (successes === trials) return Math.exp(LOG_ALPHA / trials);
  // The tail rises with p, and at p = x/n it is at least 1/2 (x is then the median): bisect [0, x/n] to the last
  // representable step, keeping the end where the tail is at most 0.025, so the bound is never above the exact one.
  let low = 0;
  let high = successes / trials;
  for (;;) {
    const middle = low + (high - low) / 2;
    if (middle <= low || middle >= high) return low;
    if (logUpperTail(successes, trials, middle) <= LOG_ALPHA) low = middle;
    else high = middle;
  }
}

/**
 * log P(X >= x | n, p) for 0 < x < n and 0 < p <= x/n: the probability of x, times the sum of the ratios of each later
 * term to it. The ratios fall with k, so after `MAX_TERMS` terms the rest is bounded by a geometric series (the
 * tail is then overstated, which only lowers the bound). Linear in n at worst, about √n terms near the bound.
 */
function logUpperTail(x: number, n: number, p: number): number {
  const odds = p / (1 - p);
  let sum = 1;
  let term = 1;
  for (let k = x, count = 0; k < n; k += 1, count += 1) {
    const ratio = ((n - k) / (k + 1)) * odds;
    term *= ratio;
    if (count === MAX_TERMS) {
      sum += term / (1 - ratio);
      break;
    }
    const next = sum + term;
    if (next === sum) break;
    sum = next;
  }
  return logBinomialProbability(x, n, p) + Math.log(sum);
}

/**
 * log P(X = x | n, p) for 0 < x < n, by Loader's saddle-point form (as R's dbinom computes it): no factorials, so it
 * is accurate to about 1e-15 relative for any n, where log-gamma differences lose digits to cancellation.
 */
function logBinomialProbability(x: number, n: number, p: number): number {
  const q = 1 - p;
  const exponent =
    stirlingError(n) - stirlingError(x) - stirlingError(n - x) - deviance(x, n * p) - deviance(n - x, n * q);
  return exponent - 0.5 * (Math.log(2 * Math.PI) + Math.log(x) + Math.log1p(-x / n));
}

/** log(n!) − log(√(2πn)·(n/e)^n) for a whole n >= 1. */
function stirlingError(n: number): number {
  if (n <= 15) {
    let logFactorial = 0;
    for (let k = 2; k <= n; k += 1) logFactorial += Math.log(k);
    return logFactorial - (n + 0.5) * Math.log(n) + n - 0.5 * Math.log(2 * Math.PI);
  }
  const S0 = 1 / 12;
  const S1 = 1 / 360;
  const S2 = 1 / 1260;
  const S3 = 1 / 1680;
  const S4 = 1 / 1188;
  const nn = n * n;
  if (n > 500) return (S0 - S1 / nn) / n;
  if (n > 80) return (S0 - (S1 - S2 / nn) / nn) / n;
  if (n > 35) return (S0 - (S1 - (S2 - S3 / nn) / nn) / nn) / n;
  return (S0 - (S1 - (S2 - (S3 - S4 / nn) / nn) / nn) / nn) / n;
}

/** x·log(x / m) + m − x, computed without cancellation when x is near m. */
function deviance(x: number, m: number): number {
  if (Math.abs(x - m) < 0.1 * (x + m)) {
    let v = (x - m) / (x + m);
    let sum = (x - m) * v;
    let ej = 2 * x * v;
    v *= v;
    for (let j = 1; j < 1000; j += 1) {
      ej *= v;
      const next = sum + ej / (2 * j + 1);
      if (next === sum) return next;
      sum = next;
    }
    return sum;
  }
  return x * Math.log(x / m) + m - x;
}
