import { describe, expect, it } from 'vitest';
import { scriptedModel } from '../__fixtures__/mock-models.js';
import { rewriteQuery } from './rewrite-query.js';

// V8 keeps a backtrack entry per character a repeated class reads in a string beyond Latin-1, so a run of millions
// overflowed its stack in the label and markup patterns: each reply must get the verdict a short one gets instead.
// 8.5 million one-unit characters or 4.2 million letters, each run ending in a two-byte letter; `too_long` is the
// verdict where the same reply made short holds no label or markup.
const TIMEOUT = 120_000;
const A = 8.5e6;
const H = '\u6771';
const letters = H.repeat(4.2e6);

/** The error code of `rewriteQuery` on `rewrite`, or `ok`. */
async function verdict(query: string, rewrite: string): Promise<string> {
  return rewriteQuery({ model: scriptedModel(rewrite), query }).then(
    () => 'ok',
    (error: { code?: string; message: string }) => error.code ?? error.message,
  );
}

describe('rewriteQuery on long runs in a two-byte label or markup', () => {
  it(
    'reads a label after or inside a long run of marks, spaces, joiners or letters',
    async () => {
      const cases: Array<[string, string]> = [
        [`${'*'.repeat(A)} ${H}`, 'too_long'],
        [`1. ${'*'.repeat(A)}${H}`, 'markup'],
        [`1.${'\t'.repeat(A)}${H}`, 'markup'],
        [`the${' '.repeat(A)}${H}`, 'too_long'],
        [`[${letters}`, 'too_long'],
        [`[a${' '.repeat(A)}${H}`, 'too_long'],
        [`{${' '.repeat(A)}${H}`, 'too_long'],
        [`[${'_'.repeat(A)}query] ${H}`, 'labelled'],
        [`final${' '.repeat(A)}query: ${H}`, 'labelled'],
        [`[${'\u{1d400}'.repeat(2.1e6)} query] a`, 'labelled'],
      ];
      for (const [rewrite, code] of cases) expect(await verdict('a', rewrite)).toBe(code);
    },
    TIMEOUT,
  );

  it(
    'reads tags and citation markers in a long run of letters, digits or a tag name',
    async () => {
      const cases: Array<[string, string, string]> = [
        ['a', `</a${'b'.repeat(A)}${H}`, 'too_long'],
        [`</a${'b'.repeat(A)}${H}`, 'a', 'ok'],
        ['a', `<a ${'b'.repeat(A)}${H}`, 'too_long'],
        ['a', `<a b="${letters}"`, 'markup'],
        ['a', `a${letters}[1]`, 'too_long'],
        ['a', `[1${'1'.repeat(A)}${H}`, 'too_long'],
        ['a', `[${'\u0967'.repeat(4.2e6)}]`, 'markup'],
      ];
      for (const [query, rewrite, code] of cases) expect(await verdict(query, rewrite)).toBe(code);
    },
    TIMEOUT,
  );
});
