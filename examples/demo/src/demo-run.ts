import type { AnswerRecord } from './pipeline.js';

/** The counts the demo prints last. */
export interface RunSummary {
  questions: number;
  answered: number;
  abstained: number;
  rejected: number;
  /** Questions whose model call failed (`error.code` `model_call_failed`); the demo then exits with code 1. */
  failed: number;
  /** Rejected claims over all answers (the demonstration not included). */
  claimsRejected: number;
  /** Milliseconds from the first question to the last answer, the demonstration included. */
  ms: number;
}

/** Everything `--json` prints: what the terminal shows, as data. */
export interface DemoRun {
  /** Bumped when a field changes meaning or goes away; new fields may appear without a bump. */
  schemaVersion: 1;
  /** `minCoverage` is the support check's threshold, `null` when the check is off. */
  run: {
    model: string;
    offline: boolean;
    policy: string;
    support: boolean;
    minCoverage: number | null;
    topK: number;
  };
  corpus: { licences: number; passages: number; distinctPassages: number; buildMs: number };
  answers: AnswerRecord[];
  /** The first answer again from a model that adds careless claims; only for the built-in questions. */
  demonstration: { description: string; answer: AnswerRecord } | null;
  summary: RunSummary;
}

/** Counts the outcomes and rejected claims of a run's answers. */
export function summarizeRun(answers: readonly AnswerRecord[], ms: number): RunSummary {
  const summary: RunSummary = {
    questions: answers.length,
    answered: 0,
    abstained: 0,
    rejected: 0,
    failed: 0,
    claimsRejected: 0,
    ms,
  };
  for (const answer of answers) {
    summary[answer.outcome]++;
    summary.claimsRejected += answer.rejected.length;
  }
  return summary;
}
