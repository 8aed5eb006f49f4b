import { InvalidPassageError } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { isPipelineRejection } from './is-pipeline-rejection.js';

const branded = (brand: string, code: unknown): Error =>
  Object.assign(new Error('refused'), { [Symbol.for(brand)]: true, code });

describe('isPipelineRejection', () => {
  it('recognises our rejection errors by brand, whatever their name', () => {
    for (const brand of [
      '@gk/synthesis.SynthesisError',
      '@gk/synthesis.QueryRewriteError',
      '@gk/citations.DecodeError',
      '@gk/judge.JudgeError',
    ]) {
      expect(isPipelineRejection(branded(brand, 'some_code'))).toBe(true);
    }
  });

  it('recognises them by name and a string code (another copy without the brand)', () => {
    for (const name of ['SynthesisError', 'QueryRewriteError', 'DecodeError', 'JudgeError']) {
      expect(
        isPipelineRejection(Object.assign(new Error('refused'), { name, code: 'empty_completion' })),
      ).toBe(true);
    }
  });

  it('refuses anything without a string code, even with the brand', () => {
    expect(isPipelineRejection(branded('@gk/synthesis.SynthesisError', undefined))).toBe(false);
    expect(isPipelineRejection(branded('@gk/synthesis.SynthesisError', 20))).toBe(false);
    expect(isPipelineRejection(Object.assign(new Error('x'), { name: 'SynthesisError' }))).toBe(false);
  });

  it('refuses programmer errors, network errors, aborts and non-errors', () => {
    expect(isPipelineRejection(new InvalidPassageError(0, 'not an object.'))).toBe(false);
    expect(isPipelineRejection(Object.assign(new TypeError('fetch failed'), { code: 'ECONNRESET' }))).toBe(
      false,
    );
    expect(isPipelineRejection(new DOMException('aborted', 'AbortError'))).toBe(false);
    expect(isPipelineRejection(branded('@gk/echo-check.EchoCheckError', 'not_clean'))).toBe(false);
    for (const value of [
      null,
      undefined,
      'SynthesisError',
      42,
      [],
      JSON.parse('{"__proto__": {"name": "SynthesisError", "code": "x"}}'),
    ]) {
      expect(isPipelineRejection(value)).toBe(false);
    }
  });
});
