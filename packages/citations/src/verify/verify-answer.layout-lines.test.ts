import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { verdictLines } from '../__fixtures__/verdict-lines.js';
import { verifyAnswer } from './verify-answer.js';

// A line shows what it holds: one that says something in emoji, arrows or signs, with no letter or digit, is a claim
// like any other (it needs a marker), while markdown's layout (rules, table delimiter rows, bullets, block-quote marks,
// fences) and bare punctuation are no claim.

const PASSAGES = [source('Aspirin is not recommended for children.', 'leaflet')];
const CITED = 'Aspirin is not recommended for children [1].';

describe('verifyAnswer: lines without a letter or digit', () => {
  it.each(['💊 ➡️ 👶 ☠️ ❌', '→', '✅ ✅', '★★★★☆', '‼️', '🇫🇷', '#️⃣', '€ ± °', '© ™', '💊 → ☠️.'])(
    'reads %j as a claim that needs a marker',
    (line) => {
      const answer = `${CITED}\n${line}\n${CITED}`;
      expect(verdictLines(answer, PASSAGES)).toEqual([`${CITED} → 1`, `no_marker: ${line}`]);
    },
  );

  it.each([
    '---',
    '***',
    '___',
    '* * *',
    '- - -',
    '===',
    '|---|:--:|',
    '| --- | --: |',
    '-',
    '*',
    '+',
    '>',
    '> >',
    '   ',
    '───────',
    '═══',
    '•',
    '▪',
    '...',
    '—',
    '⁂',
    ':)',
  ])('reads %j as layout, no claim', (line) => {
    const answer = `${CITED}\n\n${line}\n\n${CITED}`;
    expect(verdictLines(answer, PASSAGES)).toEqual([`${CITED} → 1`]);
  });

  it('checks a line of symbols with a marker as a claim, against its source when asked', () => {
    const answer = `${CITED}\n💊 ➡️ 👶 ☠️ [1]`;
    expect(verdictLines(answer, PASSAGES)).toEqual([`${CITED} → 1`, '💊 ➡️ 👶 ☠️ [1] → 1']);
    expect(verifyAnswer(answer, PASSAGES, { support: {} }).rejected.map((r) => r.code)).toEqual([
      'unsupported',
    ]);
  });
});
