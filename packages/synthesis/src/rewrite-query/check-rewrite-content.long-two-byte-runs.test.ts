import { describe, expect, it } from 'vitest';
import { checkRewriteContent } from './check-rewrite-content.js';

// V8 keeps a backtrack entry per character a repeated class reads in a string beyond Latin-1 (`\p{Nd}+`,
// `[\p{L}\p{N}_]+`, `\s+`), so a run of millions overflowed its stack: each check must return a verdict instead. Each
// run is the smallest that overflowed: 4.2 million letters or digits, 8.5 million of a narrower class; several runs
// are joined in one text (parted by ` x `), each read by the rules it overflowed. `rewriteQuery` calls this check.
const TIMEOUT = 120_000;
const letters = '\u6771'.repeat(4.2e6); // 東
const digits = '\u0967'.repeat(4.2e6); // Devanagari one
const long = 8.5e6;
const joined = (runs: string[]): string => runs.join(' x ');

const verdict = (query: string, rewritten: string): string => {
  try {
    checkRewriteContent(query, rewritten);
    return 'kept';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
};

describe('checkRewriteContent on long runs in a two-byte string', () => {
  it(
    'reads handles, hashtags, number ranges and proximity operators of millions of characters',
    () => {
      const query = joined([
        `@${letters}`,
        `#${letters}`,
        `#${digits}a`,
        `around(${digits})`,
        `${digits}..1`,
      ]);
      expect(verdict(query, query)).toBe('kept');
      expect(verdict('a', `a @${letters} #${letters}`)).toBe('added_operator');
    },
    TIMEOUT,
  );

  it(
    'reads numbers whose parts, exponents and subscripts run to millions of digits',
    () => {
      const query = joined([
        `1.${digits}`,
        `1e${digits}`,
        `1^${digits}`,
        `1_${digits}`,
        `${digits}/1`,
        `1,000.${digits}`,
        `1\u2044${digits}`,
        `a ${digits}E`,
      ]);
      expect(verdict(query, 'a')).toBe('dropped_term');
      expect(verdict(`a ${digits}E`, `a ${digits}E`)).toBe('kept');
    },
    TIMEOUT,
  );

  it(
    'reads a mantissa of millions of digits, superscripts, subscripts and spaces between digits',
    () => {
      const query = joined([
        `\u6771${'1'.repeat(long)}e3`,
        `1${'\u2070'.repeat(long)}`,
        `1${'\u2080'.repeat(long)}`,
        `1${'\u3000'.repeat(long)}1`,
      ]);
      expect(verdict(query, 'a')).toBe('dropped_term');
    },
    TIMEOUT,
  );
});
