import { TRAILING_PUNCTUATION, trimEnd } from '../text/trim-end.js';

/** A built-in identifier rule name, or a custom rule: every match in a claim must occur in its cited passages. */
export type IdentifierRule = 'ecli' | 'doi' | 'url' | { name: string; pattern: RegExp };

/** An identifier rule ready to run: a global regex and how to compare a match with passage text. */
export interface CompiledIdentifierRule {
  name: string;
  pattern: RegExp;
  /** Canonical form of a match (trailing punctuation trimmed, case folded where the scheme is case-insensitive). */
  canonical: (match: string) => string;
  /** Canonical form of the text the match is looked up in. */
  haystack: (text: string) => string;
}

/** One identifier found in a claim. */
export interface FoundIdentifier {
  rule: string;
  value: string;
}

// Linear-time patterns: a bounded prefix, then one greedy class; no nested quantifiers.
const ECLI = /\bECLI:[A-Z]{2}:[A-Z0-9.]{1,7}:\d{4}:[A-Z0-9.]{1,25}/gi;
const DOI = /\b10\.\d{4,9}\/[^\s"<>]+/g;
const URL_PATTERN = /\bhttps?:\/\/[^\s<>"]+/gi;
const identity = (text: string): string => text;
const lower = (text: string): string => text.toLowerCase();

const BUILT_IN: Record<'ecli' | 'doi' | 'url', CompiledIdentifierRule> = {
  ecli: {
    name: 'ecli',
    pattern: ECLI,
    canonical: (m) => trimEnd(m, '.').toUpperCase(),
    haystack: (t) => t.toUpperCase(),
  },
  doi: {
    name: 'doi',
    pattern: DOI,
    canonical: (m) => trimEnd(m, TRAILING_PUNCTUATION).toLowerCase(),
    haystack: lower,
  },
  url: {
    name: 'url',
    pattern: URL_PATTERN,
    canonical: (m) => trimEnd(m, `${TRAILING_PUNCTUATION}/`),
    haystack: identity,
  },
};

/** Default rules: ECLI, DOI and URL. */
export const DEFAULT_IDENTIFIER_RULES: readonly IdentifierRule[] = ['ecli', 'doi', 'url'];

/** Compiles rule names and custom `{ name, pattern }` rules (a copy of the pattern with the `g` flag forced). */
export function compileIdentifierRules(rules: readonly IdentifierRule[]): CompiledIdentifierRule[] {
  return rules.map((rule) => {
    if (typeof rule === 'string') {
      const builtIn = Object.hasOwn(BUILT_IN, rule) ? BUILT_IN[rule] : undefined;
      if (builtIn === undefined)
        throw new TypeError(`Unknown identifier rule "${String(rule)}"; expected ecli, doi or url.`);
      return builtIn;
    }
    if (
      typeof rule !== 'object' ||
      rule === null ||
      !(rule.pattern instanceof RegExp) ||
      typeof rule.name !== 'string'
    ) {
      throw new TypeError('Expected a custom identifier rule shaped { name: string, pattern: RegExp }.');
    }
    const flags = rule.pattern.flags.includes('g') ? rule.pattern.flags : `${rule.pattern.flags}g`;
    return {
      name: rule.name,
      pattern: new RegExp(rule.pattern.source, flags.replace('y', '')),
      canonical: identity,
      haystack: identity,
    };
  });
}

const NON_ASCII = /[^\x00-\x7f]/;
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/**
 * The text identifiers are matched in: NFKC (full-width digits and letters become ASCII) with zero-width and
 * bidi characters removed, so an identifier that renders like a real one is read as one. Claims and passages
 * are folded alike.
 */
export function foldIdentifierText(text: string): string {
  return NON_ASCII.test(text) ? text.normalize('NFKC').replace(INVISIBLE, '') : text;
}

/** Every identifier the rules find in a text (folded with {@link foldIdentifierText}), in canonical form. */
export function findIdentifiers(input: string, rules: readonly CompiledIdentifierRule[]): FoundIdentifier[] {
  const found: FoundIdentifier[] = [];
  const text = foldIdentifierText(input);
  for (const rule of rules) {
    const pattern = rule.pattern;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      if (match[0] === '') {
        pattern.lastIndex++;
        continue;
      }
      const value = rule.canonical(match[0]);
      if (value !== '') found.push({ rule: rule.name, value });
    }
  }
  return found;
}
