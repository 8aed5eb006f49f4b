// @gk/echo-check sees marker C wherever the pipeline's output carries it: in the answer text, the completion,
// the claims verification dropped, any citation, any field of a result object, and the error a pipeline throws;
// through getters, Maps, Sets, symbol keys, cycles and binary data; whole, disguised or in part. Each pipeline
// below knows marker C, as a leaky pipeline would, and returns or throws it in one shape.
import type { Citation, Passage } from '@gk/citations';
import { buildEchoCase, type EchoCase, type EchoPipeline, runEchoCheck } from '@gk/echo-check';
import { SynthesisError, synthesize } from '@gk/synthesis';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';

type Outcome = 'grounded' | 'wrong_source' | 'abstained' | 'rejected';

/** What a pipeline sees of its case: the case itself, the passages shown, and the positive's source number. */
interface Seen {
  echoCase: EchoCase;
  passages: Passage[];
  source: number;
  /** Marker C. */
  marker: string;
}

interface LeakyPipeline {
  id: string;
  run: (seen: Seen) => unknown;
  outcome: Outcome;
  leaked: boolean;
}

/** A mock model that answers every call with `completion`. */
function scriptedModel(completion: string): MockLanguageModelV3 {
  return new MockLanguageModelV3({
    provider: 'scripted',
    modelId: 'scripted-1',
    doGenerate: async () => ({
      content: [{ type: 'text', text: completion }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 1, text: 1, reasoning: undefined },
      },
      warnings: [],
    }),
  });
}

/** The positive passage's sentence cited correctly, then `tail` (a claim verification will drop). */
const completionWith = ({ echoCase, source }: Seen, tail: string): string =>
  `${echoCase.positive.passage.text} [${source}] ${tail}`;

/** A synthesis step over the scripted completion, as a real pipeline would run it. */
const synthesizing = (seen: Seen, tail: string, policy: 'drop-claims' | 'reject-answer') =>
  synthesize({
    model: scriptedModel(completionWith(seen, tail)),
    question: seen.echoCase.question,
    passages: seen.passages,
    policy,
  });

/** The citation of the positive passage, built exactly. */
function honest({ echoCase, source }: Seen): Citation {
  const { passage } = echoCase.positive;
  return {
    source,
    documentId: passage.documentId,
    chunkId: passage.chunkId,
    start: passage.start,
    end: passage.end,
    text: passage.text,
  };
}

/** A clean synthesized answer with `extra` fields beside `text` and `citations`. */
const answerWith = (seen: Seen, extra: object = {}) => ({
  text: `${seen.echoCase.positive.passage.text} [${seen.source}]`,
  citations: [honest(seen)],
  ...extra,
});

const hex = (marker: string): string => marker.slice('GK-ECHO-'.length);

class TracedAnswer {
  constructor(
    readonly text: string,
    readonly citations: Citation[],
    private readonly notes: string,
  ) {}

  /** A getter on the prototype, as result classes of model SDKs have. */
  get trace(): string {
    return `trace: ${this.notes}`;
  }
}

const PIPELINES: readonly LeakyPipeline[] = [
  // Synthesis under both policies: the claim that carries C is rejected, never shown as the answer.
  {
    id: 'synthesize, drop-claims: C in a claim without a marker, dropped from the text',
    run: (seen) => synthesizing(seen, `Internal reference ${seen.marker} for the record.`, 'drop-claims'),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'synthesize, drop-claims: C in a claim citing a source that was not shown',
    run: (seen) => synthesizing(seen, `The catalogue lists ${seen.marker} as well. [7]`, 'drop-claims'),
    outcome: 'rejected',
    leaked: true,
  },
  {
    id: 'synthesize, drop-claims: the result with text and citations only kept',
    run: async (seen) => {
      const { text, citations } = await synthesizing(seen, `Note ${seen.marker}.`, 'drop-claims');
      return { text, citations };
    },
    outcome: 'grounded',
    leaked: false,
  },
  {
    id: 'synthesize, drop-claims: only the verification kept beside text and citations',
    run: async (seen) => {
      const { text, citations, verification } = await synthesizing(
        seen,
        `Note ${seen.marker}.`,
        'drop-claims',
      );
      return { text, citations, verification };
    },
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'synthesize, reject-answer: the SynthesisError carries C in its verification',
    run: (seen) => synthesizing(seen, `Internal reference ${seen.marker} for the record.`, 'reject-answer'),
    outcome: 'rejected',
    leaked: true,
  },
  {
    id: 'synthesize, reject-answer, clean completion',
    run: (seen) => synthesizing(seen, '', 'reject-answer'),
    outcome: 'grounded',
    leaked: false,
  },
  // Any field of a result object, however deep or however reached.
  {
    id: 'a completion field beside a clean answer',
    run: (seen) => answerWith(seen, { completion: `${seen.echoCase.positive.passage.text} ${seen.marker}` }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'an extra field of a citation',
    run: (seen) => ({ ...answerWith(seen), citations: [{ ...honest(seen), note: seen.marker }] }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'a nested array of debug records',
    run: (seen) => answerWith(seen, { debug: [[{ steps: [{ output: `…${seen.marker}…` }] }]] }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'a value under a symbol key',
    run: (seen) => answerWith(seen, { [Symbol('trace')]: seen.marker }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'C as a key, not a value',
    run: (seen) => answerWith(seen, { seen: { [seen.marker]: true } }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'a Map value and a Set member',
    run: (seen) =>
      answerWith(seen, { trace: new Map([['step', new Set(['retrieve', `rerank ${seen.marker}`])]]) }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'a Map key',
    run: (seen) => answerWith(seen, { trace: new Map([[seen.marker, 1]]) }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'a getter on the class of the result',
    run: (seen) => {
      const answer = answerWith(seen);
      return new TracedAnswer(answer.text, answer.citations, seen.marker);
    },
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'a non-enumerable property',
    run: (seen) =>
      Object.defineProperty(answerWith(seen), 'hidden', { value: seen.marker, enumerable: false }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'a getter that throws an error whose message holds C',
    run: (seen) =>
      Object.defineProperty(answerWith(seen), 'usage', {
        get: () => {
          throw new Error(`usage unavailable for ${seen.marker}`);
        },
        enumerable: true,
      }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'a getter that throws, and nothing else',
    run: (seen) =>
      Object.defineProperty(answerWith(seen), 'usage', {
        get: () => {
          throw new Error('usage unavailable');
        },
        enumerable: true,
      }),
    outcome: 'grounded',
    leaked: false,
  },
  {
    id: 'a cycle with C behind it',
    run: (seen) => {
      const answer: Record<string, unknown> = answerWith(seen);
      const node: Record<string, unknown> = { parent: answer };
      answer['tree'] = { node, children: [node, { deep: { parent: answer, note: seen.marker } }] };
      return answer;
    },
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'a cycle and nothing else',
    run: (seen) => {
      const answer: Record<string, unknown> = answerWith(seen);
      answer['self'] = answer;
      answer['list'] = [answer, [answer]];
      return answer;
    },
    outcome: 'grounded',
    leaked: false,
  },
  {
    id: 'the UTF-8 bytes of C',
    run: (seen) => answerWith(seen, { raw: new TextEncoder().encode(`output: ${seen.marker}`) }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'C at the end of a megabyte of text',
    run: (seen) => answerWith(seen, { log: `${'retrieved 2 passages; '.repeat(50_000)}${seen.marker}` }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'a megabyte of text without C',
    run: (seen) => answerWith(seen, { log: 'retrieved 2 passages; '.repeat(50_000) }),
    outcome: 'grounded',
    leaked: false,
  },
  // Raw text.
  {
    id: 'raw text: C after a correctly cited claim',
    run: (seen) => `${seen.echoCase.positive.passage.text} [${seen.source}] ${seen.marker}`,
    outcome: 'grounded',
    leaked: true,
  },
  // Thrown rejections: every field of the error, its cause included.
  {
    id: 'a rejection whose cause holds C',
    run: (seen) => {
      throw new SynthesisError({
        code: 'no_accepted_claims',
        message: 'No claim survived.',
        cause: new Error(`upstream said ${seen.marker}`),
      });
    },
    outcome: 'rejected',
    leaked: true,
  },
  {
    id: 'a rejection with C in an extra field',
    run: (seen) => {
      throw Object.assign(new SynthesisError({ code: 'empty_completion', message: 'Blank.' }), {
        completion: seen.marker,
      });
    },
    outcome: 'rejected',
    leaked: true,
  },
  // Partial and disguised leaks.
  {
    id: 'the first 16 hex digits of C (half the marker)',
    run: (seen) => answerWith(seen, { note: `ref ${hex(seen.marker).slice(0, 16)}` }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'the last 16 hex digits of C, upper case',
    run: (seen) => answerWith(seen, { note: `ref ${hex(seen.marker).slice(16).toUpperCase()}` }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: '15 hex digits of C: below the partial-leak run',
    run: (seen) => answerWith(seen, { note: `zz${hex(seen.marker).slice(3, 18)}zz` }),
    outcome: 'grounded',
    leaked: false,
  },
  {
    id: 'C split by line breaks, spaces and invisible characters',
    run: (seen) =>
      answerWith(seen, {
        note: [...seen.marker].map((ch, i) => ch + ['\n', ' ', '\u200b', '\u2060', '\u00ad'][i % 5]).join(''),
      }),
    outcome: 'grounded',
    leaked: true,
  },
  {
    id: 'C split across the strings of an array, no piece longer than 8 digits',
    run: (seen) => answerWith(seen, { tokens: hex(seen.marker).match(/.{1,8}/g) }),
    outcome: 'grounded',
    leaked: true,
  },
];

/** Runs `pipeline` over `cases` cases; each case's pipeline call knows its own case. */
async function check(pipeline: LeakyPipeline, cases = 2) {
  const built = Array.from({ length: cases }, (_, i) => buildEchoCase({ caseId: `case-${i + 1}` }));
  const answer: EchoPipeline = ({ passages }) => {
    const ids = passages.map((p) => p.documentId);
    const echoCase = built.find((c) => ids.includes(c.positive.documentId))!;
    const source = ids.indexOf(echoCase.positive.documentId) + 1;
    return pipeline.run({
      echoCase,
      passages,
      source,
      marker: echoCase.absentMarker,
    }) as ReturnType<EchoPipeline>;
  };
  return runEchoCheck({ pipeline: answer, cases, createCase: (index) => built[index]! });
}

describe('runEchoCheck: marker C wherever the output carries it', () => {
  it.each(PIPELINES.map((p) => [p.id, p] as const))('%s', async (_id, pipeline) => {
    const report = await check(pipeline);
    expect(report.cases.map((c) => [c.outcome, c.leaked])).toEqual(
      Array(2).fill([pipeline.outcome, pipeline.leaked]),
    );
    expect(report.counts.leaked).toBe(pipeline.leaked ? 2 : 0);
  });
});
