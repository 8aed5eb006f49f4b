// Linear time without wall-clock flakiness.
//
// Method: each function runs on an input of size n and on one of size 8n, in the same process, interleaved
// (n, 8n, n, 8n, ...) after a warm-up. The cost of a run is the CPU time this process spent in it
// (process.cpuUsage, user + system), not wall-clock time, so other processes competing for the cores do not
// count; and the cost of a size is the minimum over its runs (3 of n, 2 of 8n), since noise (a GC pause, a
// cache-cold core) only ever adds time. Linear work gives a ratio near 8, quadratic near 64, exponential far more. The bound is 24
// (three times linear); a measurement above it is repeated up to three times before the test fails, so a burst
// of noise cannot fail it while a quadratic path always does. Inputs are sized so one run of size n takes
// milliseconds, far above the timer's resolution; no absolute time is asserted anywhere.
import {
  type Passage,
  formatSources,
  locateQuote,
  parseMarkers,
  safeDecodeJson,
  verifyAnswer,
} from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BOUND, growth } from './growth.js';

const passage = (text: string, index = 0): Passage => ({
  documentId: `doc-${index}`,
  chunkId: `doc-${index}#0`,
  start: 0,
  end: text.length,
  text,
});

const PASSAGES = Array.from({ length: 10 }, (_, i) =>
  passage(
    `Water boils at 100 degrees Celsius at sea level in region ${i}. The tower in Paris opened in 1889. `.repeat(
      10,
    ),
    i,
  ),
);

// A measurement that has to be repeated can take tens of seconds on a loaded machine.
describe('linear time (ratio of 8n to n, bound 24; quadratic would be 64)', { timeout: 180_000 }, () => {
  // Real markers are sparse here: allocating millions of result objects would measure the garbage collector's
  // generations, not the scan.
  it('parseMarkers over malformed markers and unterminated brackets with sparse real markers', () => {
    const make = (size: number) => {
      const text = `${'claim [[[ [1, x [1 2] [,1] [a] [1,] [9007199254740993 '.repeat(10)}[2, 3] `.repeat(
        size,
      );
      return () => parseMarkers(text);
    };
    expect(growth(make, 300)).toBeLessThan(BOUND);
  });

  it('parseMarkers over one bracket of digits', () => {
    const make = (size: number) => {
      const text = `[${'7'.repeat(size)}]`;
      return () => parseMarkers(text);
    };
    expect(growth(make, 100_000)).toBeLessThan(BOUND);
  });

  it('verifyAnswer with the support check over many claims', () => {
    const make = (size: number) => {
      const answer = Array.from(
        { length: size },
        (_, i) => `Water boils at sea level in region ${i % 10} [${(i % 10) + 1}].`,
      ).join(' ');
      return () => verifyAnswer(answer, PASSAGES, { support: {} });
    };
    expect(growth(make, 150)).toBeLessThan(BOUND);
  });

  it('verifyAnswer with the support check over one claim without a full stop', () => {
    const make = (size: number) => {
      const answer = `${'water boils at sea level '.repeat(size)}[1]`;
      return () => verifyAnswer(answer, PASSAGES, { support: {} });
    };
    // n = 8,000 (200 K characters; 8n is 1.6 M): at n = 2,000 the small input ran at a third of the large one's
    // per-character cost (CPU caches, young-generation GC), which read as a ratio of 16-21; from 200 K up it is
    // flat (measured 7.6-9.2).
    expect(growth(make, 8_000)).toBeLessThan(BOUND);
  });

  it('verifyAnswer with the support check over a growing cited passage', () => {
    const make = (size: number) => {
      const passages = [passage(`${'the tower in paris opened in 1889 and '.repeat(size)}water boils.`)];
      return () => verifyAnswer('It says "water boils" at sea level [1].', passages, { support: {} });
    };
    expect(growth(make, 1_000)).toBeLessThan(BOUND);
  });

  it('locateQuote for an absent quote and for one at the end', () => {
    const make = (size: number) => {
      const text = `${'Water\u00a0boils \u201cat\u201d sea\u200b level \u2014 '.repeat(size)}the final words`;
      return () => [
        locateQuote('the missing words', text, { ignoreCase: true }),
        locateQuote('the final words', text),
      ];
    };
    expect(growth(make, 4_000)).toBeLessThan(BOUND);
  });

  it('safeDecodeJson over an array of objects', () => {
    const schema = z.array(z.strictObject({ claim: z.string(), source: z.number() }));
    const make = (size: number) => {
      const text = JSON.stringify(
        Array.from({ length: size }, (_, i) => ({ claim: `claim \u00e9 ${i}`, source: i })),
      );
      return () => safeDecodeJson(text, schema, { maxBytes: 64 * 1024 * 1024 });
    };
    expect(growth(make, 1_000)).toBeLessThan(BOUND);
  });

  it('safeDecodeJson refusing deep nesting', () => {
    const schema = z.unknown();
    const make = (size: number) => {
      const text = '['.repeat(size);
      return () => safeDecodeJson(text, schema, { maxDepth: size, maxBytes: 64 * 1024 * 1024 });
    };
    expect(growth(make, 40_000)).toBeLessThan(BOUND);
  });

  it('formatSources over passages full of bracket look-alikes and controls', () => {
    const make = (size: number) => {
      const passages = Array.from({ length: size }, (_, i) =>
        passage('see [7] and [1, 2] \u202e\u0000 [S3] [[[ text. '.repeat(5), i),
      );
      return () => formatSources(passages);
    };
    expect(growth(make, 200)).toBeLessThan(BOUND);
  });

  // Claims, quotations and the passage all grow 8x: linear work grows 8x; checking every claim against the whole
  // passage grows 64x.
  it('verifyAnswer with quotations, identifiers and support as claims and their passage grow together', () => {
    const make = (size: number) => {
      const { passage: cited, answer } = claimsOverPassage(size, size * 2_000);
      return () => verifyAnswer(answer, [cited], { support: {} });
    };
    expect(growth(make, 16)).toBeLessThan(BOUND);
  });

  it('verifyAnswer over quotation marks of every family: nested, unclosed, stray, in one claim or many', () => {
    const make = (size: number) => {
      const many = 'He said "a "b \u00abc \u300cd" e\u00bb f\u300d g\u201d h\u201d [1]. '.repeat(size);
      const one = `${'"word \u00ab\u2018x '.repeat(size * 4)}[1]`;
      return () => [verifyAnswer(many, PASSAGES), verifyAnswer(one, PASSAGES)];
    };
    expect(growth(make, 300)).toBeLessThan(BOUND);
  });

  it('verifyAnswer over one claim of many quotations and many markers (each quotation reads only its own markers)', () => {
    const make = (size: number) => {
      // `;` joins the clauses into one claim: its markers and its quotations both grow with the input.
      const claim = `${'it says "water boils at 100 degrees Celsius" [1]; '.repeat(size)}end.`;
      const marks = `${'it says ""water boils at 100 degrees"" [1][2]; \'the kids\' tea [3]; '.repeat(size)}end.`;
      return () => [verifyAnswer(claim, PASSAGES), verifyAnswer(marks, PASSAGES)];
    };
    expect(growth(make, 200)).toBeLessThan(BOUND);
  });

  it('verifyAnswer over runs an e-mail or URL pattern could start anywhere in', () => {
    const make = (size: number) => {
      const local = `${'a'.repeat(size * 50)} [1].`;
      const ats = `${'a@'.repeat(size * 25)}b [1].`;
      const hosts = `${'www.'.repeat(size * 12)} and ${'x-'.repeat(size * 25)}@${'a.'.repeat(size * 25)} [1].`;
      const schemes = `${'ab+'.repeat(size * 16)}://x [1].`;
      return () => [local, ats, hosts, schemes].map((answer) => verifyAnswer(answer, PASSAGES));
    };
    expect(growth(make, 100)).toBeLessThan(BOUND);
  });

  it('verifyAnswer over a source-list entry that names its passage, then runs on in one long word', () => {
    // Paths and file names are read out of an entry before its prose words are counted: `\S*(?:[/@:]|\.\w)\S*`
    // tried each start of a word to its end (80,000 letters took 6 s).
    const titled = { ...passage('The claim text is here.'), title: 'Doc Title' };
    const make = (size: number) => {
      const answer = `The claim text [1].\n\nSources:\n[1] Doc Title ${'a'.repeat(size)}`;
      return () => verifyAnswer(answer, [titled]);
    };
    expect(growth(make, 5_000)).toBeLessThan(BOUND);
  });

  it('flags a quadratic scan, so the bound has teeth', () => {
    // For each `[`, rescan everything before it: the mistake a backtracking marker scan would make.
    const make = (size: number) => {
      const text = 'ab[c'.repeat(size);
      return () => {
        let count = 0;
        for (let i = text.indexOf('['); i !== -1; i = text.indexOf('[', i + 1)) {
          for (let j = 0; j < i; j++) if (text.charCodeAt(j) === 0x5b) count++;
        }
        return count;
      };
    };
    // Noise only ever lowers this ratio (it inflates the small run), so where the linear tests keep the lowest of
    // their measurements this one keeps the highest of up to three (`growth` with no bound measures once), and n
    // starts where a run takes about 7 ms: under load the check that doubles a short n can itself read slow, and
    // CI once kept n = 400 (0.7 ms a run, close to the collector's concurrent work) and read 22.3. Here it reads
    // 55-65.
    let ratio = 0;
    for (let attempt = 0; attempt < 3 && ratio <= BOUND; attempt++) {
      ratio = Math.max(ratio, growth(make, 1_200, Number.POSITIVE_INFINITY));
    }
    expect(ratio).toBeGreaterThan(BOUND);
  });
});

// One passage of about 1 MB (real-looking prose, the words each claim uses near its end), and n or 8n claims that
// cite it. The passage is indexed once per call, so 8x the claims costs little more than the passage itself:
// the ratio stays near 1-2. Checking each claim against the whole passage makes it 8.
describe('verifyAnswer: n against 8n claims over the same 1 MB passage (bound 4; one scan per claim gives 8)', {
  timeout: 180_000,
}, () => {
  const CLAIM_BOUND = 4;
  const n = 24;
  const { passage: cited } = claimsOverPassage(0, 1_000_000);

  it('quotations', () => {
    const make = (size: number) => {
      const answer = claimsOverPassage(size, 0).quotations;
      return () => verifyAnswer(answer, [cited], { identifiers: [] });
    };
    const verification = verifyAnswer(claimsOverPassage(n, 0).quotations, [cited], { identifiers: [] });
    expect([verification.claims.length, verification.rejected.length]).toEqual([n, 0]);
    expect(growth(make, n, CLAIM_BOUND)).toBeLessThan(CLAIM_BOUND);
  });

  it('identifiers', () => {
    const make = (size: number) => {
      const answer = claimsOverPassage(size, 0).identifiers;
      return () => verifyAnswer(answer, [cited], { quotes: false });
    };
    const verification = verifyAnswer(claimsOverPassage(n, 0).identifiers, [cited], { quotes: false });
    expect([verification.claims.length, verification.rejected.length]).toEqual([n, 0]);
    expect(growth(make, n, CLAIM_BOUND)).toBeLessThan(CLAIM_BOUND);
  });

  it('support', () => {
    const make = (size: number) => {
      const answer = claimsOverPassage(size, 0).supported;
      return () => verifyAnswer(answer, [cited], { quotes: false, identifiers: [], support: {} });
    };
    const verification = verifyAnswer(claimsOverPassage(n, 0).supported, [cited], {
      quotes: false,
      identifiers: [],
      support: {},
    });
    expect([verification.claims.length, verification.rejected.length]).toEqual([n, 0]);
    expect(growth(make, n, CLAIM_BOUND)).toBeLessThan(CLAIM_BOUND);
  });
});

/**
 * A passage of `length` characters of varied prose whose last part holds what the claims use (a DOI per claim,
 * quotable sentences, rare words), and answers of `claims` claims: one with a quotation each, one with an
 * identifier each, one of claims supported by token coverage only, and one with all three.
 */
function claimsOverPassage(claims: number, length: number) {
  const words = 'tower river museum bridge market garden harbour library station theatre palace forest'.split(
    ' ',
  );
  let filler = '';
  for (let i = 0; filler.length < length; i++) {
    filler += `The ${words[i % 12]} of district ${i} opened in year ${1800 + (i % 200)} after ${i % 7} delays. `;
  }
  const tail = Array.from(
    { length: 64 },
    (_, k) =>
      `Record ${k} of the zephyr quorum lists doi 10.5555/zq.${k} and notes that the quartz vessel number ${k} sailed north.`,
  ).join(' ');
  const text = `${filler}${tail}`;
  const passage = { documentId: 'big', chunkId: 'big#0', start: 0, end: text.length, text };
  const pick = (i: number) => i % 64;
  const list = (make: (i: number) => string) => Array.from({ length: claims }, (_, i) => make(i)).join(' ');
  return {
    passage,
    quotations: list((i) => `Claim ${i} reads "the quartz vessel number ${pick(i)} sailed north" [1].`),
    identifiers: list((i) => `Claim ${i} names doi 10.5555/zq.${pick(i)} as the record [1].`),
    supported: list((i) => `Zephyr quorum record ${pick(i)} notes quartz vessel ${i} north [1].`),
    answer: list(
      (i) =>
        `Zephyr quorum record ${pick(i)} lists 10.5555/zq.${pick(i)}: "the quartz vessel number ${pick(i)} sailed north" [1].`,
    ),
  };
}
