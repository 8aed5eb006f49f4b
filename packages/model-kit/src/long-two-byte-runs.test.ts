import { describe, expect, it } from 'vitest';
import { checkPromptTemplate } from './prompt-template.js';

// Runs of millions of one character in a template that is not Latin-1 (`東` makes it two-byte): under the `u` flag V8
// keeps a backtrack entry per character of a repeated class (`[{]+`, `[^{}]*`, `[\s…]*`, `[\p{L}]+`), and such a run
// overflowed its stack (a bare RangeError). The brace groups are read by a scanner, sigils and names in capped pieces.
const ASCII_RUN = 8_500_000;
const LETTER_RUN = 4_200_000;

describe('checkPromptTemplate on huge two-byte runs', () => {
  it('reads a brace group of millions of opening braces, letters and closing braces', {
    timeout: 120_000,
  }, () => {
    const system = `${'{'.repeat(ASCII_RUN)}${'東'.repeat(LETTER_RUN)}${'}'.repeat(ASCII_RUN)}`;
    expect(checkPromptTemplate({ system, user: '{{question}}' }, { question: 'once' })).toBeNull();
  });

  it('reads a slot name after millions of blanks', { timeout: 120_000 }, () => {
    const user = `{{${' '.repeat(ASCII_RUN)}questoin東}}`;
    expect(checkPromptTemplate({ system: '', user }, { question: 'once' })).toMatch(
      /^unknown_placeholder: .* is not a slot; did you mean \{\{question\}\}\?$/u,
    );
  });
});
