// The support check counts the words a reader sees: what an element a page never shows holds (`<style>`,
// `<span hidden>`) counts against a claim's coverage, never for it, as markup's own words do (ADR 0048).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { passage } from '../__fixtures__/passage.js';
import { verifyAnswer } from './verify-answer.js';

const WATER = [passage('Water boils at 100 degrees at sea level, and freezes at 0 degrees.')];
// Links are no identifiers here, and a sentence without a marker is no rejection: the support check alone decides.
const codes = (answer: string): string[] =>
  verifyAnswer(answer, WATER, { support: {}, identifiers: [], requireCitations: false }).rejected.map(
    (rejection) => rejection.code,
  );
// Enough of the passage's words to pass the bar if they were counted.
const PAD = 'water boils at 100 degrees at sea level, freezes at 0';

describe('checkUnit: what elements a page never shows hold is no support', () => {
  it('refuses a claim padded with a passage inside <span hidden>, as it is without the padding', () => {
    const passages = [passage('Water boils.'), passage('Aspirin reduces fever and mild pain in adults.')];
    const verify = (answer: string) => verifyAnswer(answer, passages, { support: {} });
    expect(verify('Aspirin cures all cancers [2].').status).toBe('rejected');
    const padded = verify(
      'Aspirin cures all cancers <span hidden>Aspirin reduces fever and mild pain in adults</span> [2].',
    );
    expect(padded.status).toBe('rejected');
    expect(padded.rejected.map((r) => r.code)).toEqual(['unsupported']);
  });

  it.each([
    `<span hidden>${PAD}</span>`,
    `<span hidden="">${PAD}</span>`,
    `<span hidden="until-found">${PAD}</span>`,
    `<p hidden=hidden>${PAD}</p>`,
    `<SPAN Hidden>${PAD}</Span>`,
    `<span title="x" hidden>${PAD}</span>`,
    `<span style="display:none">${PAD}</span>`,
    `<span style='color: red; visibility: hidden'>${PAD}</span>`,
    `<div style="DISPLAY : NONE">${PAD}</div>`,
    `<style>${PAD}</style>`,
    `<script>${PAD}</script>`,
    `<template>${PAD}</template>`,
    `<noscript>${PAD}</noscript>`,
    `<title>${PAD}</title>`,
    `<rp>${PAD}</rp>`,
    // Any inline style: CSS hides text in too many ways to list, so styled text never supports a claim.
    `<span style="display: block">${PAD}</span>`,
    // Nested elements of the same name: the first closing tag closes the inner one.
    `<div hidden><div>x</div> ${PAD}</div>`,
    // Unclosed: the rest of the claim is hidden.
    `<span hidden>${PAD}`,
    `<span hidden/>${PAD}`,
    // A code span inside is hidden with it.
    `<span hidden>\`${PAD}\`</span>`,
    // Inside a script, a tag is text: the span stays open.
    `<span hidden><script></span></script> ${PAD}</span>`,
    // A browser ignores a closing tag while a div opened inside is open.
    `<span hidden><div>x</span> ${PAD}</div></span>`,
    // A closing tag in a comment or an attribute closes nothing.
    `<span hidden><!-- </span> --> ${PAD}</span>`,
    `<span hidden><b title="</span>"> ${PAD}</b></span>`,
    // A class is the page's CSS, which may hide the element (`hidden`, `sr-only`).
    `<span class="hidden">${PAD}</span>`,
  ])('refuses "Aspirin cures %s [1]."', (hidden) => {
    expect(codes(`Aspirin cures ${hidden} [1].`)).toEqual(['unsupported']);
  });

  it('reads an element left open as hiding the claims after it', () => {
    expect(codes(`<span hidden>A note. ${PAD}</span> Aspirin cures cancer [1].`)).toEqual(['unsupported']);
    expect(codes(`<div hidden>A note.\n\n${PAD}\n\nAspirin cures cancer [1].`)).toEqual(['unsupported']);
  });

  // The same padding, shown, supports the claim: words of attributes count against it, the element's content for it.
  it.each([
    `<span>${PAD}</span>`,
    `<span aria-hidden="true">${PAD}</span>`,
    `<span data-hidden title="hidden">${PAD}</span>`,
    `<img hidden src="x.png"> <input type="hidden" name="a"> <br hidden/>${PAD}`,
    `\`<span hidden>\` ${PAD}`,
    `<span hidden>x</span> ${PAD}`,
    `<div hidden><div>x</div>y</div> ${PAD}`,
    `<script>let x = "<div>";</script> ${PAD}`,
    `<textarea><b></textarea> ${PAD}`,
  ])('accepts "Aspirin %s [1]."', (shown) => {
    expect(codes(`Aspirin ${shown} [1].`)).toEqual([]);
  });

  it('reads the claims after an element that closes as shown', () => {
    expect(codes(`A note <span hidden>x</span>. ${PAD} [1].`)).toEqual([]);
    // A `<style>` element is refused where it stands (its CSS may reorder what follows), not in the claims after it.
    expect(codes(`<style>p { color: red }</style> A note. ${PAD} [1].`)).toEqual(['unsupported']);
    expect(codes(`<div hidden>A note.\n\nMore.</div>\n\n${PAD} [1].`)).toEqual([]);
  });
});

describe('checkUnit: hidden elements in linear time (ratio of 8n to n, bound 24; quadratic would be 64)', {
  timeout: 180_000,
}, () => {
  it('verifyAnswer over claims full of nested, raw-text and unclosed hidden elements', () => {
    const make = (size: number) => {
      // Supported: its hidden words (`hidden`, `x`, and closing tags' names) are fewer than those shown.
      const claim = `${PAD} <span hidden><span>x</span><br><script></span></script></span><script><span></script> [1]. `;
      const answer = `${claim.repeat(size)}<span hidden>${Array.from({ length: size }, (_, i) => `<x${i}>Water boils [1]. `).join('')}`;
      return () => {
        const { claims, rejected } = verifyAnswer(answer, WATER, { support: {} });
        if (claims.length !== 1 || rejected.length !== size) throw new Error('wrong verdict');
      };
    };
    expect(growth(make, 500)).toBeLessThan(BOUND);
  });
});
