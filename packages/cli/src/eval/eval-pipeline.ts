import type {
  HashableDocument,
  JudgeIdentity,
  JudgeVerdictLabel,
  ModelIdentity,
  RunConfig,
  StageName,
} from '@gk/eval-schema';

/** One question of a `gk eval` question set, as the pipeline receives it. */
export interface EvalQuestion {
  id: string;
  question: string;
  category?: string;
}

/** A chunk a retrieval stage returned, best first; only the first `topK` are scored and recorded. */
export interface EvalHit {
  documentId: string;
  chunkId: string;
  /** Where the chunk starts in its document (UTF-16 code units). */
  start: number;
  /** Where it ends (exclusive). */
  end: number;
  score: number;
}

/** A chunk of the corpus with its span: lets gold passage ids and gold spans be turned into relevance. */
export interface EvalChunk {
  chunkId: string;
  documentId: string;
  start: number;
  end: number;
}

/** What a pipeline reports once, before the questions: the corpus, the retrieval settings, the synthesis identity. */
export interface EvalSetup {
  /** The documents retrieved from, hashed into `corpusHash`. */
  documents: readonly HashableDocument[];
  /** Every chunk of the corpus (needed to resolve gold passage ids and gold spans). */
  chunks: readonly EvalChunk[];
  /** Retrieval settings; `topK` is set by `gk eval`. */
  config: Omit<RunConfig, 'topK'>;
  /** Present when the pipeline synthesises answers: then every answer carries `synthesis`. */
  synthesis?: {
    inputStage: StageName;
    model: ModelIdentity;
    /** SHA-256 of the synthesis prompt template. */
    promptHash: string;
    redacted?: boolean;
  };
}

/** What the pipeline did with one question. */
export interface EvalAnswer {
  /** The hits of each retrieval stage run, best first. Every answer must name the same stages. */
  stages: Partial<Record<StageName, readonly EvalHit[]>>;
  /** Time per stage in milliseconds; by default the whole call's time is recorded for each stage. */
  latencyMs?: Partial<Record<StageName, number>>;
  /** The synthesis outcome (counts only, never the text). */
  synthesis?: {
    status: 'answered' | 'abstained' | 'rejected';
    /** The `SynthesisError` code when `status` is `rejected`. */
    rejectionCode?: string;
    claimsWritten: number;
    claimsAccepted: number;
    /** The advisory judge's verdict on an answered question. */
    verdict?: JudgeVerdictLabel;
    judge?: JudgeIdentity;
  };
}

/** The pipeline a `gk eval` config names: `setup` once, then `answer` per question (concurrently). */
export interface EvalPipeline {
  setup(options: { topK: number }): EvalSetup | Promise<EvalSetup>;
  answer(question: EvalQuestion, options: { topK: number }): EvalAnswer | Promise<EvalAnswer>;
}

/** What an eval module exports: the pipeline, or a function that makes one from the config's `options`. */
export type EvalPipelineExport =
  | EvalPipeline
  | ((options: Record<string, unknown>) => EvalPipeline | Promise<EvalPipeline>);
