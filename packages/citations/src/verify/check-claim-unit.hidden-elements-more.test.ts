// What elements a page never shows hold is no support (ADR 0048), whichever part opens one (a source-list entry too),
// however CSS spells it (any `style` counts as hiding), and only where a browser parses the tag: `<head>` in prose, or a
// tag in a code block, opens nothing, and a paragraph's end closes a phrasing element left open in it.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { passage } from '../__fixtures__/passage.js';
import type { Passage, Verification } from '../types.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { type VerifyOptions, verifyAnswer } from './verify-answer.js';

const WATER = passage('Water boils at 100 degrees Celsius at sea level.', {
  documentId: 'water',
  title: 'Boiling notes',
  uri: 'https://example.org/boiling',
});
const LONG =
  'Aspirin reduces fever and mild pain in adults and also lowers the risk of heart attacks and strokes in older patients with known vascular disease';
const LEAFLET = passage(`${LONG}.`, { documentId: 'leaflet', uri: 'https://example.org/leaflet' });
const SUPPORT: VerifyOptions = { support: {} };

/** The verification of `answer`, the same whole and streamed 1 and 3 characters at a time. */
function verify(
  answer: string,
  passages: readonly Passage[],
  options: VerifyOptions = SUPPORT,
): Verification {
  const whole = verifyAnswer(answer, passages, options);
  for (const size of [1, 3]) {
    const verifier = createAnswerVerifier(passages, options);
    for (let at = 0; at < answer.length; at += size) verifier.push(answer.slice(at, at + size));
    expect(verifier.end(), `streamed ${size} at a time`).toEqual(whole);
  }
  return whole;
}
const accepted = (v: Verification): string[] => v.claims.map((claim) => claim.text);
const codes = (v: Verification): string[] => v.rejected.map((rejection) => rejection.code);

describe('checkParts: a source-list entry that opens a hidden element hides the claims after it', () => {
  const claim = 'Aspirin cures every cancer [2].';
  it.each([
    ['on the line after it', `<b hidden>\n${LONG}</b> ${claim}`],
    ['past a blank line', `<b hidden>\n\n${LONG}</b> ${claim}`],
    ['by a style', `<i style="font-size:0">\n${LONG}</i> ${claim}`],
  ])('refuses the padded claim %s', (_, rest) => {
    const answer = `Water boils at 100 degrees Celsius at sea level [1].\n\nSources:\n[1] Boiling notes ${rest}`;
    const result = verify(answer, [WATER, LEAFLET]);
    // An entry's own style is refused too: CSS may reorder what follows as well as hide it.
    expect(codes(result)).toEqual(rest.includes('style') ? ['unsupported', 'unsupported'] : ['unsupported']);
    expect(accepted(result)).toEqual(['Water boils at 100 degrees Celsius at sea level [1].']);
  });

  it('accepts the claims after an entry that closes what it opens', () => {
    const answer = `Water boils at 100 degrees Celsius at sea level [1].\n\nSources:\n[1] Boiling notes <b hidden>x</b>\n\n${LONG} [2].`;
    expect(codes(verify(answer, [WATER, LEAFLET]))).toEqual([]);
  });
});

describe('checkUnit: CSS and elements that hide, in any spelling', () => {
  const claim = (open: string, close: string) =>
    verify(`Aspirin cures every cancer ${open}${LONG}${close} [2].`, [WATER, LEAFLET]);
  it.each([
    // Any style hides: CSS has too many ways (and spellings) to list.
    ['<span style="display&colon;none">', '</span>'],
    ['<span style="display&#58;none">', '</span>'],
    ['<span style="display:&#110;one">', '</span>'],
    ['<span style="display:/**/none">', '</span>'],
    ['<span style="d\\isplay:none">', '</span>'],
    ['<span style="display:\\6e one">', '</span>'],
    ['<span style="font-size:0">', '</span>'],
    ['<span style="opacity:0">', '</span>'],
    ['<span style="color:transparent">', '</span>'],
    ['<span style="position:absolute;left:-9999px">', '</span>'],
    ['<span style="clip:rect(0 0 0 0)">', '</span>'],
    ['<span STYLE=x>', '</span>'],
    ['<span style>', '</span>'],
    // Shown only when open, or not as text.
    ['<dialog>', '</dialog>'],
    ['<details><summary>More</summary>', '</details>'],
    ['<details class="x">', '</details>'],
    ['<svg>', '</svg>'],
    // A tab before the attribute.
    ['<span\thidden>', '</span>'],
  ])('refuses "Aspirin cures every cancer %s…%s [2]."', (open, close) => {
    expect(codes(claim(open, close))).toEqual(['unsupported']);
  });

  it.each([
    ['<details open><summary>More</summary>', '</details>'],
    ['<dialog open>', '</dialog>'],
    ['<math>', '</math>'],
    ['<span data-style="x" title="style hidden">', '</span>'],
    ['<head>', ''],
  ])('accepts "Aspirin %s…%s [2]."', (open, close) => {
    expect(codes(verify(`Aspirin ${open}${LONG}${close} [2].`, [WATER, LEAFLET]))).toEqual([]);
  });
});

describe('checkUnit: an honest answer with tags a browser never opens keeps its later claims', () => {
  const page = passage(
    'Put the meta tag inside the head element of the page. Aspirin reduces fever and mild pain in adults.',
    { documentId: 'page' },
  );
  const tail =
    '\n\nAspirin reduces fever and mild pain in adults [2].\n\nWater boils at 100 degrees Celsius at sea level [1].';
  it.each([
    'Put the meta tag inside the <head> element of the page [2].',
    'Put the meta tag inside the <HEAD> element of the page [2].',
    'Put the meta tag inside the head element of the page [2]:\n\n```html\n<head>\n  <meta charset="utf-8">\n```',
  ])('accepts every claim of "%s…"', (start) => {
    const result = verify(start + tail, [WATER, page]);
    expect(codes(result).filter((code) => code !== 'no_marker')).toEqual([]);
    expect(accepted(result)).toHaveLength(3);
  });

  // A line of a fenced code block shows its tags as typed: an unclosed one in a snippet hides nothing after it.
  it.each([
    '```jsx\n<iframe src={src} />\n```',
    '```vue\n<template>\n  <div>{{ x }}</div>\n```',
    '~~~html\n<span hidden>\n~~~',
  ])('accepts the claims after the code block "%s"', (code) => {
    const result = verify(`Put the meta tag inside the head element of the page [2]:\n\n${code}${tail}`, [
      WATER,
      page,
    ]);
    expect(accepted(result)).toHaveLength(3);
  });

  // A known gap (docs/limitations.md): an indented code block's tags are read as a page's, so an unclosed one hides
  // the claims after it (a refusal, never an acceptance). Drop `.fails` once indented code is read as typed.
  it.fails('accepts the claims after an indented code block', () => {
    const result = verify(
      `Put the meta tag inside the head element of the page [2]:\n\n    <video src="a.mp4" />${tail}`,
      [WATER, page],
    );
    expect(accepted(result)).toHaveLength(3);
  });

  it('still hides what a hidden element holds on a code line inside it', () => {
    const padded = `${LONG}, and it cures every cancer [2].`;
    const refused = codes(verify(`<div hidden>\n\n\`\`\`\n${LONG}\n\`\`\`\n\n${padded}`, [WATER, LEAFLET]));
    expect(refused.filter((code) => code !== 'no_marker')).toEqual(['unsupported']);
  });

  it('still hides the paragraphs after a <div hidden> on its own line, and after a <b hidden> in prose', () => {
    const padded = `${LONG}, and it cures every cancer [2].`;
    const refused = (answer: string) =>
      codes(verify(answer, [WATER, LEAFLET])).filter((code) => code !== 'no_marker');
    expect(refused(padded)).toEqual([]);
    expect(refused(`<div hidden>\n\n${padded}`)).toEqual(['unsupported']);
    expect(refused(`<div hidden>\n\nA note.\n\n${padded}`)).toEqual(['unsupported']);
    expect(refused(`A note <b hidden>here.\n\n${padded}`)).toEqual(['unsupported']);
  });
});

describe('hidden elements in linear time (ratio of 8n to n, bound 24; quadratic would be 64)', {
  timeout: 180_000,
}, () => {
  it('verifyAnswer over entries that open hidden elements and tags of many attributes', () => {
    const make = (size: number) => {
      const tag = `<span${' a="b"'.repeat(size)}${'/x'.repeat(size)} title="hidden">`;
      const entries = Array.from({ length: size }, () => '[1] Boiling notes <b hidden>x</b>').join('\n');
      const answer = `${tag}${LONG}</span> [2].\n\nSources:\n${entries}\n\n${LONG} [2].`;
      return () => {
        const { claims } = verifyAnswer(answer, [WATER, LEAFLET], SUPPORT);
        if (claims.length !== 2) throw new Error('wrong verdict');
      };
    };
    expect(growth(make, 200)).toBeLessThan(BOUND);
  });
});
