// @gk/echo-check against pipelines that return hostile citations: forged texts and spans, unknown or
// prototype-named documents, junk entries, disguised leaks of marker C. Each pipeline has one expected
// outcome per case and an expected leak flag.
import type { Citation, Passage } from '@gk/citations';
import {
  buildEchoCase,
  type EchoCase,
  type EchoPipeline,
  EchoCheckError,
  runEchoCheck,
} from '@gk/echo-check';
import { SynthesisError } from '@gk/synthesis';
import { describe, expect, it } from 'vitest';

/**
 * A citation of the whole passage of `document` that carries its marker, built exactly: its source is the number the
 * passage has among those the pipeline was shown.
 */
function honest(document: EchoCase['positive'], passages: readonly Passage[]): Citation {
  const { passage } = document;
  return {
    source: passages.findIndex((p) => p.documentId === passage.documentId) + 1,
    documentId: passage.documentId,
    chunkId: passage.chunkId,
    start: passage.start,
    end: passage.end,
    text: passage.text,
  };
}

// Cyrillic letters squash to nothing, so they alone leave the marker's other digits glued together, and any 16 of
// them in a row count as the marker: 0.37% of 200,000 fresh markers had such a run (1.5% for a run of four cases).
// The Latin letters (o, l, z, s, g) stay and break every run, so only a run of 16 of the six digits kept (4, 7, 8,
// b, d, f) would count: none of the 200,000 did.
const LOOK_ALIKES: Record<string, string> = {
  a: '\u0430',
  c: '\u0441',
  e: '\u0435',
  '3': '\u0417',
  '6': '\u0431',
  '0': 'o',
  '1': 'l',
  '2': 'z',
  '5': 's',
  '9': 'g',
};
/** Swaps hex digits for letters that look like them. */
const lookAlike = (marker: string): string => marker.replace(/[ace0123569]/g, (ch) => LOOK_ALIKES[ch]!);

/** Inserts a zero-width joiner between every character. */
const disguise = (marker: string): string => [...marker].join('\u200d');

interface HostilePipeline {
  id: string;
  /** Builds the pipeline's answer for one case (the case is known here, as a leaky pipeline would know it). */
  answer: (echoCase: EchoCase, passages: Passage[]) => unknown;
  outcome: 'grounded' | 'wrong_source' | 'abstained' | 'rejected';
  leaked: boolean;
}

const PIPELINES: readonly HostilePipeline[] = [
  {
    id: 'honest citation of the positive',
    // A grounded answer states the positive's value (ADR 0060): citing the right passage alone is not enough.
    answer: (c, passages) => ({
      text: `It is ${c.positive.value}.`,
      citations: [honest(c.positive, passages)],
    }),
    outcome: 'grounded',
    leaked: false,
  },
  {
    id: 'forged text over the right span',
    answer: (c, passages) => ({
      text: 'x',
      citations: [{ ...honest(c.positive, passages), text: `${c.positive.passage.text} (verified)` }],
    }),
    outcome: 'wrong_source',
    leaked: false,
  },
  {
    id: 'right text at shifted offsets',
    answer: (c, passages) => {
      const citation = honest(c.positive, passages);
      return { text: 'x', citations: [{ ...citation, start: citation.start + 1, end: citation.end + 1 }] };
    },
    outcome: 'wrong_source',
    leaked: false,
  },
  {
    id: 'a document that was never retrieved',
    answer: (c, passages) => ({
      text: 'x',
      citations: [{ ...honest(c.positive, passages), documentId: 'doc-fabricated' }],
    }),
    outcome: 'wrong_source',
    leaked: false,
  },
  {
    id: 'a __proto__ document id',
    answer: (c, passages) => ({
      text: 'x',
      citations: [{ ...honest(c.positive, passages), documentId: '__proto__' }],
    }),
    outcome: 'wrong_source',
    leaked: false,
  },
  {
    id: 'offsets past 2^53',
    answer: (c, passages) => ({
      text: 'x',
      citations: [{ ...honest(c.positive, passages), start: 2 ** 53 + 2, end: 2 ** 53 + 4 }],
    }),
    outcome: 'wrong_source',
    leaked: false,
  },
  {
    id: 'junk entries in the citation list',
    answer: () => ({ text: 'x', citations: [null, 42, 'doc', {}] }),
    outcome: 'wrong_source',
    leaked: false,
  },
  {
    id: 'the decoy beside the positive',
    answer: (c, passages) => ({
      text: 'x',
      citations: [honest(c.positive, passages), honest(c.decoy, passages)],
    }),
    outcome: 'wrong_source',
    leaked: false,
  },
  {
    id: 'marker C in the text, split by zero-width joiners',
    answer: (c, passages) => ({
      text: `Answer ${c.positive.value}. ${disguise(c.absentMarker)}`,
      citations: [honest(c.positive, passages)],
    }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'marker C in full-width upper case',
    answer: (c, passages) => ({
      text: `It is ${c.positive.value}. ${c.absentMarker
        .toUpperCase()
        .replace(/[0-9A-Z]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0xfee0))}`,
      citations: [honest(c.positive, passages)],
    }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'marker C inside a forged citation text',
    answer: (c, passages) => ({
      text: 'x',
      citations: [{ ...honest(c.positive, passages), text: c.absentMarker }],
    }),
    outcome: 'wrong_source',
    leaked: true,
  },
  {
    // Documented limitation of containsMarker: look-alike letters are not folded (see LOOK_ALIKES for the odds).
    id: 'marker C with look-alike letters for a, c, e, 0, 1, 2, 3, 5, 6 and 9 is not recognised',
    answer: (c) => ({ text: lookAlike(c.absentMarker), citations: [] }),
    outcome: 'abstained',
    leaked: false,
  },
  {
    id: 'a rejection whose message carries marker C',
    answer: (c) => {
      throw new SynthesisError({ code: 'no_accepted_claims', message: `refused ${c.absentMarker}` });
    },
    outcome: 'rejected',
    leaked: true,
  },
  {
    id: 'raw text citing a source that was not shown',
    answer: () => 'The answer is here [3].',
    outcome: 'rejected',
    leaked: false,
  },
  {
    id: 'raw text with a full-width marker',
    // A full-width marker is no [n] marker: naming the positive that way cites nothing (it is no pointer at the decoy).
    answer: (c, passages) =>
      `The answer is here \uff3b${String.fromCharCode(0xff10 + passages.findIndex((p) => p.documentId === c.positive.documentId) + 1)}\uff3d.`,
    outcome: 'abstained',
    leaked: false,
  },
  {
    id: 'a pipeline that rewrites the passages it was shown, then cites the positive',
    answer: (c, passages) => {
      const index = passages.findIndex((p) => p.documentId === c.positive.documentId);
      for (const passage of passages) passage.text = `${c.absentMarker} hacked`;
      return `${c.positive.value} is the answer [${index + 1}].`;
    },
    outcome: 'grounded',
    leaked: false,
  },
];

async function run(pipeline: HostilePipeline, cases = 4) {
  // Each case's marker C holds a character with a Cyrillic look-alike: otherwise (one marker in about 1,800)
  // the look-alike pipeline would send marker C itself.
  const built = Array.from({ length: cases }, (_, i) => {
    let echoCase = buildEchoCase({ caseId: `case-${i + 1}` });
    while (lookAlike(echoCase.absentMarker) === echoCase.absentMarker) {
      echoCase = buildEchoCase({ caseId: `case-${i + 1}` });
    }
    return echoCase;
  });
  // Cases are told apart by their random document ids (two cases may share a question).
  const answer: EchoPipeline = ({ passages }) => {
    const ids = passages.map((p) => p.documentId);
    const echoCase = built.find((c) => ids.includes(c.positive.documentId))!;
    return pipeline.answer(echoCase, passages) as ReturnType<EchoPipeline>;
  };
  return runEchoCheck({ pipeline: answer, cases, createCase: (index) => built[index]! });
}

describe('runEchoCheck: hostile pipelines', () => {
  it.each(PIPELINES.map((p) => [p.id, p] as const))('%s', async (_id, pipeline) => {
    const report = await run(pipeline);
    expect(report.cases.map((c) => [c.outcome, c.leaked])).toEqual(
      Array(4).fill([pipeline.outcome, pipeline.leaked]),
    );
    expect(Object.prototype).not.toHaveProperty('text');
  });

  it('refuses a pipeline answer that is neither text nor { text, citations[] }', async () => {
    const pipeline: HostilePipeline = {
      id: 'bad',
      answer: () => ({ text: 'x', citations: 'all of them' }),
      outcome: 'grounded',
      leaked: false,
    };
    const error = await run(pipeline, 1).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(EchoCheckError.isInstance(error) && (error as EchoCheckError).code).toBe('invalid_answer');
  });
});
