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
    const output = renderVerifiedAnswer(question, {
      text: '',
      passages: [],
      verification,
      finishReason: 'stop',
    });
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

  it('prints no control or bidirectional character of model text: a rejected claim cannot draw itself as accepted', async () => {
    const receipts = 'Receipts are required for every expense above 25 EUR';
    const hostile = [
      // An accepted claim with a hidden escape that turns what follows invisible.
      `${receipts}\u001b[8m [2].`,
      // A rejected claim that erases its own line and draws a green tick: ESC, then the one-byte C1 CSI.
      'Partners may join trips\u001b[2K\r\u001b[1A\u001b[32m  ✓ approved [1].',
      'Partners may join trips\u009b2K\u009b1A  ✓ approved [1].',
      // A hyperlink escape, a bell, and a right-to-left override that reverses what is read.
      'See \u001b]8;;https://evil.example\u0007the policy\u001b]8;;\u0007 for partners [1].',
      'Partners fly \u202ebusiness\u202c class \u2066free\u2069 [1].',
    ].join(' ');
    const answer = await answerQuestion(createAppModel(hostile), `${question}\u001b[2J`);
    expect(answer.verification.rejected.length).toBeGreaterThanOrEqual(3);
    const output = renderVerifiedAnswer(`${question}\u001b[2J`, answer);
    const lines = output.split('\n');
    expect(output).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u,
    );
    // The ticks are the accepted claims only: every rejected one is on a line of its own that starts with ✗.
    expect(lines.filter((line) => line.startsWith('  ✓'))).toHaveLength(answer.verification.claims.length);
    for (const claim of answer.verification.rejected) {
      expect(lines.some((line) => line.startsWith(`  ✗ ${claim.code}: `) && line.includes('\\u{'))).toBe(
        true,
      );
    }
    expect(output).toContain('\\u{001b}[2K');
    expect(output).toContain('\\u{009b}2K');
    expect(output).toContain('\\u{202e}business');
  });

  it('shows no claim of an answer the model did not finish as checked', async () => {
    // A clean cut at a sentence's end: the claim left verifies, though the model never finished.
    const cut = 'Hotel stays are reimbursed up to 180 EUR per night in most cities [1].';
    for (const finishReason of ['length', 'content-filter', 'error', 'other'] as const) {
      const answer = await answerQuestion(createAppModel(cut, finishReason), question);
      expect(answer.finishReason).toBe(finishReason);
      expect(answer.verification.claims).toHaveLength(1);
      const output = renderVerifiedAnswer(question, answer);
      expect(output).toContain(`unfinished (the model stopped with finish reason ${finishReason})`);
      expect(output).not.toContain('✓');
      expect(output).not.toContain('Status:   answered');
    }
    const finished = renderVerifiedAnswer(question, await answerQuestion(createAppModel(cut), question));
    expect(finished).toContain('Status:   answered (1 claims accepted, 0 rejected)');
    expect(finished).toContain(`  ✓ ${cut}`);
  });
});
