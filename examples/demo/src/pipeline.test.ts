import { resolveCitation } from '@gk/citations';
import { extractiveModel } from '@gk/synthesis';
import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { createLicenceReader } from './load-licences.js';
import { carelessModel } from './careless-model.js';
import { createLicencePipeline } from './pipeline.js';
import { BUILT_IN_QUESTIONS } from './questions.js';
import { failing, replying } from './__fixtures__/replying-model.js';
import { licenceIndex as index } from './__fixtures__/licence-index.js';

describe('createLicencePipeline', () => {
  it('answers the Apache-2.0 change-notice question with a citation that re-reads exactly', async () => {
    const pipeline = createLicencePipeline({ model: extractiveModel(), index });
    const record = await pipeline.answerQuestion('Must I state changes I made to Apache-2.0 code?');
    expect(record.outcome).toBe('answered');
    expect(record.text).toContain('prominent notices stating that You changed the files');
    const read = createLicenceReader(index.documents);
    for (const citation of record.citations) {
      expect(citation.documentId).toBe('Apache-2.0');
      expect((await resolveCitation(citation, read)).status).toBe('verified');
    }
  });

  it('answers every built-in question offline and abstains visibly on the two the corpus cannot answer', async () => {
    const pipeline = createLicencePipeline({ model: extractiveModel(), index });
    const records = [];
    for (const question of BUILT_IN_QUESTIONS) records.push(await pipeline.answerQuestion(question));
    const answered = records.filter((record) => record.outcome === 'answered');
    expect(answered).toHaveLength(BUILT_IN_QUESTIONS.length - 2);
    for (const record of records.slice(-2)) {
      expect(record).toMatchObject({
        outcome: 'abstained',
        abstainedAt: 'retrieval',
        citations: [],
        passages: [],
      });
    }
    expect(records.at(-2)?.mentionedLicences).toEqual(['BSD-2-Clause']);
  }, 120_000);

  it('drops and lists an unsupported claim, and records a whole-answer rejection with its code', async () => {
    const question =
      'Does the MIT license require me to keep the copyright notice in copies of the software?';
    const mixed = createLicencePipeline({
      model: replying(
        'The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software. [1] ' +
          'The MIT license requires a royalty of five percent on every sale. [1]',
      ),
      index,
    });
    const record = await mixed.answerQuestion(question);
    expect(record.outcome).toBe('answered');
    expect(record.claims).toHaveLength(1);
    expect(record.rejected.map((claim) => claim.code)).toEqual(['unsupported']);

    const outOfRange = createLicencePipeline({ model: replying('Yes, always [7].'), index });
    const refused = await outOfRange.answerQuestion(question);
    expect(refused).toMatchObject({
      outcome: 'rejected',
      error: { code: 'marker_out_of_range' },
      claims: [],
    });
    expect(refused.rejected[0]?.code).toBe('marker_out_of_range');
  });

  it('keeps the verified claim and rejects each careless claim with its own code', async () => {
    const pipeline = createLicencePipeline({ model: carelessModel(extractiveModel()), index });
    const record = await pipeline.answerQuestion(BUILT_IN_QUESTIONS[0]!);
    expect(record.outcome).toBe('answered');
    expect(record.claims.map((claim) => claim.citations[0]?.documentId)).toEqual(['Apache-2.0']);
    expect(record.rejected.map((claim) => claim.code)).toEqual([
      'unsupported',
      'unknown_identifier',
      'no_marker',
    ]);
    expect(record.text).not.toContain('ECLI');
  });

  it('streams: each claim reaches onClaim as it is verified, and the record is the one synthesize gives', async () => {
    const question = BUILT_IN_QUESTIONS[0]!;
    const text =
      'You must cause any modified files to carry prominent notices stating that You changed the files. [1]\n' +
      'The licence requires a fee for every copy. [1]\n' +
      'You must give any other recipients of the Work or Derivative Works a copy of this License. [1]';
    const pipeline = createLicencePipeline({ model: replying(text), index });
    const shown: string[] = [];
    const streamed = await pipeline.answerQuestion(question, {
      onClaim: (claim) => shown.push(claim.text),
    });
    const whole = await pipeline.answerQuestion(question);
    expect(shown).toEqual(whole.claims.map((claim) => claim.text));
    expect(shown).toHaveLength(2);
    const { timings: _streamedTimings, ...streamedRest } = streamed;
    const { timings: _wholeTimings, ...wholeRest } = whole;
    expect(streamedRest).toEqual(wholeRest);
  });

  it('streams the careless claims too, and rejects each with the code synthesize gives it', async () => {
    const pipeline = createLicencePipeline({ model: carelessModel(extractiveModel()), index });
    const shown: string[] = [];
    const record = await pipeline.answerQuestion(BUILT_IN_QUESTIONS[0]!, {
      onClaim: (claim) => shown.push(claim.text),
    });
    expect(shown).toEqual(record.claims.map((claim) => claim.text));
    expect(record.rejected.map((claim) => claim.code)).toEqual([
      'unsupported',
      'unknown_identifier',
      'no_marker',
    ]);
  });

  it('records the rejection that stopped a refused stream', async () => {
    const question = BUILT_IN_QUESTIONS[0]!;
    const pipeline = createLicencePipeline({
      model: replying('The licence requires a fee for every copy. [1] More text follows here.'),
      index,
      policy: 'reject-answer',
    });
    const record = await pipeline.answerQuestion(question, { onClaim: () => {} });
    expect(record).toMatchObject({ outcome: 'rejected', error: { code: 'rejected_claims' }, claims: [] });
    expect(record.rejected.map((claim) => claim.code)).toEqual(['unsupported']);
  });

  it('rejects the last claim of a reply the model did not finish as unfinished_claim, whole and streamed', async () => {
    const question = 'Does the MIT license require me to keep the copyright notice?';
    const kept =
      'The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software. [1]';
    // Both claims verify against MIT passage #0; the second is the one the model may have been cut off in.
    const text = `${kept} Permission is hereby granted, free of charge, to any person obtaining a copy of this software. [1]`;
    const endings = [
      { unified: 'length', raw: 'length' },
      { unified: 'other', raw: undefined },
    ] as const;
    for (const finishReason of endings) {
      const pipeline = createLicencePipeline({ model: replying(text, finishReason), index });
      const shown: string[] = [];
      const streamed = await pipeline.answerQuestion(question, {
        onClaim: (claim) => shown.push(claim.text),
      });
      const whole = await pipeline.answerQuestion(question);
      for (const record of [streamed, whole]) {
        expect(record.outcome).toBe('answered');
        expect(record.text).toBe(kept);
        expect(record.claims.map((claim) => claim.text)).toEqual([kept]);
        expect(record.rejected.map((claim) => claim.code)).toEqual(['unfinished_claim']);
        expect(record.rejected[0]?.text).toContain('Permission is hereby granted');
      }
      expect(shown).toEqual([kept]);
    }
  });

  it("records a failed model call as that question's failure, and answers the next question", async () => {
    const question = 'Does the MIT license require me to keep the copyright notice?';
    const message =
      'Internal Server Error \u001b[2J \u001b]8;;https://example.com\u0007click\u001b]8;;\u0007';
    const errors = [
      new APICallError({
        message,
        url: 'http://127.0.0.1:1/v1/chat/completions',
        requestBodyValues: {},
        statusCode: 500,
        isRetryable: false,
      }),
      new TypeError('Failed to parse URL from not a url/chat/completions'),
    ];
    for (const error of errors) {
      const pipeline = createLicencePipeline({ model: failing(error), index });
      for (const onClaim of [undefined, () => {}]) {
        const record = await pipeline.answerQuestion(question, { onClaim });
        expect(record).toMatchObject({
          outcome: 'failed',
          abstainedAt: null,
          text: null,
          claims: [],
          rejected: [],
          citations: [],
          error: { code: 'model_call_failed', message: error.message },
        });
        expect(record.passages.length).toBeGreaterThan(0);
      }
    }
    const pipeline = createLicencePipeline({ model: extractiveModel(), index });
    expect((await pipeline.answerQuestion(question)).outcome).toBe('answered');
  });

  it("rethrows what the caller's onClaim throws: a bug in the caller is not a failed model call", async () => {
    const pipeline = createLicencePipeline({ model: extractiveModel(), index });
    const bug = new RangeError('the caller failed');
    await expect(
      pipeline.answerQuestion(BUILT_IN_QUESTIONS[0]!, {
        onClaim: () => {
          throw bug;
        },
      }),
    ).rejects.toBe(bug);
  });
});
