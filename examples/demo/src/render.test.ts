import { describe, expect, it } from 'vitest';
import type { AnswerRecord } from './pipeline.js';
import { oneLine, renderAnswer, renderHeader } from './render.js';
import { createTerminalStyle } from './terminal-style.js';

const document = 'Intro.\n\nYou must keep the notice intact. Other text follows here.';
const record: AnswerRecord = {
  question: 'Must I keep the notice?',
  outcome: 'answered',
  abstainedAt: null,
  text: 'You must keep the notice intact. [1]',
  claims: [
    {
      text: 'You must keep the notice intact. [1]',
      span: { start: 0, end: 36 },
      citations: [
        { source: 1, documentId: 'X-1.0', chunkId: 'X-1.0#0', start: 8, end: 62, text: document.slice(8) },
      ],
    },
  ],
  rejected: [
    {
      text: 'It costs \u001b[31m five euros.',
      span: { start: 37, end: 60 },
      code: 'no_marker',
      markers: [],
      message: 'no marker',
    },
  ],
  citations: [
    { source: 1, documentId: 'X-1.0', chunkId: 'X-1.0#0', start: 8, end: 62, text: document.slice(8) },
  ],
  error: null,
  mentionedLicences: ['X-1.0'],
  passages: [{ source: 1, documentId: 'X-1.0', chunkId: 'X-1.0#0', start: 8, end: 62 }],
  promptHash: null,
  timings: { retrievalMs: 1.25, synthesisMs: 120.4, totalMs: 122 },
};

describe('renderAnswer', () => {
  it('prints the answer, the citation with its offsets and the located claim, and every rejection', () => {
    const plain = createTerminalStyle({ isTTY: false }, {});
    const text = renderAnswer(record, '1/1', plain);
    expect(text).toContain('answered · 1 passage from X-1.0 · retrieval 1.3 ms · synthesis 120 ms');
    expect(text).toContain('[1] X-1.0 8–62 (X-1.0#0)');
    expect(text).toContain('8–40 "You must keep the notice intact."');
    expect(text).toContain('no_marker  no marker');
    // A terminal escape sequence from model output never reaches the terminal.
    expect(text).not.toContain('\u001b');
    expect(text).toContain('It costs \ufffd[31m five euros.');
  });

  it('uses colour only on a TTY and never when NO_COLOR is set', () => {
    expect(renderAnswer(record, '1/1', createTerminalStyle({ isTTY: true }, {}))).toContain(
      '\u001b[32manswered',
    );
    expect(
      renderAnswer(record, '1/1', createTerminalStyle({ isTTY: true }, { NO_COLOR: '1' })),
    ).not.toContain('\u001b');
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
      createTerminalStyle({ isTTY: false }, {}),
    );
    expect(header).toContain('lexical support');
  });
});

describe('oneLine', () => {
  it('collapses whitespace, truncates with an ellipsis and never leaves half a surrogate pair', () => {
    expect(oneLine('a\n\n  b', 10)).toBe('a b');
    expect(oneLine('abcdefghij', 5)).toBe('abcd…');
    expect(oneLine('abc😀def', 5)).toBe('abc…');
    expect(oneLine('\u202eevil\u0000', 20)).toBe('\ufffdevil\ufffd');
    expect(oneLine('', 5)).toBe('');
  });
});
