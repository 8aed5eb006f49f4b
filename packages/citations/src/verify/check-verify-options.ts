import { checkOptionKeys, checkOptions, InvalidArgumentError } from '@gk/internal';
import type { VerifyOptions } from './verify-answer.js';
import { refuseUnreadable } from './refuse-unreadable.js';

/**
 * An option, what it must be when it is set, that expectation in words, and the rules for the options inside it
 * (read once it has passed; a `false` or `true` holds none).
 */
type OptionRule = readonly [
  key: string,
  isValid: (value: unknown) => boolean,
  expected: string,
  inner?: readonly OptionRule[],
];

const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
/** An options object (arrays pass, as everywhere in the kit); null is none. */
const isObject = (value: unknown): boolean => typeof value === 'object' && value !== null;
const isLocale = (locale: unknown): boolean => {
  try {
    return typeof locale === 'string' && typeof Intl.getCanonicalLocales(locale) === 'object';
  } catch {
    return false;
  }
};

/** The options `splitClaims` reads, in the order they are checked. */
const SPLIT_OPTIONS: readonly OptionRule[] = [
  ['unit', (unit) => unit === 'sentence' || unit === 'line', "'sentence' or 'line'"],
  ['ranges', isBoolean, 'a boolean'],
  ['locale', isLocale, 'a BCP 47 language tag'],
];

/** Every option of `verifyAnswer` but `identifiers` (its rules are checked as they are compiled). */
const VERIFY_OPTIONS: readonly OptionRule[] = [
  ...SPLIT_OPTIONS,
  ['requireCitations', isBoolean, 'a boolean'],
  ['noSourceToken', (token) => typeof token === 'string', 'a string'],
  [
    'support',
    (support) => support === false || isObject(support),
    'an options object',
    [
      ['minCoverage', (coverage) => typeof coverage === 'number' && coverage >= 0 && coverage <= 1, '0..1'],
      [
        'stopWords',
        (words) => Array.isArray(words) && words.every((w) => typeof w === 'string'),
        'an array of strings',
      ],
    ],
  ],
  [
    'quotes',
    (quotes) => isBoolean(quotes) || isObject(quotes),
    'an options object',
    [['minLength', (length) => Number.isSafeInteger(length) && (length as number) > 0, 'a positive integer']],
  ],
];

/**
 * Throws an InvalidArgumentError for a key of `object` (at `path`) that is no option (`known`, by default the rules'
 * keys: a misspelt `supprt` or `minCoverag` would leave a check off or at its default, silently), then for the first
 * option that is set and breaks its rule.
 */
function checkOptionRules(
  object: unknown,
  rules: readonly OptionRule[],
  path: string,
  known: readonly string[] = rules.map(([key]) => key),
): void {
  if (isObject(object)) checkOptionKeys(object as object, known, path);
  for (const [key, isValid, expected, inner] of rules) {
    const value = (object as Record<string, unknown> | undefined)?.[key];
    if (value === undefined) continue;
    if (!isValid(value))
      throw new InvalidArgumentError({ parameter: `${path}.${key}`, expected, received: value });
    if (inner !== undefined) checkOptionRules(value, inner, `${path}.${key}`);
  }
}

/** The options `verifyAnswer` and `createAnswerVerifier` take. */
const VERIFY_KEYS: readonly string[] = [...VERIFY_OPTIONS.map(([key]) => key), 'identifiers'];

/**
 * Reads `options` once into a plain copy as `checkVerifyOptions` does, then throws an InvalidArgumentError for a key
 * that is no option of `verifyAnswer` (the options given to it may be given here too; only the splitting ones are
 * read), then for the first of `unit`, `ranges` and `locale` not usable. Returns the copy.
 */
export function checkSplitOptions<T>(options: T): T {
  return checkVerifyOptions(options as VerifyOptions, VERIFY_KEYS, SPLIT_OPTIONS) as T;
}

/**
 * Reads `options` once into plain objects (every key it has and every option, nested ones too; lists item by item, up
 * to a hole), so that a getter or Proxy of the caller's cannot pass the checks with one value and be run with another;
 * then throws an InvalidArgumentError for a key that is not one of `known` (by default `verifyAnswer`'s options), then
 * for the first option of `verifyAnswer` that is not usable. Returns the copy, which alone is read from then on (a
 * getter that throws is the caller's error, passed on as it is).
 */
export function checkVerifyOptions(
  options: VerifyOptions,
  known: readonly string[] = VERIFY_KEYS,
  rules = VERIFY_OPTIONS,
): VerifyOptions {
  // Options that are no plain object (an array, a Map, a Date) are refused before they are read.
  checkOptions(options, 'options');
  try {
    options = copyOf(options, VERIFY_OPTIONS, VERIFY_KEYS) as VerifyOptions;
  } catch (cause) {
    // An option that throws when read (ADR 0051).
    refuseUnreadable(cause, 'options', 'options');
  }
  checkOptionRules(options, rules, 'options', known);
  return options;
}

/**
 * An object's own keys and those of `rules` (and `more`), each read once, into a plain object, the options inside it
 * and lists copied the same way; else as it is. A list (stop words, identifier rules, each copied with its name and
 * pattern) has its length and items read once, and a hole ends it, kept as `undefined` (refused): a sparse list
 * declares a length that nothing fills.
 */
function copyOf(object: unknown, rules: readonly OptionRule[], more: readonly string[] = []): unknown {
  if (!isObject(object)) return object;
  if (Array.isArray(object)) {
    const copy: unknown[] = [];
    for (let i = 0, length = object.length; i < length; i++) {
      const item = object[i];
      copy.push(copyOf(item, [], ['name', 'pattern']));
      if (item === undefined) break;
    }
    return copy;
  }
  // Entries, not assignments: an own `__proto__` key stays a key (refused), never the copy's prototype.
  const entries: [string, unknown][] = [];
  const own = new Set(Object.keys(object as object));
  for (const key of new Set([...own, ...rules.map(([key]) => key), ...more])) {
    const value = (object as Record<string, unknown>)[key];
    if (value === undefined && !own.has(key)) continue;
    const inner = rules.find((rule) => rule[0] === key)?.[3];
    entries.push([key, inner || Array.isArray(value) ? copyOf(value, inner ?? []) : value]);
  }
  return Object.fromEntries(entries);
}
