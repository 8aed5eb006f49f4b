// Scale: a megabyte of digit groups and marks, bounded by CPU time (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { leastCpu } from './__fixtures__/cpu-time.js';
import { buildEchoCase } from './build-echo-case.js';
import { findDecoyStatement } from './find-decoy-statement.js';

describe('findDecoyStatement', () => {
  it('grows linearly on long runs of digit groups, marks and words: 8× the text costs well under 20× the time', () => {
    const echoCase = buildEchoCase({ templateId: 'recipe' });
    for (const unit of [
      '1,2.3 4',
      '1 000 000 ',
      '12.345.678,',
      'word ',
      `${echoCase.decoy.subject.split(' ')[0]} `,
    ]) {
      const time = (n: number): number =>
        leastCpu(() => {
          expect(findDecoyStatement(unit.repeat(n), echoCase)).toEqual({ value: false, subject: false });
        });
      time(1000);
      const small = time(16 * 1024);
      const large = time(128 * 1024);
      expect({ unit, linear: large / Math.max(small, 1) < 20 }).toEqual({ unit, linear: true });
    }
  });
});
