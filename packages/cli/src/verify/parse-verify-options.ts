import type { VerifyOptions } from '@gk/citations';
import { escapeTerminalText } from '../terminal/escape-terminal-text.js';
import { isRecord } from './field-path.js';

/** The result of {@link parseVerifyOptions}: options, or the field that is wrong and why. */
export type ParseVerifyOptionsResult =
  | { success: true; data: VerifyOptions }
  | { success: false; error: { field: string; message: string } };

const IDENTIFIERS = ['ecli', 'doi', 'url', 'url-loose', 'email'] as const;
const MAX_STOP_WORDS = 10_000;

/**
 * Reads `VerifyOptions` from JSON (a log line's `options`, or a `--options` file). Custom identifier patterns
 * are refused: a regular expression from a log would run on every claim, so only the built-in rules are named.
 */
export function parseVerifyOptions(value: unknown, field = 'options'): ParseVerifyOptionsResult {
  // A key comes from the log: escaped and cut short, since the field is printed on a terminal.
  const fail = (key: string, message: string): ParseVerifyOptionsResult => ({
    success: false,
    error: {
      field:
        key === '' ? field : `${field}.${escapeTerminalText(key.length > 40 ? `${key.slice(0, 40)}…` : key)}`,
      message,
    },
  });
  if (!isRecord(value)) return fail('', `expected an object, received ${describe(value)}`);
  const options: VerifyOptions = {};
  for (const [key, entry] of Object.entries(value)) {
    switch (key) {
      case 'unit':
        if (entry !== 'sentence' && entry !== 'line')
          return fail(key, `expected "sentence" or "line", received ${show(entry)}`);
        options.unit = entry;
        break;
      case 'locale': {
        if (typeof entry !== 'string' || entry.length === 0 || entry.length > 64 || !isLocale(entry)) {
          return fail(key, `expected a BCP 47 language tag, received ${show(entry)}`);
        }
        options.locale = entry;
        break;
      }
      case 'requireCitations':
      case 'ranges':
        if (typeof entry !== 'boolean') return fail(key, `expected true or false, received ${show(entry)}`);
        options[key] = entry;
        break;
      case 'noSourceToken':
        if (typeof entry !== 'string' || entry.length > 1000)
          return fail(key, `expected a string, received ${show(entry)}`);
        options.noSourceToken = entry;
        break;
      case 'identifiers': {
        if (
          !Array.isArray(entry) ||
          !entry.every((name) => (IDENTIFIERS as readonly unknown[]).includes(name))
        ) {
          return fail(
            key,
            `expected an array of ${IDENTIFIERS.map((name) => `"${name}"`).join(', ')}, received ${show(entry)}`,
          );
        }
        options.identifiers = [...new Set(entry as Array<(typeof IDENTIFIERS)[number]>)];
        break;
      }
      case 'support': {
        if (entry === false || entry === true) {
          options.support = entry ? {} : false;
          break;
        }
        if (!isRecord(entry))
          return fail(key, `expected false, true or { minCoverage?, stopWords? }, received ${show(entry)}`);
        const support: { minCoverage?: number; stopWords?: string[] } = {};
        for (const [name, setting] of Object.entries(entry)) {
          if (name === 'minCoverage') {
            if (typeof setting !== 'number' || !(setting >= 0 && setting <= 1)) {
              return fail(`support.${name}`, `expected a number from 0 to 1, received ${show(setting)}`);
            }
            support.minCoverage = setting;
          } else if (name === 'stopWords') {
            if (
              !Array.isArray(setting) ||
              setting.length > MAX_STOP_WORDS ||
              !setting.every((word) => typeof word === 'string')
            ) {
              return fail(`support.${name}`, `expected an array of at most ${MAX_STOP_WORDS} strings`);
            }
            support.stopWords = setting as string[];
          } else {
            return fail(`support.${name}`, 'unknown key; expected minCoverage or stopWords');
          }
        }
        options.support = support;
        break;
      }
      case 'quotes': {
        if (typeof entry === 'boolean') {
          options.quotes = entry;
          break;
        }
        if (!isRecord(entry) || Object.keys(entry).some((name) => name !== 'minLength')) {
          return fail(key, `expected true, false or { minLength }, received ${show(entry)}`);
        }
        const minLength = entry.minLength;
        if (minLength !== undefined && !(Number.isSafeInteger(minLength) && (minLength as number) >= 1)) {
          return fail('quotes.minLength', `expected a positive integer, received ${show(minLength)}`);
        }
        options.quotes = minLength === undefined ? {} : { minLength: minLength as number };
        break;
      }
      default:
        return fail(
          key,
          'unknown key; expected unit, locale, requireCitations, ranges, identifiers, support, noSourceToken or quotes',
        );
    }
  }
  return { success: true, data: options };
}

function isLocale(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

function describe(value: unknown): string {
  return Array.isArray(value) ? 'an array' : value === null ? 'null' : typeof value;
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return describe(value);
}
