import type { Command } from 'commander';
import type { CommandIo, ExitCode } from '../cli-io.js';

const EXAMPLES = `
The config (JSON) names the pipeline module and the question set; paths are relative to it:
  { "pipeline": "./src/eval-pipeline.ts", "questions": "./questions.jsonl", "topK": 5,
    "concurrency": 4, "out": "../../evals/results/latest.json" }
Each question line: { "id", "question", "category"?, "gold": [passage id | { documentId, start, end }] }.
The module exports "pipeline": { setup({ topK }), answer(question, { topK }) } (see the README),
or a function that returns one from the config's "options".

Examples:
  gk eval eval.config.json
  gk eval eval.config.json --baseline evals/baseline.json --max-drop 0.02
  gk eval eval.config.json --top-k 10 --concurrency 8 --out evals/results/k10.json`;

export interface EvalFlags {
  out?: string;
  baseline?: string;
  maxDrop?: string;
  allowIncomparable?: boolean;
  topK?: string;
  concurrency?: string;
}

/** Registers `gk eval`. */
export function registerEvalCommand(
  program: Command,
  io: CommandIo,
  run: (task: () => Promise<ExitCode>) => Promise<void>,
): void {
  program
    .command('eval')
    .description('run a pipeline over a question set with gold passages and write an EvalReport')
    .argument('<config>', 'the eval config (JSON)')
    .option(
      '--out <file>',
      "where to write the EvalReport (default: the config's out, else evals/results/latest.json)",
    )
    .option('--baseline <report>', 'compare with this EvalReport and print the deltas')
    .option(
      '--max-drop <rate>',
      'exit 1 when any metric drops by more than this against the baseline (e.g. 0.02), or when the runs differ in questions, corpus or k',
    )
    .option(
      '--allow-incomparable',
      'with --max-drop: compare runs whose questions, corpus or k differ instead of exiting 1',
    )
    .option('--top-k <k>', "hits scored per question (default: the config's topK, else 5)")
    .option('--concurrency <n>', "questions answered at once (default: the config's, else 4)")
    .addHelpText('after', EXAMPLES)
    .action((config: string, flags: EvalFlags) =>
      run(async () => (await import('./eval-action.js')).evalAction(config, flags, io)),
    );
}
