/** An error a groundkit pipeline throws when it refuses its own output: a name and a stable `code`. */
export interface PipelineRejection {
  name: string;
  code: string;
  message: string;
}

// The errors by which our packages reject model output; programmer errors (InvalidPassageError) are not here.
const REJECTIONS: ReadonlyArray<{ name: string; brand: symbol }> = [
  { name: 'SynthesisError', brand: Symbol.for('@gk/synthesis.SynthesisError') },
  { name: 'QueryRewriteError', brand: Symbol.for('@gk/synthesis.QueryRewriteError') },
  { name: 'DecodeError', brand: Symbol.for('@gk/citations.DecodeError') },
  { name: 'JudgeError', brand: Symbol.for('@gk/judge.JudgeError') },
];

/**
 * Whether an error is a pipeline rejecting its own output (`SynthesisError`, `QueryRewriteError`,
 * `DecodeError`, `JudgeError`, recognised by brand or by name) with a string `code`.
 */
export function isPipelineRejection(error: unknown): error is PipelineRejection {
  if (typeof error !== 'object' || error === null) return false;
  const record = error as Record<PropertyKey, unknown>;
  try {
    if (typeof record['code'] !== 'string') return false;
    return REJECTIONS.some(({ name, brand }) => record[brand] === true || record['name'] === name);
  } catch {
    return false; // A revoked proxy, or a getter that throws: no rejection of a pipeline's.
  }
}
