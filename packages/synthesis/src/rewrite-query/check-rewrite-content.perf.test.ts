import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { checkRewriteContent } from './check-rewrite-content.js';
import { checkRewriteMarkup } from './check-rewrite-markup.js';

// The query and rewrite checks alone: nothing of the AI SDK is on their path, so the AI SDK 7 run of the runtime
// matrix leaves this suite out (scripts/matrix/sdk-free-suites.ts).
describe('checkRewriteContent at scale', () => {
  // Every shape where a rule run on the query could start at each character and read on to the end of the run (a
  // web address's scheme after each `.`, `-` or `+`; the signs trailing an operator), and runs of each operator.
  it.each([
    ['letters after dots', (k: number) => 'a.'.repeat(k)],
    ['letters after hyphens', (k: number) => 'a-'.repeat(k)],
    ['letters after plus signs', (k: number) => 'a+'.repeat(k)],
    ['words', (k: number) => 'ab '.repeat(k)],
    ['excluded terms', (k: number) => 'x -'.repeat(k)],
    ['unclosed quotes', (k: number) => '"a '.repeat(k)],
    ['unclosed low quotes', (k: number) => '\u201ea '.repeat(k)],
    ['dots after an excluded term', (k: number) => ` -${'.'.repeat(k)}x`],
    ['dots after an address', (k: number) => ` www.${'.'.repeat(k)}x`],
    ['operators without spaces', (k: number) => 'site:'.repeat(k)],
    ['addresses without spaces', (k: number) => 'www.'.repeat(k)],
    ['at signs', (k: number) => '(@a'.repeat(k)],
    ['hashtags', (k: number) => '(#1_'.repeat(k)],
    ['number ranges', (k: number) => '1..'.repeat(k)],
    ['decimal ranges', (k: number) => '1.2..'.repeat(k)],
    ['dashes', (k: number) => '(--'.repeat(k)],
    ['proximity operators', (k: number) => 'around(1'.repeat(k)],
    // Ranges in any currency, codes before and after numbers, and a query's terms ended by wrappers and scripts.
    ['currency ranges', (k: number) => 'US$1..'.repeat(k)],
    ['codes after numbers', (k: number) => '1USD..'.repeat(k)],
    ['letters around digits', (k: number) => 'ab1'.repeat(k)],
    ['codes before decimals', (k: number) => 'chf1.'.repeat(k)],
    ['backticks in a term', (k: number) => '-a`'.repeat(k)],
    ['scripts changing in a term', (k: number) => 'site:a\u6771'.repeat(k)],
    ['angle brackets after an address', (k: number) => ` www.${'a>'.repeat(k)}`],
  ])('stays linear in the query on repeated %s (CPU time of 8n over n)', (_, build) => {
    const make = (size: number) => {
      const query = build(Math.ceil(size / build(1).length));
      return () => {
        try {
          checkRewriteContent(query, 'deposit');
        } catch {
          // The verdict does not matter here, only the time it takes.
        }
      };
    };
    expect(growth(make, 20_000)).toBeLessThan(BOUND);
  });
});

// A twenty-first review added whole numbers, markup read anywhere and chatter read anywhere: each shape where those
// rules could read on from each character, in the query and the rewrite alike.
describe('checkRewriteMarkup and checkRewriteContent at scale, in the query and the rewrite', () => {
  it.each([
    ['unclosed tags', (k: number) => '<a b'.repeat(k)],
    ['unclosed attribute tags', (k: number) => '<a b='.repeat(k)],
    ['closing tags', (k: number) => '</a>'.repeat(k)],
    ['chat tokens', (k: number) => '<|a'.repeat(k)],
    ['brackets after a word', (k: number) => `${'a'.repeat(k)}${'[1]'.repeat(k)}`],
    ['brackets after digits', (k: number) => '1['.repeat(k)],
    ['citation brackets', (k: number) => '[1]'.repeat(k)],
    ['fences', (k: number) => '```a'.repeat(k)],
    ['lenticular brackets', (k: number) => '\u30101:'.repeat(k)],
    ['semicolons', (k: number) => 'a; '.repeat(k)],
    ['grouped numbers', (k: number) => `1${',000'.repeat(k)}.5`],
    ['dotted numbers', (k: number) => '1.'.repeat(k)],
    ['apostrophes in numbers', (k: number) => "1'1".repeat(k)],
    ['chatter', (k: number) => 'let me know '.repeat(k)],
    ['words before instructions', (k: number) => `ignore ${'all '.repeat(k)}`],
    ['instructions', (k: number) => 'ignore all '.repeat(k)],
    ['sentence ends', (k: number) => '. sorry'.repeat(k)],
    // A second look added spaced groups, number lists, inch marks, spaced and bracketed template tokens, citation
    // lists, character references and refusals and instructions anywhere.
    ['spaced groups', (k: number) => '1 000 '.repeat(k)],
    ['spaced groups without a break', (k: number) => `1${' 000'.repeat(k)},5`],
    ['spaced digits', (k: number) => '1 00'.repeat(k)],
    ['number lists', (k: number) => '1,22,'.repeat(k)],
    ['inch marks', (k: number) => '1" a'.repeat(k)],
    ['spaced tags', (k: number) => '< / '.repeat(k)],
    ['double angles', (k: number) => '<<'.repeat(k)],
    ['bracketed tokens', (k: number) => '[ / '.repeat(k)],
    ['citation lists', (k: number) => `[${'1, '.repeat(k)}`],
    ['character references', (k: number) => '&amp'.repeat(k)],
    ['angle references', (k: number) => '&lt;&#60'.repeat(k)],
    ['refusals', (k: number) => 'i cannot help '.repeat(k)],
    ['everything', (k: number) => `ignore ${'of '.repeat(k)}`],
    ['answers in a language', (k: number) => '. answer only in '.repeat(k)],
    // A twenty-second review added signs, exponents, subscripts, fractions and percent signs to numbers.
    ['signs', (k: number) => ' -1\u2212'.repeat(k)],
    ['superscripts after digits', (k: number) => '1\u00b2'.repeat(k)],
    ['subscripts and superscripts', (k: number) => '\u2082\u00b2'.repeat(k)],
    ['fractions after digits', (k: number) => '1\u00bd'.repeat(k)],
    ['plus signs between digits', (k: number) => '1+11'.repeat(k)],
    ['percent words', (k: number) => '1 per '.repeat(k)],
    ['slashed fractions', (k: number) => '1 1/'.repeat(k)],
    ['spaced percent signs', (k: number) => '1 000 %'.repeat(k)],
    // A second look added numbers side by side, slashed fractions in the query, percent words in other languages, percent
    // signs before digits, dashes after a number and a space, signs before currency signs and exponents.
    ['numbers side by side', (k: number) => '5 of 500 5 500 '.repeat(k)],
    ['slashed fractions', (k: number) => '1/2 1 1/'.repeat(k)],
    ['percent words in other languages', (k: number) => '1 pour 1 proc'.repeat(k)],
    ['percent signs before digits', (k: number) => '%1 %'.repeat(k)],
    ['dashes after a number and spaces', (k: number) => `1${' '.repeat(k)}-1 -1`],
    ['dashes after numbers', (k: number) => '1s -1 -'.repeat(k)],
    ['signs before currency signs', (k: number) => '-$1-$'.repeat(k)],
    ['exponents', (k: number) => '1e-1e'.repeat(k)],
    // A third look added digits side by side across any white space, powers of ten and capital exponents.
    ['white space between digits', (k: number) => '1 \t'.repeat(k)],
    ['no-break spaces between digits', (k: number) => '1\u00a0 \u00a0'.repeat(k)],
    ['mantissas times powers of ten', (k: number) => '1.1\u00d710^'.repeat(k)],
    ['spaced powers of ten', (k: number) => '1 x 10^-'.repeat(k)],
    ['long mantissas', (k: number) => `1.${'0'.repeat(k)}e3`],
    ['long exponents', (k: number) => `1e-${'0'.repeat(k)}1`],
    ['zeros in mantissas', (k: number) => `${'0'.repeat(k)}1${'0'.repeat(k)}e1`],
    ['signs after powers of ten', (k: number) => '10^-1^-'.repeat(k)],
    ['capital exponents', (k: number) => '1E-1E'.repeat(k)],
  ])('stays linear on repeated %s (CPU time of 8n over n)', (_, build) => {
    const make = (size: number) => {
      const text = build(Math.ceil(size / build(1).length));
      return () => {
        for (const [query, rewritten] of [
          [text, 'deposit'],
          ['deposit', text],
          [text, text],
        ] as const) {
          try {
            checkRewriteMarkup(query, rewritten);
          } catch {
            // The verdict does not matter here, only the time it takes.
          }
          try {
            checkRewriteContent(query, rewritten);
          } catch {
            // As above.
          }
        }
      };
    };
    expect(growth(make, 20_000)).toBeLessThan(BOUND);
  });
});
