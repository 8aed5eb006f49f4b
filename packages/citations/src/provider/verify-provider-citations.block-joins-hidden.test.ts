// A word formed across a block join is looked for in the claim as a page shows it: the text of an element a page hides
// (`<span hidden>`, a style that shows nothing, `<script>`, `<style>`, `<template>`) is read as nothing, so it joins
// what stands beside it (`7<span hidden>x</span>300` states `7300`); an element a page shows as a block (`<nav>`,
// `<figure>`, `<dd>`, `<hr>`, table and list parts) is read apart, so an honest claim with one between the two parts of
// a word is not refused (r22 provider #1).
import { describe, expect, it } from 'vitest';
import { checkBlocksCited } from '../__fixtures__/provider-document.js';

const TONNES = ['The ship weighs about 7', '300 tonnes.'];
const EFFECTIVE = ['The treatment was in', 'effective in trials.'];

const check = (claim: string, blocks: readonly string[], support: boolean) =>
  checkBlocksCited(claim, blocks, support ? { support: {} } : {}).rejected;

const ship = (between: string): string => `The ship weighs about 7${between}300 tonnes.`;

describe('verifyProviderCitations: a word formed across a block join, hidden elements read as nothing', () => {
  it.each([
    [ship('<span hidden>x</span>'), TONNES],
    [ship('<span hidden="">x</span>'), TONNES],
    [ship('<span hidden="until-found">x</span>'), TONNES],
    [ship('<SPAN Hidden>x</Span>'), TONNES],
    [ship('<span title="a b" hidden>x y</span>'), TONNES],
    [ship('<b hidden>,</b>'), TONNES],
    [ship('<span style="display:none">x</span>'), TONNES],
    [ship('<span style="DISPLAY : NONE">x</span>'), TONNES],
    [ship("<span style='display: none !important'>x</span>"), TONNES],
    [ship('<span style="color: red; display:none;">x</span>'), TONNES],
    [ship('<span style="display:none !important; display:inline">x</span>'), TONNES],
    [ship('<span style="visibility:hidden">x</span>'), TONNES],
    [ship('<span style="font-size:0">x</span>'), TONNES],
    [ship('<span style="opacity: 0.0">x</span>'), TONNES],
    [ship('<script>x</script>'), TONNES],
    [ship('<script type="module">let a = "</span>";</script>'), TONNES],
    [ship('<style>p { color: red }</style>'), TONNES],
    [ship('<template><p>x</p></template>'), TONNES],
    [ship('<noscript>x</noscript>'), TONNES],
    [ship('<!-- x -->'), TONNES],
    [ship('<span hidden><span>x</span> y</span>'), TONNES],
    [ship('<span hidden><script></span></script> y</span>'), TONNES],
    [ship('<span hidden><!-- </span> --> y</span>'), TONNES],
    [ship('<span hidden>`x`</span>'), TONNES],
    ['The treatment was in<span hidden> not </span>effective in trials.', EFFECTIVE],
    ['The treatment was in<style>.a{}</style>effective in trials.', EFFECTIVE],
  ])('refuses %j (blocks %j)', (claim, blocks) => {
    for (const support of [false, true]) {
      const rejected = check(claim, blocks, support);
      expect(
        rejected.map(([code]) => code),
        String(support),
      ).toEqual(['span_mismatch']);
      expect(rejected[0]![1]).toContain('which the claim states');
    }
  });

  it.each([
    // Hiding nothing: the text stays between the parts, or the parts are shown apart.
    ship('<span style="color:red">x</span>'),
    ship('<span style="display:none; display:inline">x</span>'),
    ship('<span aria-hidden="true">x</span>'),
    ship('<span class="hidden">x</span>'),
    ship('<span hidden>x</span> '),
    ship(' <script>x</script>'),
    // A hidden block in a paragraph ends it: the text either side shows apart.
    ship('<div hidden>x</div>'),
    ship('<div style="display:none">x</div>'),
  ])('does not read %j as the word formed across the join', (claim) => {
    const rejected = check(claim, TONNES, false);
    expect(rejected.filter(([, message]) => message.includes('which the claim states'))).toEqual([]);
  });

  it.each([
    // The word's parts shown, whatever else the element says: the claim states it.
    ship('<span style="color:red">'),
    `The ship weighs about 7<span style="color:red">300</span> tonnes.`,
    `The ship weighs about 7<span aria-hidden="true">300</span> tonnes.`,
    // A hidden element left open ends with its paragraph: the next one shows.
    `A note.<span hidden>x\n\nThe ship weighs about 7300 tonnes.`,
  ])('reads the parts shown in %j as the word', (claim) => {
    const rejected = check(claim, TONNES, false);
    expect(rejected.filter(([, message]) => message.includes('which the claim states'))).toHaveLength(1);
  });
});

describe('verifyProviderCitations: a word formed across a block join, block elements read apart', () => {
  it.each([
    'nav',
    'figure',
    'figcaption',
    'section',
    'article',
    'aside',
    'header',
    'footer',
    'main',
    'details',
    'summary',
    'dialog open',
    'dl',
    'dt',
    'dd',
    'address',
    'fieldset',
    'legend',
    'form',
    'pre',
    'blockquote',
    'center',
    'hgroup',
    'menu',
    'search',
    'ul',
    'li',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'td',
    'th',
    'h3',
    'NAV',
    'figure class="a"',
  ])('does not read the claim with <%s> between the parts as the word', (tag) => {
    const name = tag.split(' ')[0]!;
    for (const between of [`<${tag}>`, `</${name}>`, `<${tag}></${name}>`]) {
      for (const [claim, blocks] of [
        [ship(between), TONNES],
        [`The treatment was in${between}effective in trials.`, EFFECTIVE],
      ] as const) {
        const rejected = check(claim, blocks, false);
        expect(
          rejected.filter(([, message]) => message.includes('which the claim states')),
          claim,
        ).toEqual([]);
      }
    }
  });

  it.each(['<hr>', '<hr/>', '<br>', '<wbr>x'])('reads %j as the void element it is', (tag) => {
    const rejected = check(ship(tag), TONNES, false);
    const stated = rejected.filter(([, message]) => message.includes('which the claim states'));
    expect(stated).toEqual([]);
  });

  it.each(['<span>', '<b></b>', '<wbr>', '<a href="#x">', '<time>', '<label>'])(
    'reads the inline %j as nothing between the parts',
    (tag) => {
      const rejected = check(ship(tag), TONNES, false);
      expect(rejected.map(([code]) => code)).toEqual(['span_mismatch']);
    },
  );
});
