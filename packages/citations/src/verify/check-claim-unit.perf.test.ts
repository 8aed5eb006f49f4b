// Checking claims costs time linear in the answer, measured as CPU time at n and 8n
// (tests/adversarial/growth.ts: 8 for linear, 64 for quadratic).
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { PASSAGES } from '../__fixtures__/corpus.js';
import { source } from '../__fixtures__/passage.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

// A quotation not found that spans every claim: each claim is rejected, and each message names the sources of all.
const spanning = (size: number): string => `"${'Abc def [1]. '.repeat(size)}" [1].`;

describe('checkUnit: linear time (ratio of 8n to n, bound 24; quadratic would be 64)', {
  timeout: 180_000,
}, () => {
  it('verifyAnswer over a quotation not found that spans every claim', () => {
    const make = (size: number) => {
      const answer = spanning(size);
      return () => verifyAnswer(answer, PASSAGES);
    };
    expect(growth(make, 2_000)).toBeLessThan(BOUND);
  });

  it('createAnswerVerifier over a quotation not found that spans every claim', () => {
    const make = (size: number) => {
      const answer = spanning(size);
      return () => {
        const verifier = createAnswerVerifier(PASSAGES);
        for (let i = 0; i < answer.length; i += 4096) verifier.push(answer.slice(i, i + 4096));
        verifier.end();
      };
    };
    expect(growth(make, 2_000)).toBeLessThan(BOUND);
  });

  it('verifyAnswer over identical claims, each citing a marker of its own that no passage has', () => {
    // One rejection, its markers growing by one at each merge: copied at each merge, 400 KB took 56 s.
    const make = (size: number) => {
      const answer = Array.from({ length: size }, (_, i) => `Abc def ghi [${i + 9}].`).join(' ');
      return () => {
        const { rejected } = verifyAnswer(answer, PASSAGES);
        if (rejected.length !== 1 || rejected[0]!.markers.length !== size) throw new Error('wrong verdict');
      };
    };
    expect(growth(make, 2_000)).toBeLessThan(BOUND);
  });

  it('verifyAnswer over identical claims, each citing a passage of its own', () => {
    const make = (size: number) => {
      const passages = Array.from({ length: size }, (_, i) =>
        source('The licence requires notices.', `doc${i}`),
      );
      const answer = Array.from({ length: size }, (_, i) => `The licence requires notices [${i + 1}].`).join(
        ' ',
      );
      return () => {
        const { claims } = verifyAnswer(answer, passages);
        if (claims.length !== 1 || claims[0]!.citations.length !== size) throw new Error('wrong verdict');
      };
    };
    expect(growth(make, 500)).toBeLessThan(BOUND);
  });

  it('verifyAnswer over a quotation that runs over many lines, each citing a passage of its own', () => {
    // Each line's claim asks for the whole quotation in its own source: the quotation is read once, not once per line.
    const make = (size: number) => {
      const passages = Array.from({ length: size }, (_, i) =>
        source(`Sentence ${i} says the value is ${i * 7} units here.`, `doc${i}`),
      );
      const lines = Array.from(
        { length: size },
        (_, i) =>
          `${i === 0 ? '"' : ''}the value is ${i * 7} units here${i === size - 1 ? '"' : ''} [${i + 1}]`,
      );
      const answer = lines.join('\n');
      return () => {
        if (verifyAnswer(answer, passages).rejected.length !== size) throw new Error('wrong verdict');
      };
    };
    expect(growth(make, 60)).toBeLessThan(BOUND);
  });

  it('verifyAnswer over source-list entries of many quotations, each found in the title', () => {
    const passages = [
      source('Children exposed to violence show anxiety.', 'report', { title: 'Violence At Home' }),
    ];
    const make = (size: number) => {
      const quoted = '"Violence At Home", '.repeat(size);
      // The same entry twice (merged), then once more with a quotation at its end that is nowhere.
      const answer = `A claim [1].\n\nSources:\n[1] report, ${quoted}\n[1] report, ${quoted}\n[1] report, ${quoted}"Xyz Abc Def Ghi"`;
      return () => {
        const { rejected } = verifyAnswer(answer, passages);
        if (rejected.length !== 1 || !rejected[0]!.message.includes('quotes "Xyz Abc Def Ghi"'))
          throw new Error('wrong verdict');
      };
    };
    expect(growth(make, 2_000)).toBeLessThan(BOUND);
  });

  it.each([
    // A tag, a quoted value and a bracket that each line leaves open for the next; long runs of digits in other scripts.
    ['tags', (size: number) => 'Abc def [1] <span\ntitle="x\n'.repeat(size)],
    ['brackets', (size: number) => `Abc def [1][${'\uff13, '.repeat(8)}\n3, `.repeat(size)],
    ['digits', (size: number) => `Abc def [1][${'\u0663\u{1e959}'.repeat(size)}]`],
    ['brackets and references', (size: number) => `Abc [1] ${'[&#x33;, &#51'.repeat(size)}`],
  ] as const)('verifyAnswer and createAnswerVerifier over %s that every line leaves open', (_, shape) => {
    const make = (size: number) => {
      const answer = shape(size);
      return () => {
        verifyAnswer(answer, PASSAGES);
        const verifier = createAnswerVerifier(PASSAGES);
        for (let i = 0; i < answer.length; i += 4096) verifier.push(answer.slice(i, i + 4096));
        verifier.end();
      };
    };
    expect(growth(make, 1_000)).toBeLessThan(BOUND);
  });
  it('verifyAnswer and createAnswerVerifier over brackets that each open markup no `>` closes (a review found it quadratic)', () => {
    // Every `[` was read as the start of a bracket left open, up to the one `>` at the end: 32,000 of them took 6 s.
    const passages = [source('Water boils at 100 degrees.', 'water'), source('Ice floats.', 'ice')];
    const make = (size: number) => {
      const answer = `Water boils [1] ${'[<'.repeat(size)}>x.`;
      return () => {
        verifyAnswer(answer, passages);
        const verifier = createAnswerVerifier(passages);
        for (let i = 0; i < answer.length; i += 4096) verifier.push(answer.slice(i, i + 4096));
        verifier.end();
      };
    };
    expect(growth(make, 2_000)).toBeLessThan(BOUND);
  });

  it('verifyAnswer over claims showing a look-alike marker, each citing a passage that grows with the answer (a review found it quadratic)', () => {
    // The numbers a passage shows in brackets are read once per answer, not once per claim that asks.
    const make = (size: number) => {
      const passages = [
        source('Water boils at 100 degrees Celsius at sea level. '.repeat(4 * size), 'water'),
      ];
      const answer = 'Water boils at 100 degrees [1][&#51;]. '.repeat(size);
      return () => {
        if (verifyAnswer(answer, passages).rejected[0]?.code !== 'marker_out_of_range')
          throw new Error('wrong verdict');
      };
    };
    expect(growth(make, 300)).toBeLessThan(BOUND);
  });
  it('verifyAnswer over brackets that open a vendor-form citation and never close it', () => {
    for (const open of [
      '[source',
      '[4',
      '[4:',
      '[4\u2020',
      '[^',
      '[source 1,',
      '[#1,',
      '[^1,',
      '[source: doc',
      '[4 \u2020 x',
      '[^ 1 ',
      '[source 1, source',
      '[source 1, ',
      '[source-',
      '[ref 2019,',
    ]) {
      const spaces = (size: number) => {
        const answer = `Water boils at 100 degrees [1]. ${open}${' '.repeat(size * 8)}x.`;
        return () => verifyAnswer(answer, PASSAGES);
      };
      const repeated = (size: number) => {
        const answer = `Water boils at 100 degrees [1]. ${`${open} `.repeat(size)}x.`;
        return () => verifyAnswer(answer, PASSAGES);
      };
      expect(growth(spaces, 2_000), open).toBeLessThan(BOUND);
      expect(growth(repeated, 2_000), open).toBeLessThan(BOUND);
    }
  });
  it('verifyAnswer over a vendor-form list of every source and past it, closed and left open', () => {
    for (const [open, item] of [
      ['[Sources ', '1, '],
      ['[^1', ', ^2'],
      ['[#1', ', #2'],
      ['[Source 1', '-2 '],
      ['[^ 1 ^', ', ^ 2 ^'],
      ['[Source 1', '; Source 2'],
      ['[Source 1', ', and 2'],
      ['[Source 1', '/2'],
      ['[Ref 2019', ', 2020'],
    ]) {
      const closed = (size: number) => {
        const answer = `Water boils at 100 degrees [1]. ${open}${item!.repeat(size)}9].`;
        return () => verifyAnswer(answer, PASSAGES);
      };
      const left = (size: number) => {
        const answer = `Water boils at 100 degrees [1]. ${open}${item!.repeat(size)}x.`;
        return () => verifyAnswer(answer, PASSAGES);
      };
      expect(growth(closed, 2_000), open).toBeLessThan(BOUND);
      expect(growth(left, 2_000), open).toBeLessThan(BOUND);
    }
  });

  it('verifyAnswer over a quotation of signs and dashes spaced every way', () => {
    for (const unit of [
      'a - ',
      '( - ',
      'a -',
      ' -$',
      'a\n- ',
      'a -- ',
      'a \u2014',
      ' \u2014-\u2014 ',
      '( \u2e3a-',
    ]) {
      const make = (size: number) => {
        const text = unit.repeat(size);
        const answer = `The source says "${text}z" [1].`;
        const passages = [source(`${unit.replace(/ /g, '').repeat(size)}y`, 'doc')];
        return () => verifyAnswer(answer, passages);
      };
      expect(growth(make, 500), JSON.stringify(unit)).toBeLessThan(BOUND);
    }
  });
});
