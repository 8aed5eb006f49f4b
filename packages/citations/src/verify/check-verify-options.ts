import { checkArgument, checkOptions, isOptional } from '@gk/internal';
import type { VerifyOptions } from './verify-answer.js';

// One call per option keeps these checks a few hundred bytes in verifyAnswer's bundle.
const check = (ok: boolean, key: string, expected: string, value: unknown): void =>
  checkArgument(ok, `options.${key}`, expected, value);

const isLocale = (locale: unknown): boolean => {
  try {
    return typeof Intl.getCanonicalLocales(locale as string) === 'object';
  } catch {
    return false;
  }
};

/** Throws an InvalidArgumentError for the first of `unit`, `locale` and `ranges` that is not usable. */
export function checkSplitOptions(options: unknown): void {
  checkOptions(options);
  const { unit, locale, ranges } = (options ?? {}) as VerifyOptions;
  check(unit === undefined || unit === 'sentence' || unit === 'line', 'unit', "'sentence' or 'line'", unit);
  check(isOptional(ranges, 'boolean'), 'ranges', 'a boolean', ranges);
  check(
    locale === undefined || (typeof locale === 'string' && isLocale(locale)),
    'locale',
    'a BCP 47 language tag',
    locale,
  );
}

/** Throws an InvalidArgumentError for the first option of `verifyAnswer` that is not usable. */
export function checkVerifyOptions(options: VerifyOptions): void {
  checkSplitOptions(options);
  const { requireCitations, noSourceToken, support, quotes } = options ?? {};
  check(isOptional(requireCitations, 'boolean'), 'requireCitations', 'a boolean', requireCitations);
  check(isOptional(noSourceToken, 'string'), 'noSourceToken', 'a string', noSourceToken);
  if (support !== false) {
    checkOptions(support, 'options.support');
    const { minCoverage: coverage, stopWords: words } = support ?? {};
    check(
      coverage === undefined || (typeof coverage === 'number' && coverage >= 0 && coverage <= 1),
      'support.minCoverage',
      '0..1',
      coverage,
    );
    check(
      words === undefined || (Array.isArray(words) && words.every((w) => typeof w === 'string')),
      'support.stopWords',
      'an array of strings',
      words,
    );
  }
  if (typeof quotes !== 'boolean') {
    checkOptions(quotes, 'options.quotes');
    const length = quotes?.minLength;
    check(
      length === undefined || (Number.isSafeInteger(length) && length > 0),
      'quotes.minLength',
      'a positive integer',
      length,
    );
  }
}
