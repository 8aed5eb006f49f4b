import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../tests/adversarial/growth.js';
import type { AnswerRecord } from './pipeline.js';
import {
  renderAnswer,
  renderAnswerEnd,
  renderAnswerHeading,
  renderClaim,
  renderHeader,
  renderQuestion,
  wrap,
} from './render.js';
import type { ShownCitation } from './show-claims.js';
import { createTerminalStyle } from './terminal-style.js';

const document =
  'Intro.\n\nYou must keep the notice intact. It is called "the Notice File" here. Other text.';
const passage = { start: 8, end: document.length };
const whole: ShownCitation = {
  source: 1,
  documentId: 'X-1.0',
  chunkId: 'X-1.0#0',
  start: passage.start,
  end: passage.end,
  text: document.slice(passage.start),
  narrowed: false,
  passage,
  claimAt: { start: 8, end: 40 },
};
const long = `You must keep ${'the notice and '.repeat(20)}the licence intact. [1]`;
const record: AnswerRecord = {
  question: 'Must I keep the notice?',
  outcome: 'answered',
  abstainedAt: null,
  text: `You must keep the notice intact. [1]\n${long}`,
  claims: [
    { text: 'You must keep the notice intact. [1]', span: { start: 0, end: 36 }, citations: [whole] },
    {
      text: 'It is called "the Notice File" here. [1]',
      span: { start: 37, end: 77 },
      citations: [
        {
          ...whole,
          start: document.indexOf('the Notice File'),
          end: document.indexOf('the Notice File') + 15,
          text: 'the Notice File',
          narrowed: true,
          claimAt: { start: 41, end: 77 },
        },
      ],
    },
    { text: long, span: { start: 78, end: 78 + long.length }, citations: [{ ...whole, claimAt: null }] },
  ],
  rejected: [
    {
      text: `It costs \u001b[31m five euros and ${'then some more '.repeat(15)}in the end.`,
      span: { start: 300, end: 400 },
      code: 'no_marker',
      markers: [],
      message: 'Claim has no citation marker; expected at least one [n] naming a source in 1..1.',
    },
  ],
  citations: [whole],
  error: null,
  mentionedLicences: ['X-1.0'],
  searchedLicences: ['X-1.0'],
  licenceRanking: [],
  ambiguousWith: [],
  unaddressed: [],
  passages: [{ source: 1, documentId: 'X-1.0', chunkId: 'X-1.0#0', ...passage }],
  promptHash: null,
  timings: { retrievalMs: 1.25, synthesisMs: 120.4, totalMs: 122 },
};
const plain = { style: createTerminalStyle({ isTTY: false }, {}), width: 80 };

describe('renderAnswer', () => {
  const text = renderAnswer(record, '1/1', plain);
  // Wrapped lines read as one text again.
  const flat = text.replace(/\s+/g, ' ');

  it('prints the outcome and each claim whole, wrapped, with where it sits in its passage', () => {
    expect(text).toContain('answered · 1 passage from X-1.0 · retrieval 1.3 ms · synthesis 120 ms');
    expect(text).toContain('[1] X-1.0 passage #0 (8–89) · claim at 8–40');
    // The long claim is wrapped, not cut: every word of it is there, no line is wider than the terminal.
    expect(flat).toContain(long);
    expect(text).not.toContain('…"');
    for (const line of text.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
  });

  it('prints a streamed answer from the same pieces: question, claims as they come, then outcome and rejections', () => {
    const streamed = [
      ...renderQuestion(record.question, '1/1', plain),
      ...renderAnswerHeading(plain),
      ...record.claims.flatMap((claim) => renderClaim(claim, plain)),
      renderAnswerEnd(record, plain),
    ].join('\n');
    // The same lines as the whole answer, with the outcome moved after the claims (it is known only at the end).
    expect(streamed.split('\n').sort()).toEqual(text.split('\n').sort());
    expect(streamed.indexOf('answered ·')).toBeGreaterThan(streamed.indexOf('Answer'));
    expect(streamed.indexOf('Rejected claims')).toBeGreaterThan(streamed.indexOf('answered ·'));
  });

  it('says when a citation was narrowed to a quotation, and shows the narrowed span', () => {
    expect(flat).toContain(
      '[1] X-1.0 55–70, narrowed to the quotation "the Notice File" · passage #0 (8–89)',
    );
  });

  it('shows the passage when a claim is not verbatim in it', () => {
    expect(flat).toContain("passage #0 (8–89), whole · the claim's words are not verbatim in it");
    expect(flat).toContain(
      '"You must keep the notice intact. It is called "the Notice File" here. Other text."',
    );
  });

  it('prints every rejection whole, and no terminal escape from model output', () => {
    expect(text).toContain('    no_marker  Claim has no citation marker');
    expect(flat).toContain(`${'then some more '.repeat(15)}in the end.`);
    expect(text).not.toContain('\u001b');
    expect(text).toContain('It costs \ufffd[31m five euros');
  });

  it('says who abstained and why, naming the licence searched', () => {
    const abstained: AnswerRecord = {
      ...record,
      outcome: 'abstained',
      abstainedAt: 'model',
      claims: [],
      rejected: [],
      citations: [],
    };
    const read = (answer: AnswerRecord): string => renderAnswer(answer, '2/2', plain).replace(/\s+/g, ' ');
    expect(read(abstained)).toContain(
      'Abstained: the model found no answer in the 1 passage from X-1.0 it was shown.',
    );
    const retrieval: AnswerRecord = { ...abstained, abstainedAt: 'retrieval', passages: [] };
    expect(read(retrieval)).toContain(
      "Abstained: X-1.0 contains none of the question's search terms, so no model was asked",
    );
    const silent: AnswerRecord = { ...retrieval, unaddressed: ['patent', 'governing-law'] };
    expect(read(silent)).toContain(
      'Abstained: X-1.0 does not address the question: it says nothing about patent or governing law, so no model was asked and nothing is cited.',
    );
  });

  it('says that the model call failed, with its message and no terminal escape from it, and lists no claims', () => {
    const failed: AnswerRecord = {
      ...record,
      outcome: 'failed',
      text: null,
      claims: [],
      rejected: [],
      citations: [],
      error: {
        code: 'model_call_failed',
        message: 'Internal Server Error \u001b[2J \u001b]8;;https://example.com\u0007click\u001b]8;;\u0007',
      },
    };
    const text = renderAnswer(failed, '1/1', plain);
    expect(text.replace(/\s+/g, ' ')).toContain(
      'failed · 1 passage from X-1.0 · retrieval 1.3 ms · synthesis 120 ms ' +
        'The model call failed (model_call_failed): Internal Server Error \ufffd[2J \ufffd]8;;https://example.com\ufffdclick\ufffd]8;;\ufffd; the question has no answer.',
    );
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    expect(text).not.toContain('Rejected claims');
    const tty = { style: createTerminalStyle({ isTTY: true }, {}) };
    expect(renderAnswer(failed, '1/1', tty)).toContain('\u001b[31mfailed');
  });

  it('lists a claim the model did not finish among the rejected', () => {
    const cut: AnswerRecord = {
      ...record,
      rejected: [
        {
          text: 'You may also sublicense it. [1]',
          span: { start: 37, end: 68 },
          code: 'unfinished_claim',
          markers: [1],
          message:
            'Claim "You may also sublicense it. [1]" was cut off: the model stopped (finish reason length) before finishing it.',
        },
      ],
    };
    expect(renderAnswer(cut, '1/1', plain)).toContain(
      '    unfinished_claim  Claim "You may also sublicense it. [1]" was cut off',
    );
  });

  it('says when a question that names no licence fits several about as well', () => {
    const unnamed: AnswerRecord = {
      ...record,
      mentionedLicences: [],
      searchedLicences: [],
      licenceRanking: [
        { family: 'A-1.0', ids: ['A-1.0'], score: 10 },
        { family: 'B-2.0', ids: ['B-2.0-only', 'B-2.0-or-later'], score: 9.5 },
        { family: 'C-1.0', ids: ['C-1.0'], score: 3 },
      ],
      ambiguousWith: ['B-2.0'],
    };
    const flat = renderAnswer(unnamed, '3/3', plain).replace(/\s+/g, ' ');
    expect(flat).toContain('answered · 1 passage · retrieval');
    expect(flat).toContain(
      'Ambiguous: the question names no licence, and A-1.0, B-2.0 fit it about as well as each other; name one',
    );
    expect(renderAnswer({ ...unnamed, ambiguousWith: [] }, '3/3', plain)).not.toContain('Ambiguous');
  });

  it('uses colour only on a TTY and never when NO_COLOR is set', () => {
    const tty = { style: createTerminalStyle({ isTTY: true }, {}) };
    expect(renderAnswer(record, '1/1', tty)).toContain('\u001b[32manswered');
    const noColour = { style: createTerminalStyle({ isTTY: true }, { NO_COLOR: '1' }) };
    expect(renderAnswer(record, '1/1', noColour)).not.toContain('\u001b');
    const header = renderHeader(
      {
        documents: 2,
        passages: 3,
        distinctPassages: 3,
        buildMs: 5,
        modelLabel: 'm',
        policy: 'drop-claims',
        support: true,
      },
      plain,
    );
    expect(header).toContain('  checks  markers in range, quotations located, lexical support');
  });
});

describe('wrap', () => {
  it('wraps at spaces with the given indents and collapses whitespace', () => {
    expect(wrap('a\n\n  b', 40, '> ', '  ')).toEqual(['> a b']);
    expect(wrap('one two three four', 14, '- ', '  ')).toEqual(['- one two', '  three four']);
    expect(wrap('', 40, '> ', '  ')).toEqual(['> ']);
  });

  it('breaks a word longer than a line, never inside a surrogate pair', () => {
    const lines = wrap('x'.repeat(7) + '😀'.repeat(10), 10, '', '');
    expect(lines.join('')).toBe('x'.repeat(7) + '😀'.repeat(10));
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(10);
    for (const line of lines) expect(line).not.toMatch(/[\ud800-\udbff]$/);
  });

  it('neutralises control and bidi characters', () => {
    expect(wrap('\u202eevil\u0000', 40, '', '')).toEqual(['\ufffdevil\ufffd']);
  });

  it('takes CPU time linear in the text, for many words and for one huge word (8n over n)', () => {
    for (const unit of ['word ', 'x']) {
      const make = (size: number) => {
        const text = unit.repeat(size);
        return () => wrap(text, 80, '    ', '    ');
      };
      // A quadratic wrap would grow about 64 times.
      expect(growth(make, 50_000)).toBeLessThan(BOUND);
    }
  });
});
