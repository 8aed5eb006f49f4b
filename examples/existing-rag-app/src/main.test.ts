import { describe, expect, it } from 'vitest';
import { answerQuestion } from './answer-question.js';
import { createAppModel } from './app-model.js';
import { HANDBOOK } from './handbook.js';
import { renderVerifiedAnswer } from './render-verified-answer.js';

const question = 'What hotel costs are reimbursed on business trips, and do I need receipts?';

describe('existing RAG app with verifyAnswer', () => {
  it('accepts the supported claims with citations built from the passages, and rejects the rest', async () => {
    const { verification } = await answerQuestion(createAppModel(), question);
    expect(verification.status).toBe('answered');
    expect(verification.claims.map((claim) => claim.citations.map((citation) => citation.source))).toEqual([
      [1],
      [2],
    ]);
    for (const citation of verification.citations) {
      expect(HANDBOOK[citation.documentId]?.slice(citation.start, citation.end)).toBe(citation.text);
    }
    expect(verification.rejected.map((claim) => [claim.code, claim.markers])).toEqual([
      ['unsupported', [1]],
      ['marker_out_of_range', [4]],
      ['no_marker', []],
    ]);
    const output = renderVerifiedAnswer(question, { text: '', passages: [], verification });
    expect(output).toContain('✗ unsupported: Partners may join business trips at company expense [1].');
    expect(output).toContain('[2] travel-expenses 147–288');
  });

  it('rejects hostile model output with a code instead of crashing', async () => {
    const hostile = [
      `Hotel stays are reimbursed [${'9'.repeat(30)}].`,
      'Receipts are required [0].',
      '[[[[ \u0000 \u202e [PERSON_1] [sic]',
    ].join(' ');
    const { verification } = await answerQuestion(createAppModel(hostile), question);
    expect(verification.claims).toEqual([]);
    expect(verification.status).toBe('rejected');
    expect(verification.rejected.map((claim) => claim.code)).toEqual([
      'marker_out_of_range',
      'marker_out_of_range',
      'no_marker',
    ]);
  });

  it('treats an answer without any marker-bearing claim and without text as an abstention', async () => {
    const { verification } = await answerQuestion(createAppModel(''), question);
    expect(verification.status).toBe('abstained');
    expect(verification.citations).toEqual([]);
  });
});
