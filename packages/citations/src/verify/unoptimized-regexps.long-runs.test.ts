import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { verifyAnswer } from './verify-answer.js';

// A known gap (ADR 0068). V8 compiles a regular expression without its optimizations once a process has generated a
// lot of regexp code and holds a lot of executable memory, as a long-running app may; a greedy loop compiled so keeps
// a backtrack entry per repetition, and a run of a few million characters overflows its stack. The flag puts this
// process (a fresh one: the name makes it a long-run suite, run alone) in that state before the verifier compiles
// its patterns (a pattern is compiled when first run, not when its module loads). `it.fails` until runs are read
// without a regex loop, or refused with a code.
const passages = [passage('Water boils at 100 degrees Celsius at sea level.')];
const quotedValues = (size: number): string => `Water boils <a${'=""'.repeat(size / 3)}> at 100 degrees [1].`;

describe('verifyAnswer where V8 compiles regular expressions without optimizations', () => {
  beforeAll(() => setFlagsFromString('--no-regexp-optimization'));
  afterAll(() => setFlagsFromString('--regexp-optimization'));

  it('control: verifies a claim holding a tag of 999 characters of quoted values', () => {
    expect(verifyAnswer(quotedValues(999), passages).claims).toHaveLength(1);
  });

  it.fails('verifies a claim holding a tag of 8 million characters of quoted values', () => {
    expect(verifyAnswer(quotedValues(7_999_998), passages).claims).toHaveLength(1);
  });
});
