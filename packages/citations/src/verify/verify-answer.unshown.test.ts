// What a page does not show, or shows struck out, is no support: a reference link's label and a footnote reference's
// label, elements whose content is fallback or never drawn, the `popover` attribute, TeX phantoms, struck-through text.
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import type { Passage, Verification } from '../types.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { type VerifyOptions, verifyAnswer } from './verify-answer.js';

const LONG =
  'Aspirin reduces fever and mild pain in adults and also lowers the risk of heart attacks and strokes in older patients with known vascular disease';
const LEAFLET = passage(`${LONG}.`, { documentId: 'leaflet', uri: 'https://example.org/leaflet' });
const OTHER = passage('Water boils at 100 degrees Celsius at sea level.', { documentId: 'water' });
const SUPPORT: VerifyOptions = { support: {} };
const LABEL = LONG.toLowerCase();
const FAKE = 'Aspirin cures every cancer';

/** The verification of `answer`, the same whole and streamed 1 and 3 characters at a time. */
function verify(answer: string, passages: readonly Passage[] = [LEAFLET, OTHER]): Verification {
  const whole = verifyAnswer(answer, passages, SUPPORT);
  for (const size of [1, 3]) {
    const verifier = createAnswerVerifier(passages, SUPPORT);
    for (let at = 0; at < answer.length; at += size) verifier.push(answer.slice(at, at + size));
    expect(verifier.end(), `streamed ${size} at a time`).toEqual(whole);
  }
  return whole;
}
const accepted = (v: Verification): string[] => v.claims.map((claim) => claim.text);

describe('support: a label a page never shows', () => {
  it.each([
    ['a full reference link', `${FAKE} [see][${LABEL}] [1].\n\n[${LABEL}]: https://example.org/x "[2]"`],
    ['a label after a marker', `${FAKE} [1][${LABEL}].\n\n[${LABEL}]: https://example.org/x "[2]"`],
    ['an undefined label', `${FAKE} [see][${LABEL}] [1].`],
    ['a footnote reference', `${FAKE} [^${LABEL.replace(/ /g, '-')}] [1].`],
  ])('refuses the claim padded by %s', (_, answer) => {
    expect(accepted(verify(answer))).not.toContain(answer.split('\n')[0]);
  });

  it('accepts a claim with a reference link whose text the passage holds', () => {
    const answer = `Aspirin reduces fever and mild pain in [adults][a] [1].\n\n[a]: https://example.org/a`;
    expect(accepted(verify(answer))).toContain('Aspirin reduces fever and mild pain in [adults][a] [1].');
  });
});

describe('support: elements whose content a browser does not draw', () => {
  it.each([
    ['<span popover>', '</span>'],
    ['<b popover="auto">', '</b>'],
    ['<font color="white">', '</font>'],
    ['<progress>', '</progress>'],
    ['<meter>', '</meter>'],
    ['<math><mphantom>', '</mphantom></math>'],
    ['<math><semantics><mi>x</mi><annotation>', '</annotation></semantics></math>'],
    ['<object data="x.png" type="image/png">', '</object>'],
    ['<select><option>see</option><option>', '</option></select>'],
    ['$\\phantom{', '}$'],
    ['$\\hphantom {', '}$'],
    ['\\(\\vphantom{', '}\\)'],
    ['$$\\phantom{', '}$$'],
    ['$\\phantom{\\text{a}', '}$'],
  ])('refuses the claim padded by %s…%s', (open, close) => {
    const answer = `${FAKE} ${open}${LONG}${close} [1].`;
    expect(accepted(verify(answer))).toEqual([]);
  });

  it('accepts a claim beside a phantom that hides nothing of it', () => {
    const answer = `${LONG} $x\\phantom{0}$ [1].`;
    expect(accepted(verify(answer))).toEqual([answer]);
  });
});

describe('support: struck-through text is not asserted', () => {
  it.each([
    ['~~', '~~'],
    ['~', '~'],
    ['<del>', '</del>'],
    ['<s>', '</s>'],
    ['<strike>', '</strike>'],
  ])('refuses the claim padded by %s…%s', (open, close) => {
    const answer = `${FAKE} ${open}${LONG}${close} [1].`;
    expect(accepted(verify(answer))).toEqual([]);
  });

  it('refuses struck text over many sentences', () => {
    const answer = `~~${LONG}. ${LONG}~~ ${FAKE} [1].`;
    expect(accepted(verify(answer))).toEqual([]);
  });

  it.each([
    `Aspirin ~~raises~~ reduces fever and mild pain in adults [1].`,
    `Aspirin <del>raises</del> reduces fever and mild pain in adults [1].`,
    `Aspirin reduces fever and mild pain in adults at ~5 to 10 degrees [1].`,
    `Aspirin reduces fever and mild pain in adults [1]. It costs ~2 dollars and ~3 euros [1].`,
  ])('accepts an honest claim: %s', (answer) => {
    expect(accepted(verify(answer))).toContain(answer.split(' It costs')[0]);
  });

  it('still checks a quotation inside struck text', () => {
    const answer = `Aspirin reduces fever ~~"and cures every cancer in adults"~~ and mild pain in adults [1].`;
    expect(verify(answer).rejected.map((r) => r.code)).toEqual(['quote_not_found']);
  });
});

// r17 second look: a `~~` or a TeX phantom left open struck every later claim, across paragraphs, headings and list
// items, though no inline span crosses a block.
describe('support: a strikethrough or a phantom never runs past its block', () => {
  const CLAIM = `${LONG} [1].`;
  it.each([
    `Prices rose ~~10% last year.\n\n- ${CLAIM}\n\n## Notes\n\n${CLAIM.replace('Aspirin', 'Aspirin also')}`,
    `# ~~Draft\n\n${CLAIM}`,
    `Prices rose ~~10% last year.\n\n${CLAIM}`,
    `Prices rose ~~10% last year.\r\n\r\n${CLAIM}`,
    `- Prices rose ~~10% last year.\n- ${CLAIM}`,
    `Prices rose $\\phantom{10% last year.\n\n${CLAIM}`,
    `Prices rose $$\\phantom{10% last year.\n\n${CLAIM}`,
  ])('accepts the claim after an unclosed opener in another block: %j', (answer) => {
    expect(accepted(verify(answer))).toContain(CLAIM);
  });

  it.each([
    `${FAKE} ~~${LONG}\ncontinued~~ [1].`,
    `${FAKE} ~~${LONG}\r\ncontinued~~ [1].`,
    `~~${LONG}\n${LONG}~~ ${FAKE} [1].`,
    `~~${LONG}\r\n${LONG}~~ ${FAKE} [1].`,
    `Intro ~~x.\n${LONG}~~ ${FAKE} [1].`,
    `${FAKE} $\\phantom{${LONG}\n}$ [1].`,
  ])('still refuses the claim padded by a stretch struck across a soft line break: %j', (answer) => {
    expect(accepted(verify(answer))).toEqual([]);
  });
});
