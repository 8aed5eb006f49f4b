import { describe, expect, it } from 'vitest';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { passage } from '../__fixtures__/passage.js';
import { checkSupport, DEFAULT_STOP_WORDS, normalizeStopWords } from './check-support.js';
import { PassageIndex } from './passage-index.js';

const stop = normalizeStopWords(DEFAULT_STOP_WORDS);
const check = (claim: string, texts: string[]) =>
  checkSupport(
    claim,
    texts.map((text) => new PassageIndex(passage(text))),
    0.66,
    stop,
  );

describe('checkSupport at scale', () => {
  it('reads a claim in linear time, whatever punctuation it holds', () => {
    const t0 = cpuNow();
    expect(check(`hello${' ,'.repeat(200_000)} world`, ['hello world']).supported).toBe(true);
    expect(check(`lions${' ,'.repeat(200_000)} roar`, ['hello world']).supported).toBe(false);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });
});
