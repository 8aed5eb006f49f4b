// Type-level contract: DESIGN.md's signatures written out as types, and each export assigned to them.
// Type-checked by `npm run typecheck` (tests/tsconfig.json maps `@gk/<name>` to packages/<name>/src as
// vitest.config.ts does). A DEVIATION is a
// `@ts-expect-error` with a `// DEVIATION:` comment: it turns into an error the day the code matches DESIGN.
import type {
  Citation,
  createHandles,
  DecodeError,
  decodeJson,
  decodeRows,
  formatSources,
  fromCodePointOffset,
  fromUtf8ByteOffset,
  locateQuote,
  Passage,
  parseMarkers,
  RejectionCode,
  resolveCitation,
  safeDecodeJson,
  summarizeVerifications,
  toCodePointOffset,
  toUtf8ByteOffset,
  Verification,
  verifyAnswer,
} from '@gk/citations';
import type { runEchoCheck } from '@gk/echo-check';
import type {
  agreementRate,
  confusionMatrix,
  hitRateAtK,
  meanReciprocalRank,
  ndcgAtK,
  precision,
  precisionAtK,
  recall,
  recallAtK,
  reciprocalRank,
} from '@gk/eval-schema';
import type {
  buildCalibrationReport,
  checkPreregistration,
  judgeFaithfulness,
  measureAgreement,
  verifyLabelSet,
} from '@gk/judge';
import type {
  buildSynthesisRow,
  rewriteQuery,
  SynthesisError,
  SynthesisErrorCode,
  SynthesisRejectionCode,
  SynthesizeResult,
  synthesize,
} from '@gk/synthesis';
import type { CallSettings, LanguageModel } from 'ai';
import { expectTypeOf } from 'vitest';
import type { ZodType } from 'zod';

type Span = { start: number; end: number };
type DesignVerifyOptions = {
  unit?: 'sentence' | 'line';
  locale?: string;
  requireCitations?: boolean;
  ranges?: boolean;
  identifiers?: Array<'ecli' | 'doi' | 'url' | { name: string; pattern: RegExp }>;
  support?: false | { minCoverage?: number; stopWords?: readonly string[] };
  noSourceToken?: string;
};
type DesignVerification = {
  status: 'answered' | 'abstained' | 'rejected';
  claims: Array<{ text: string; span: Span; citations: Citation[] }>;
  rejected: Array<{
    text: string;
    span: Span;
    code:
      | 'no_marker'
      | 'marker_out_of_range'
      | 'unknown_identifier'
      | 'unsupported'
      | 'quote_not_found'
      | 'empty_claim'
      // Second wave, provider-native citations: the codes DESIGN names for verifyProviderCitations.
      | 'unknown_document'
      | 'offsets_out_of_range'
      | 'span_mismatch';
    markers: number[];
    message: string;
  }>;
  citations: Citation[];
  duplicatesMerged: number;
};

// @gk/citations
// Rejection codes may grow (a new finding gets its own code); every code DESIGN lists stays, and apart from the
// code every field matches both ways.
type DesignRejected = DesignVerification['rejected'][number];
expectTypeOf<Verification>().toExtend<
  Omit<DesignVerification, 'rejected'> & { rejected: Array<Omit<DesignRejected, 'code'> & { code: string }> }
>();
expectTypeOf<DesignRejected['code']>().toExtend<RejectionCode>();
expectTypeOf<DesignVerification>().toExtend<Verification>();
expectTypeOf<Citation>().toEqualTypeOf<{
  source: number;
  documentId: string;
  chunkId: string;
  start: number;
  end: number;
  text: string;
}>();
expectTypeOf<{
  documentId: string;
  chunkId: string;
  text: string;
  start: number;
  end: number;
}>().toExtend<Passage>();
expectTypeOf<typeof parseMarkers>().toExtend<
  (text: string, options?: { ranges?: boolean }) => Array<{ numbers: number[]; start: number; end: number }>
>();
expectTypeOf<typeof verifyAnswer>().toExtend<
  (answer: string, passages: readonly Passage[], options?: DesignVerifyOptions) => Verification
>();
expectTypeOf<typeof formatSources>().toExtend<
  (passages: readonly Passage[], options?: { style?: 'numbers' | 'handles' }) => string
>();
expectTypeOf<typeof locateQuote>().toExtend<
  (quote: string, text: string, options?: { ignoreCase?: boolean }) => Span | null
>();
expectTypeOf<typeof resolveCitation>().toExtend<
  (
    citation: Citation,
    read: (documentId: string) => string | Promise<string>,
  ) => Promise<{ status: 'verified' | 'drifted' | 'unresolvable'; actual?: string }>
>();
for (const helper of [] as Array<
  typeof toCodePointOffset | typeof fromCodePointOffset | typeof toUtf8ByteOffset | typeof fromUtf8ByteOffset
>) {
  expectTypeOf(helper).toExtend<(text: string, offset: number) => number>();
}
expectTypeOf<ReturnType<typeof safeDecodeJson<{ a: number }>>>().toExtend<
  { success: true; data: { a: number } } | { success: false; error: DecodeError }
>();
expectTypeOf<DecodeError>().toExtend<Error & { code: string }>();
expectTypeOf<typeof decodeJson<{ a: number }>>().toExtend<
  (
    text: string,
    schema: ZodType<{ a: number }>,
    options?: { maxBytes?: number; maxDepth?: number },
  ) => { a: number }
>();
expectTypeOf<typeof decodeRows<{ a: number }>>().toExtend<
  (
    text: string,
    rowSchema: ZodType<{ a: number }>,
    options?: { maxRows?: number; key?: string },
  ) => { accepted: Array<{ a: number }>; rejected: Array<{ index: number; code: string; message: string }> }
>();
expectTypeOf<typeof createHandles>().toExtend<
  (passages: readonly Passage[]) => { handles: string[]; resolve(handle: string): Passage | undefined }
>();
expectTypeOf<typeof summarizeVerifications>().toExtend<
  (list: readonly Verification[]) => {
    claimsWritten: number;
    claimsAccepted: number;
    claimAcceptance: number | null;
    sourceCorrectness: number | null;
  }
>();

// @gk/synthesis and @gk/judge: "model is any AI SDK LanguageModel".
declare const anyModel: LanguageModel;
declare const passages: readonly Passage[];
type SynthesizeInput = Parameters<typeof synthesize>[0];
type JudgeInput = Parameters<typeof judgeFaithfulness>[0];
// DESIGN: `model` is any AI SDK `LanguageModel`, a model id string included.
const synthesizeInput: SynthesizeInput = { model: anyModel, question: 'q', passages };
const judgeInput: JudgeInput = { model: anyModel, question: 'q', answer: 'a', passages };
void synthesizeInput;
void judgeInput;
expectTypeOf<Awaited<ReturnType<typeof synthesize>>>().toExtend<{
  text: string;
  verification: Verification;
  citations: Citation[];
  status: 'answered' | 'abstained';
  model: { provider: string; modelId: string };
  promptHash: string;
  usage: unknown;
  attempts: number;
}>();
expectTypeOf<{ model: LanguageModel; query: string; maxLength: number }>().toExtend<
  Parameters<typeof rewriteQuery>[0]
>();
expectTypeOf<ReturnType<typeof rewriteQuery>>().toEqualTypeOf<Promise<string>>();
expectTypeOf<Awaited<ReturnType<typeof judgeFaithfulness>>>().toExtend<{
  verdict: { faithful: boolean; unsupportedClaims: readonly string[]; reasoning: string };
  judge: { provider: string; modelId: string; promptHash: string };
}>();

// Additions to @gk/synthesis and @gk/judge beyond DESIGN (DESIGN's shapes above still hold).
type Template = { system: string; user: string };
expectTypeOf<SynthesizeResult>().toExtend<{
  claims: Array<{ text: string; span: Span; citations: Citation[] }>;
  finishReason: string;
  rejected: Array<{ text: string; span: Span; code: string; markers: number[]; message: string }>;
}>();
expectTypeOf<'unfinished_claim'>().toExtend<SynthesisRejectionCode>();
expectTypeOf<'content_filter'>().toExtend<SynthesisErrorCode>();
expectTypeOf<{
  model: LanguageModel;
  question: string;
  passages: Passage[];
  topP: number;
}>().toExtend<SynthesizeInput>();
expectTypeOf<SynthesizeInput>().toExtend<CallSettings>();
expectTypeOf<JudgeInput>().toExtend<CallSettings>();
expectTypeOf<JudgeInput['prompt']>().toEqualTypeOf<Template | undefined>();
expectTypeOf<SynthesizeInput['prompt']>().toEqualTypeOf<Template | undefined>();
expectTypeOf<typeof buildSynthesisRow>().toExtend<
  (options: {
    queryId: string;
    synthesis: SynthesizeResult | SynthesisError;
    // A whole verdict, as judgeFaithfulness returns it: a partial one is refused (the one verdict rule, ADR 0062).
    judge?:
      | { verdict: { faithful: boolean; unsupportedClaims: readonly string[]; reasoning: string } }
      | { error: unknown };
  }) => {
    queryId: string;
    status: 'answered' | 'abstained' | 'rejected';
    claimsWritten: number;
    claimsAccepted: number;
  }
>();
type Refusal = { code: string; message: string; problems: Array<{ code: string; message: string }> };
type Outcome<T> = { success: true; data: T } | { success: false; error: Refusal };
expectTypeOf<Awaited<ReturnType<typeof verifyLabelSet>>>().toExtend<Outcome<{ hash: string }>>();
expectTypeOf<ReturnType<typeof checkPreregistration>>().toExtend<Outcome<{ threshold: number }>>();
expectTypeOf<Awaited<ReturnType<typeof buildCalibrationReport>>>().toExtend<
  Outcome<{ agreementRate: number | null }>
>();
expectTypeOf<Awaited<ReturnType<typeof measureAgreement>>>().toExtend<
  Outcome<{ report: { agreementRate: number | null }; outcomes: unknown[] }>
>();

// @gk/echo-check
type EchoPipelineDesign = (input: {
  question: string;
  passages: Passage[];
}) => string | { text: string; citations: Citation[] };
expectTypeOf<{
  pipeline: EchoPipelineDesign;
  cases: number;
  onProgress: () => void;
  signal: AbortSignal;
}>().toExtend<Parameters<typeof runEchoCheck>[0]>();
// The first name of the option, deprecated, keeps working.
expectTypeOf<{ answer: EchoPipelineDesign; cases: number }>().toExtend<Parameters<typeof runEchoCheck>[0]>();
expectTypeOf<Awaited<ReturnType<typeof runEchoCheck>>['cases'][number]>().toExtend<{
  caseId: string;
  outcome: 'grounded' | 'wrong_source' | 'abstained' | 'rejected';
  leaked: boolean;
}>();

// @gk/eval-schema
type Ranking = (ranked: readonly string[], relevant: Iterable<string>, k: number) => number | null;
expectTypeOf<typeof recallAtK>().toExtend<Ranking>();
expectTypeOf<typeof precisionAtK>().toExtend<Ranking>();
expectTypeOf<typeof hitRateAtK>().toExtend<Ranking>();
expectTypeOf<typeof reciprocalRank>().toExtend<
  (ranked: readonly string[], relevant: Iterable<string>) => number | null
>();
expectTypeOf<typeof meanReciprocalRank>().toExtend<(values: readonly (number | null)[]) => number | null>();
expectTypeOf<typeof ndcgAtK>().toExtend<
  (ranked: readonly string[], gains: ReadonlyMap<string, number>, k: number) => number | null
>();
type Pairs = readonly { human: boolean; judge: boolean }[];
type Matrix = { truePositive: number; falsePositive: number; falseNegative: number; trueNegative: number };
expectTypeOf<typeof agreementRate>().toExtend<(pairs: Pairs) => number | null>();
expectTypeOf<typeof confusionMatrix>().toExtend<(pairs: Pairs) => Matrix>();
expectTypeOf<typeof precision>().toExtend<(matrix: Matrix, cls: 'positive' | 'negative') => number | null>();
expectTypeOf<typeof recall>().toExtend<(matrix: Matrix, cls: 'positive' | 'negative') => number | null>();
