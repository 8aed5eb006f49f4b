import type { Citation } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { buildEchoCase, type EchoDocument } from './build-echo-case.js';
import { EchoCheckError } from './echo-check-error.js';
import { scoreEchoCase } from './score-echo-case.js';

const echoCase = buildEchoCase({ caseId: 'case-1', templateId: 'recipe' });
const passages = [echoCase.positive.passage, echoCase.decoy.passage];
const options = { passages };

function cite(document: EchoDocument, source: number, passage = document.passage): Citation {
  return {
    source,
    documentId: document.documentId,
    chunkId: passage.chunkId,
    start: passage.start,
    end: passage.end,
    text: passage.text,
  };
}
// The text states the positive's value: a grounded answer must (an answer that does not is `wrong_source`).
const synthesized = (...citations: unknown[]) => ({
  answer: { text: `It uses ${echoCase.positive.value} grams.`, citations: citations as Citation[] },
});

describe('scoreEchoCase', () => {
  it('scores a grounded citation of the positive passage', async () => {
    expect(await scoreEchoCase(echoCase, synthesized(cite(echoCase.positive, 1)), options)).toEqual({
      outcome: 'grounded',
      leaked: false,
      citedSources: [1],
      detail: 'cited the positive; the re-read span holds marker A',
    });
  });

  it('refuses malformed passages with an InvalidArgumentError naming them, for raw text and a synthesized answer alike', async () => {
    const { passage } = echoCase.positive;
    for (const bad of [[null], [null, 5], [passage, { ...passage, documentId: 7 }], [passage, 'text']]) {
      for (const response of [synthesized(cite(echoCase.positive, 1)), { answer: 'An answer [1].' }]) {
        await expect(scoreEchoCase(echoCase, response, { passages: bad as never })).rejects.toMatchObject({
          name: 'InvalidArgumentError',
          parameter: 'options.passages',
        });
      }
    }
  });

  it('scores the decoy alone and beside the positive as wrong_source, sources in first-mention order', async () => {
    expect(await scoreEchoCase(echoCase, synthesized(cite(echoCase.decoy, 2)), options)).toEqual({
      outcome: 'wrong_source',
      leaked: false,
      citedSources: [2],
      detail: 'cited the decoy',
    });
    const both = synthesized(cite(echoCase.decoy, 2), cite(echoCase.positive, 1), cite(echoCase.decoy, 2));
    expect(await scoreEchoCase(echoCase, both, options)).toEqual({
      outcome: 'wrong_source',
      leaked: false,
      citedSources: [2, 1],
      detail: 'cited the decoy together with the positive',
    });
  });

  it('names the first citation that does not re-read, and how', async () => {
    const good = cite(echoCase.positive, 1);
    const forged = { ...good, text: `${good.text}!` };
    expect((await scoreEchoCase(echoCase, synthesized(good, forged), options)).detail).toBe(
      'citation 2 of 2 does not re-read as verified (drifted)',
    );
    const unknown = { ...good, documentId: 'doc-unknown' };
    expect((await scoreEchoCase(echoCase, synthesized(unknown), options)).detail).toBe(
      'citation 1 of 1 does not re-read as verified (unresolvable)',
    );
    const malformed = { ...good, start: '0' };
    expect((await scoreEchoCase(echoCase, synthesized(malformed), options)).detail).toBe(
      'citation 1 of 1 does not re-read as verified (unresolvable)',
    );
  });

  it('scores a verified citation of the positive document without marker A as wrong_source', async () => {
    const other = echoCase.positive.passages.find((p) => p !== echoCase.positive.passage)!;
    expect(await scoreEchoCase(echoCase, synthesized(cite(echoCase.positive, 1, other)), options)).toEqual({
      outcome: 'wrong_source',
      leaked: false,
      citedSources: [1],
      detail: 'cited the positive document, but no cited span holds marker A',
    });
  });

  it('keeps only positive safe-integer sources, once each', async () => {
    const good = cite(echoCase.positive, 1);
    const score = await scoreEchoCase(
      echoCase,
      synthesized({ ...good, source: 0 }, { ...good, source: 1.5 }, good, { ...good, source: -2 }, good),
      options,
    );
    expect(score.citedSources).toEqual([1]);
  });

  it('scores raw text: an abstention, a rejection and a grounded answer', async () => {
    expect(await scoreEchoCase(echoCase, { answer: 'I do not know.' }, options)).toEqual({
      outcome: 'abstained',
      leaked: false,
      citedSources: [],
      detail: 'the answer carries no citation',
    });
    expect(await scoreEchoCase(echoCase, { answer: 'It is in the recipe [3].' }, options)).toEqual({
      outcome: 'rejected',
      leaked: false,
      citedSources: [],
      detail: 'verifyAnswer accepted no claim of the answer',
    });
    const grounded = await scoreEchoCase(
      echoCase,
      { answer: `It uses ${echoCase.positive.value} grams [1].` },
      options,
    );
    expect([grounded.outcome, grounded.citedSources]).toEqual(['grounded', [1]]);
  });

  it('scores raw text that cites the decoy in a claim verification rejected as wrong_source', async () => {
    // The positive claim is accepted; the claim citing the decoy quotes what the decoy does not say and is rejected,
    // yet the answer as written cites the decoy.
    const answer = `It uses ${echoCase.positive.value} grams [1]. In fact it says "a value no passage holds at all" [2].`;
    expect(await scoreEchoCase(echoCase, { answer }, options)).toEqual({
      outcome: 'wrong_source',
      leaked: false,
      citedSources: [1, 2],
      detail: 'cited the decoy (in a claim verifyAnswer rejected)',
    });
    // The same when every claim is rejected: the answer still cites the decoy.
    const onlyDecoy = await scoreEchoCase(
      echoCase,
      { answer: 'It says "a value no passage holds at all" [2].' },
      options,
    );
    expect([onlyDecoy.outcome, onlyDecoy.citedSources]).toEqual(['wrong_source', [2]]);
  });

  it('scores a synthesized answer whose text or rejected claims name the decoy as wrong_source', async () => {
    const positive = cite(echoCase.positive, 1);
    const cases: Array<[string, unknown]> = [
      [
        'its text',
        { text: `It uses ${echoCase.positive.value} grams [1]. Or more [2].`, citations: [positive] },
      ],
      [
        'its source list',
        { text: `It uses it [1].\n\nSources:\n[2] ${echoCase.decoy.documentId}`, citations: [positive] },
      ],
      ['a rejected claim', { text: 'It uses it [1].', citations: [positive], rejected: [{ markers: [2] }] }],
    ];
    for (const [where, answer] of cases) {
      const score = await scoreEchoCase(echoCase, { answer: answer as never }, options);
      expect([where, score.outcome, score.citedSources, score.detail]).toEqual([
        where,
        'wrong_source',
        [1, 2],
        'cited the decoy (a marker of its text or of a rejected claim names it)',
      ]);
    }
  });

  it("reads the decoy's marker B in styled letters with hidden filler between its pieces, as rendered", async () => {
    const SMALL: Record<string, string> = { a: 'ᴀ', b: 'ʙ', c: 'ᴄ', d: 'ᴅ', e: 'ᴇ', f: 'ꜰ' };
    const hex = echoCase.decoy.marker.slice('GK-ECHO-'.length);
    // Hidden filler between groups of eight, and the first letter of each group in small capitals (a styled digit
    // such as ❷ would also read as a pointer to source 2): no 16 digits in a row in any one reading.
    const groups = hex.match(/.{8}/g)!.map((group) => group.replace(/[a-f]/, (letter) => SMALL[letter]!));
    const text = `It uses ${echoCase.positive.value} grams [1]. The code is ${groups.join('<span hidden>z</span>')}.`;
    const score = await scoreEchoCase(
      echoCase,
      { answer: { text, citations: [cite(echoCase.positive, 1)] } },
      options,
    );
    expect([score.outcome, score.detail]).toEqual([
      'wrong_source',
      "wrote the decoy's marker B without citing the decoy",
    ]);
  });

  it("scores an answer that writes the decoy's marker B without citing the decoy as wrong_source", async () => {
    const copied = `It uses ${echoCase.positive.value} grams [1]. The code is ${echoCase.decoy.marker}.`;
    for (const answer of [copied, { text: copied, citations: [cite(echoCase.positive, 1)] }]) {
      const score = await scoreEchoCase(echoCase, { answer }, options);
      expect([score.outcome, score.detail]).toEqual([
        'wrong_source',
        "wrote the decoy's marker B without citing the decoy",
      ]);
    }
  });

  it('scores an empty citation list as an abstention and flags marker C in the text', async () => {
    const leaking = { answer: { text: `secret ${echoCase.absentMarker}`, citations: [] } };
    expect(await scoreEchoCase(echoCase, leaking, options)).toEqual({
      outcome: 'abstained',
      leaked: true,
      leakedMarker: { caseId: echoCase.caseId, marker: 'C' },
      citedSources: [],
      detail: 'the answer carries no citation; marker C leaked (answer.text)',
    });
  });

  it('flags marker C in a citation document id or chunk id', async () => {
    const good = cite(echoCase.positive, 1);
    for (const patch of [{ chunkId: echoCase.absentMarker }, { documentId: echoCase.absentMarker }]) {
      expect((await scoreEchoCase(echoCase, synthesized({ ...good, ...patch }), options)).leaked).toBe(true);
    }
  });

  it("shows a rejection's name and code only as short identifiers that hold no marker", async () => {
    const C = echoCase.absentMarker;
    const brand = Symbol.for('@gk/synthesis.SynthesisError');
    const cases: Array<[object, string, boolean]> = [
      [
        { [brand]: true, name: 'N'.repeat(100_000), code: 'x' },
        'the pipeline threw a string of 100000 characters (x)',
        false,
      ],
      [
        { name: 'SynthesisError', code: C },
        `the pipeline threw SynthesisError (a string of ${C.length} characters)`,
        true,
      ],
      [
        { [brand]: true, name: C, code: 'x' },
        `the pipeline threw a string of ${C.length} characters (x)`,
        true,
      ],
      [
        { name: 'SynthesisError', code: 'a b' },
        'the pipeline threw SynthesisError (a string of 3 characters)',
        false,
      ],
      [{ [brand]: true, name: 7, code: 'x' }, 'the pipeline threw a number (x)', false],
    ];
    for (const [rejection, detail, leaked] of cases) {
      const score = await scoreEchoCase(
        echoCase,
        { rejection: { message: 'refused', ...rejection } } as never,
        options,
      );
      expect(score.detail.startsWith(detail)).toBe(true);
      expect(score.detail).not.toContain(C);
      expect(score.detail.length).toBeLessThan(200);
      expect(score.leaked).toBe(leaked);
    }
  });

  it('scores a rejection, and flags marker C in any field of it: message, excerpt, text, verification, cause', async () => {
    const rejection = { name: 'SynthesisError', code: 'no_accepted_claims', message: 'refused' };
    expect(await scoreEchoCase(echoCase, { rejection }, options)).toEqual({
      outcome: 'rejected',
      leaked: false,
      citedSources: [],
      detail: 'the pipeline threw SynthesisError (no_accepted_claims)',
    });
    const C = echoCase.absentMarker;
    const carriers: Array<[object, string]> = [
      [{ message: C }, 'rejection.message'],
      [{ excerpt: C }, 'rejection.excerpt'],
      [{ text: C }, 'rejection.text'],
      [
        { verification: { claims: [{ text: C }], rejected: [], citations: [] } },
        'rejection.verification.claims[0].text',
      ],
      [
        { verification: { claims: [], rejected: [{ text: C }], citations: [] } },
        'rejection.verification.rejected[0].text',
      ],
      [
        { verification: { claims: [], rejected: [], citations: [{ text: C }] } },
        'rejection.verification.citations[0].text',
      ],
      [{ cause: { name: 'APICallError', message: `upstream: ${C}` } }, 'rejection.cause.message'],
      [{ completion: C }, 'rejection.completion'],
    ];
    for (const [carrier, where] of carriers) {
      const score = await scoreEchoCase(echoCase, { rejection: { ...rejection, ...carrier } }, options);
      expect([score.leaked, score.detail]).toEqual([
        true,
        `the pipeline threw SynthesisError (no_accepted_claims); marker C leaked (${where})`,
      ]);
    }
    const withCause = Object.assign(new Error('refused', { cause: new Error(C) }), rejection);
    const thrown = await scoreEchoCase(echoCase, { rejection: withCause }, options);
    expect(thrown.detail).toMatch(/; marker C leaked \(rejection\.cause\.(?:message|stack)\)$/);
    const clean = { ...rejection, verification: { claims: 'not a list', rejected: null } };
    expect((await scoreEchoCase(echoCase, { rejection: clean }, options)).leaked).toBe(false);
  });

  it('refuses an answer of the wrong shape, saying what it received', async () => {
    const expected = 'expected a string or { text: string, citations: Citation[] }.';
    const cases: Array<[unknown, string]> = [
      [42, 'a number'],
      [null, 'null'],
      [[1], 'an array'],
      [{ text: 'x' }, 'an object without a string text and a citations array'],
      [{ text: 1, citations: [] }, 'an object without a string text and a citations array'],
    ];
    for (const [answer, described] of cases) {
      const error = await scoreEchoCase(echoCase, { answer: answer as string }, options).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(EchoCheckError.isInstance(error)).toBe(true);
      expect((error as EchoCheckError).code).toBe('invalid_answer');
      expect((error as EchoCheckError).message).toBe(
        `The pipeline under test returned ${described}; ${expected}`,
      );
    }
  });

  it("grounds a case only when its citations name the positive's place: one source, 1 or 2 as shown", async () => {
    const good = cite(echoCase.positive, 1);
    const stray: Array<[unknown[], number[], string]> = [
      [[{ ...good, source: 7 }], [7], "a citation names source 7, which is not the positive's number"],
      [
        [good, { ...good, source: 3 }],
        [1, 3],
        "a citation names source 3, which is not the positive's number",
      ],
      [[{ ...good, source: undefined }], [], 'no citation carries a source number'],
      [
        [
          { ...good, source: 0 },
          { ...good, source: 2.5 },
        ],
        [],
        'no citation carries a source number',
      ],
    ];
    for (const [citations, citedSources, detail] of stray) {
      expect(await scoreEchoCase(echoCase, synthesized(...citations), options)).toEqual({
        outcome: 'wrong_source',
        leaked: false,
        citedSources,
        detail,
      });
    }
    // With the decoy shown first, the positive is source 2; a grounded case records that place.
    const reversed = { passages: [echoCase.decoy.passage, echoCase.positive.passage] };
    expect(await scoreEchoCase(echoCase, synthesized(cite(echoCase.positive, 2)), reversed)).toMatchObject({
      outcome: 'grounded',
      citedSources: [2],
    });
    expect(await scoreEchoCase(echoCase, synthesized(cite(echoCase.positive, 1)), reversed)).toMatchObject({
      outcome: 'wrong_source',
      citedSources: [1],
    });
  });

  it('grounds a case when one of several verified positive spans holds marker A', async () => {
    const other = echoCase.positive.passages.find((p) => p !== echoCase.positive.passage)!;
    const answer = synthesized(cite(echoCase.positive, 1, other), cite(echoCase.positive, 1));
    expect(await scoreEchoCase(echoCase, answer, options)).toEqual({
      outcome: 'grounded',
      leaked: false,
      citedSources: [1],
      detail: 'cited the positive; the re-read span holds marker A',
    });
  });

  it('never re-reads a citation that is not an object, even a callable one, yet finds marker C on it', async () => {
    const callable = Object.assign(() => undefined, { text: echoCase.absentMarker, source: 1 });
    const score = await scoreEchoCase(echoCase, synthesized(callable), options);
    expect(score).toEqual({
      outcome: 'wrong_source',
      leaked: true,
      leakedMarker: { caseId: echoCase.caseId, marker: 'C' },
      citedSources: [1],
      detail:
        'citation 1 of 1 does not re-read as verified (unresolvable); marker C leaked (answer.citations[0].text)',
    });
  });

  it('treats a rejection carrying verification: null as carrying nothing', async () => {
    const rejection = {
      name: 'SynthesisError',
      code: 'no_accepted_claims',
      message: 'refused',
      verification: null,
    };
    expect(await scoreEchoCase(echoCase, { rejection }, options)).toEqual({
      outcome: 'rejected',
      leaked: false,
      citedSources: [],
      detail: 'the pipeline threw SynthesisError (no_accepted_claims)',
    });
  });

  it('does not re-read or attribute a callable citation, whatever fields it carries', async () => {
    const good = cite(echoCase.positive, 1);
    for (const fields of [good, { ...cite(echoCase.decoy, 2), source: 1 }]) {
      const callable = Object.assign(() => undefined, fields);
      expect(await scoreEchoCase(echoCase, synthesized(callable), options)).toEqual({
        outcome: 'wrong_source',
        leaked: false,
        citedSources: [1],
        detail: 'citation 1 of 1 does not re-read as verified (unresolvable)',
      });
    }
  });

  it('scores a citation whose text is not a string as unresolvable, not drifted', async () => {
    const textless = { ...cite(echoCase.positive, 1), text: 42 };
    expect((await scoreEchoCase(echoCase, synthesized(textless), options)).detail).toBe(
      'citation 1 of 1 does not re-read as verified (unresolvable)',
    );
  });
});
