import { resolveCitation } from '@gk/citations';
import { extractiveModel } from '@gk/synthesis';
import { describe, expect, it } from 'vitest';
import { createLicenceReader } from './load-licences.js';
import { carelessModel } from './careless-model.js';
import { createLicencePipeline } from './pipeline.js';
import { BUILT_IN_QUESTIONS } from './questions.js';
import { replying } from './__fixtures__/replying-model.js';
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
});
