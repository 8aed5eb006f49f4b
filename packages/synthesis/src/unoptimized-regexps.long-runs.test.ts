import { setFlagsFromString } from 'node:v8';
import { generateText, wrapLanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askExtractive } from './__fixtures__/ask-extractive.js';
import { generateResult, MockLanguageModel } from './__fixtures__/mock-models.js';
import { passage } from './__fixtures__/passages.js';
import { redactionMiddleware } from './redaction/redaction-middleware.js';
import { rewriteQuery } from './rewrite-query/rewrite-query.js';
import { acceptedText } from './synthesize/accepted-text.js';
import { scriptedModel } from './__fixtures__/mock-models.js';

// V8 compiles a regular expression without its optimizations once a process has generated a lot of regexp code, as a
// long-running app may (ADR 0068, 0069); a repeated class compiled so keeps a backtrack entry per character, and a run
// of about four million overflows its stack. The flag puts this process (a fresh one: a long-run suite, run alone) in
// that state before the readers compile their patterns.
describe('synthesis where V8 compiles regular expressions without optimizations', () => {
  beforeAll(() => setFlagsFromString('--no-regexp-optimization'));
  afterAll(() => setFlagsFromString('--regexp-optimization'));

  // The sentence cues read `\s+` between words (`Pets;` then millions of spaces threw); a long run is cut first.
  it('reads a list item whose `and` follows millions of spaces', { timeout: 120_000 }, async () => {
    const text = `Pets;${' '.repeat(6_000_000)}and`;
    const answer = await askExtractive('pets?', [passage('a', text)]);
    expect(answer.endsWith('and [1]')).toBe(true);
  });

  // A word's letters, `^[a-z]+$` where it is stemmed (a cell's word is a term of its own).
  it.each([
    ['a word of millions of letters', (n: number) => `Pets are allowed ${'a'.repeat(n)} here.`, 'aaa'],
    ['a cell of millions of letters', (n: number) => `|${'a'.repeat(n)}|Pets are allowed.`, 'aaa'],
    [
      'a table row after millions of spaces',
      (n: number) => `| Pets |\n|---|\n|${' '.repeat(n)}Pets are allowed. |`,
      '   ',
    ],
  ])(
    'answers from a passage holding %s as from one holding a few',
    { timeout: 120_000 },
    async (_, text, few) => {
      const short = await askExtractive('pets?', [passage('a', text(3))]);
      const long = await askExtractive('pets?', [passage('a', text(6_000_000))]);
      expect(long === short.replace(few, few[0]!.repeat(6_000_000))).toBe(true);
    },
  );

  // A table's delimiter cell, `^[ \t]*:?-+:?[ \t]*$` where a cut is written.
  it('writes the accepted text of a table whose delimiter cell holds millions of dashes', {
    timeout: 120_000,
  }, () => {
    // The header row's cell is cut: the row is kept, emptied, only if a delimiter row follows it.
    const table = (dashes: number) => `| Cut. |\n|${'-'.repeat(dashes)}|\n| Kept [1]. |`;
    const accepted = (text: string) =>
      acceptedText(text, [{ start: text.indexOf('Cut.'), end: text.indexOf('Cut.') + 4 }]);
    const few = accepted(table(3));
    expect(few).toBe('|  |\n|---|\n| Kept [1]. |');
    expect(accepted(table(6_000_000)) === few.replace('---', '-'.repeat(6_000_000))).toBe(true);
  });

  // A caller's own pattern cannot be read another way: when it throws on the prompt, the call is refused with a code
  // naming the pattern, and the model is never called.
  it("refuses with a code a caller's pattern that throws on the prompt", { timeout: 120_000 }, async () => {
    let called = false;
    const model = wrapLanguageModel({
      model: new MockLanguageModel({
        doGenerate: async () => {
          called = true;
          return generateResult('Done.');
        },
      }),
      middleware: redactionMiddleware({
        defaults: false,
        patterns: [{ name: 'code', pattern: /Q[^Z]{8,}Z/g }],
      }),
    });
    await expect(
      generateText({ model, prompt: `Code Q${'a'.repeat(6_000_000)}Z here.` }),
    ).rejects.toMatchObject({
      code: 'invalid_argument',
      parameter: 'patterns.code.pattern',
    });
    expect(called).toBe(false);
  });

  // The label readers read `\s+` between label words, the markup readers `[^<>]*` in a tag and `[digits]+` in a
  // bracket, the operators a term's rest as `[^\s]*`: each threw on a run of millions.
  it('gives a rewrite with a run of millions in a label, a tag or a bracket the verdict a short one gets', {
    timeout: 120_000,
  }, async () => {
    const verdict = (query: string, rewrite: string, maxLength?: number) =>
      rewriteQuery({ model: scriptedModel(rewrite), query, maxLength }).then(
        () => 'ok',
        (error: { code?: string; message: string }) => error.code ?? error.message,
      );
    const LONG = 6_000_000;
    expect(await verdict('a', `final${' '.repeat(LONG)}query: \u6771`)).toBe('labelled');
    expect(await verdict('a', `the${' '.repeat(LONG)}\u6771`)).toBe('too_long');
    expect(await verdict('a', `<a ${'b'.repeat(LONG)}\u6771`)).toBe('too_long');
    expect(await verdict('a', `[${'\u0967'.repeat(LONG)}]`)).toBe('markup');
    expect(await verdict(`site:${'.'.repeat(LONG)} \u6771`, 'deposit', 10_000_000)).toBe('ok');
    expect(await verdict(`-a${'\u2014'.repeat(LONG)}`, 'deposit', 10_000_000)).toBe('ok');
    // An excluded term after a run of `-`, `-+[^\s-]`.
    const dashes = (n: number) => `cheap flights ${'-'.repeat(n)}=`;
    expect(await verdict('cheap flights', dashes(LONG), 10_000_000)).toBe(
      await verdict('cheap flights', dashes(3)),
    );
    expect(await verdict(dashes(LONG), dashes(LONG), 20_000_000)).toBe(await verdict(dashes(3), dashes(3)));
    // A quoted phrase, `\u201c([^\u201c\u201d\n]+)\u201d`: kept whole, or dropped.
    const phrase = (n: number) => `\u201c${'p'.repeat(n)}\u201d deposit`;
    expect(await verdict(phrase(LONG), phrase(LONG), 20_000_000)).toBe(await verdict(phrase(3), phrase(3)));
    expect(await verdict(phrase(LONG), 'deposit', 20_000_000)).toBe(await verdict(phrase(3), 'deposit'));
  });
});
