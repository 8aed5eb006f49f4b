import { describe, expect, it } from 'vitest';
import { verifyAnswer } from './verify-answer.js';

// A thirty-sixth review: a lead-in or a table's header row that holds a look-alike quotation pair stays a claim, so
// nothing to check hides there; written as character references (`&lang;…&rang;`, `&#x27E8;…&#x27E9;`), which a page
// shows as the marks, the pair was not seen, and the quotation was read as a lead-in's, checked by nothing.
const text = 'Aspirin is not harmful. Rest is recommended for adults.';
const passages = [{ documentId: 'd', chunkId: 'c', text, start: 0, end: text.length }];

describe('verifyAnswer on a look-alike quotation pair written as references in a lead-in or header', () => {
  const pairs = [
    ['&#x27E8;', '&#x27E9;'],
    ['&#10216;', '&#10217;'],
    ['&lang;', '&rang;'],
    ['&LeftAngleBracket;', '&RightAngleBracket;'],
    ['&Lt;', '&Gt;'],
    ['&#10094;', '&#10095;'],
    ['&#x2329;', '&#x232A;'],
    ['\u27e8', '\u27e9'],
  ];

  it.each(pairs)('keeps a lead-in quoting with %s … %s a claim', (open, close) => {
    const answer = `Doctors say ${open}Aspirin is not recommended for adults${close}:\n- Aspirin is not harmful [1].\n- Rest is recommended [1].`;
    const result = verifyAnswer(answer, passages);
    expect(result.rejected.map((claim) => claim.code)).toEqual(['no_marker']);
  });

  it.each(pairs)('keeps a header row quoting with %s … %s a claim', (open, close) => {
    const answer = `| Doctors say ${open}Aspirin is not recommended for adults${close} | Kind |\n|---|---|\n| Aspirin is not harmful [1] | Rest [1] |`;
    const result = verifyAnswer(answer, passages);
    expect(result.rejected.map((claim) => claim.code)).toEqual(['no_marker']);
  });
});
