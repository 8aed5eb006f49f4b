import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { hidesByStyle } from '../provider/hides-by-style.js';
import { verifyProviderCitations } from '../provider/verify-provider-citations.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { formatSources } from './format-sources.js';
import { verifyAnswer } from './verify-answer.js';

// V8 compiles a regular expression without its optimizations once a process has generated a lot of regexp code and
// holds a lot of executable memory, as a long-running app may (ADR 0068, 0069). A repeated class or group compiled so
// keeps backtrack entries for each repetition, and a run of a few million characters overflows its stack: each input
// here threw RangeError before its run was read by a scan, a search or in pieces. The flag puts this process (a fresh
// one: the name makes it a long-run suite, run alone) in that state before the readers compile their patterns (a
// pattern is compiled when first run, not when its module loads). Each input is longer than the smallest that threw.
const TEXT = 'Water boils at 100 degrees Celsius at sea level.';
const passages = [{ ...passage(TEXT), title: 'Boiling water' }];
const CLAIM = 'Water boils at 100 degrees Celsius [1].';
const run = (unit: string, size: number): string => unit.repeat(Math.ceil(size / unit.length));

describe('the verifiers where V8 compiles regular expressions without optimizations', () => {
  beforeAll(() => setFlagsFromString('--no-regexp-optimization'));
  afterAll(() => setFlagsFromString('--regexp-optimization'));

  it('control: verifies a claim after a few block-quote marks', () => {
    expect(verifyAnswer(`> > ${CLAIM}`, passages).claims).toHaveLength(1);
  });

  // Block-quote marks were read by `(?: {0,3}(?:>[ \t]?|…))*` and `(?:[ \t]{0,3}>[ \t]?)*` (threw from about 2
  // million `> `, 4 million characters).
  it('verifies a claim after millions of block-quote marks, whole and streamed', { timeout: 120_000 }, () => {
    const answer = `${run('> ', 6_000_000)}${CLAIM}`;
    const whole = verifyAnswer(answer, passages);
    expect(whole.claims).toHaveLength(1);
    const verifier = createAnswerVerifier(passages);
    verifier.push(answer.slice(0, 3_000_000));
    verifier.push(answer.slice(3_000_000));
    expect(verifier.end()).toEqual(whole);
  });

  // `<[^\s<>]+@` looked for an address in angle brackets across the tag.
  it('verifies a claim holding a tag of millions of characters of quoted values', {
    timeout: 120_000,
  }, () => {
    const answer = `Water boils <a${run('=""', 6_000_000)}> at 100 degrees [1].`;
    expect(verifyAnswer(answer, passages).claims).toHaveLength(1);
  });

  // A bare link's rest was `[^\s<>"]+`.
  it.each([
    ['a bare link', 'https://a.org/'],
    ['a link from www.', 'www.'],
  ])('reads %s of millions of characters as one link', { timeout: 120_000 }, (_, start) => {
    const answer = `Water boils at 100 degrees, see ${start}${run('a', 6_000_000)} [1].`;
    const result = verifyAnswer(answer, passages);
    expect(result.rejected.map((claim) => claim.code)).toEqual(['unknown_identifier']);
  });

  // Code spans read `` `+ ``, fences `` `{3,} `` and `.*`, emphasis `[*~]+|_+`, a bracket's references `&#(\d+)`.
  it.each([
    ['backticks', (n: number) => `Water boils at 100 degrees ${'`'.repeat(n)} [1].`],
    ['a fence', (n: number) => `${'`'.repeat(n)}\nWater boils at 100 degrees [1].`],
    ['stars', (n: number) => `Water boils ${'*'.repeat(n)} at 100 degrees [1].`],
    ['underscores', (n: number) => `Water boils ${'_'.repeat(n)} at 100 degrees [1].`],
    ['a reference', (n: number) => `Water boils at 100 degrees &#${'0'.repeat(n)}49; [1].`],
    // A table's delimiter cell `^[ \t]*:?-+:?[ \t]*$`, a cell's words `\S\s+\S`, an attribute's name and value
    // (`ATTRIBUTES`), a code span's ticks in a quotation `` ^`+ ``, one run of hyphens `^[^-]*-+[^-]*$`, the spaces
    // of a list prefix `^[ \t\u00a0]*`, a source-list entry's prose words `\p{Ll}[\p{L}\p{M}'\u2019-]+`.
    ['dashes in a delimiter cell', (n: number) => `| a | b |\n|${'-'.repeat(n)}|---|\n| ${CLAIM} | y |`],
    ['spaces in a header cell', (n: number) => `| a${' '.repeat(n)}b. | c |\n|---|---|\n| ${CLAIM} | d |`],
    ['an attribute value', (n: number) => `Water boils <a title=${'x'.repeat(n)}>at</a> 100 degrees [1].`],
    ['an attribute name', (n: number) => `Water boils <b a=1${')'.repeat(n)}>at</b> 100 degrees [1].`],
    [
      'backticks in a quotation',
      (n: number) => `Water boils "at ${'`'.repeat(n)}x${'`'.repeat(n)} 100" [1].`,
    ],
    ['hyphens in a quotation', (n: number) => `Water "boils ${'-'.repeat(n)} at" 100 degrees [1].`],
    ['spaces after a list bullet', (n: number) => `- ${' '.repeat(n)}${CLAIM}`],
    ['a word in a source list', (n: number) => `${CLAIM}\n\nSources:\n[1] Boiling water ${'a'.repeat(n)}`],
  ])(
    'verifies an answer holding millions of characters of %s as one holding a few',
    {
      timeout: 120_000,
    },
    (_, answer) => {
      const shape = (n: number) => {
        const result = verifyAnswer(answer(n), passages);
        return {
          status: result.status,
          claims: result.claims.length,
          rejected: result.rejected.map((r) => r.code),
        };
      };
      expect(shape(6_000_000)).toEqual(shape(3));
    },
  );

  // A style's lengths `^([+-]?(?:\d+\.?\d*|\.\d+)…)([a-z]*|%)$`, its words `[ \t\n\f\r]+`, a shape's arguments.
  it.each([
    ['opacity:', '0', ''],
    ['display:block;width:', '0', 'px;overflow:hidden'],
    ['display:none;display:block', ' ', 'x'],
    ['clip-path:inset(50%', ' ', '50%)'],
    ['display:block;transform:scale(', ' ', '0)'],
  ])(
    'reads a style `%s…` of millions of characters as one of a few',
    { timeout: 120_000 },
    (head, unit, tail) => {
      const style = (n: number) => `${head}${unit.repeat(n)}${tail}`;
      expect(hidesByStyle(style(6_000_000), 'div')).toBe(hidesByStyle(style(3), 'div'));
      expect(hidesByStyle(style(3), 'div')).toBe(true);
    },
  );

  // A source's title was read with `\s+`.
  it('formats a source whose title holds millions of spaces', { timeout: 120_000 }, () => {
    expect(formatSources([{ ...passage(TEXT), title: `Boiling${' '.repeat(6_000_000)}water` }])).toContain(
      '[1] Boiling water\n',
    );
  });

  // A provider's answer was read word by word with `/\s+|\S+/g`.
  it("reads a provider's claim after a word of millions of letters as after a few", {
    timeout: 120_000,
  }, () => {
    const claim = 'Water boils at 100 degrees.';
    const verifyLast = (answer: string) => {
      const result = verifyProviderCitations(
        answer,
        [
          {
            document: { index: 0 },
            answer: { start: answer.length - claim.length, end: answer.length },
            citedText: TEXT,
          },
        ],
        passages,
      );
      return { accepted: result.citations.length, rejected: result.rejected.map((r) => r.code) };
    };
    const few = verifyLast(`aa\u200f. ${claim}`);
    expect(few.accepted).toBe(1);
    expect(verifyLast(`${run('a', 6_000_000)}\u200f. ${claim}`)).toEqual(few);
  });
});
