import type { Command } from 'commander';
import type { CommandIo, ExitCode } from '../cli-io.js';

const EXAMPLES = `
The module exports a pipeline function, ({ question, passages }) => string | { text, citations },
as "pipeline" or as its default export (or name it with --export). TypeScript modules load through tsx.

Examples:
  gk echo ./pipeline.js
  gk echo src/pipeline.ts --cases 20 --out evals/results/echo.json
  gk echo ./pipeline.js --export answerQuestion --fail-on-abstain`;

export interface EchoFlags {
  export?: string;
  cases: string;
  out?: string;
  failOnAbstain?: true;
  allowReject?: true;
}

/** Registers `gk echo`. */
export function registerEchoCommand(
  program: Command,
  io: CommandIo,
  run: (task: () => Promise<ExitCode>) => Promise<void>,
): void {
  program
    .command('echo')
    .description('run the planted-marker echo check against a pipeline module; exit 1 when it is not clean')
    .argument('<module>', 'a module exporting the pipeline function')
    .option('--export <name>', 'the export to use (default: pipeline, then default)')
    .option('--cases <n>', 'number of cases, 1 to 10000', '5')
    .option('--out <file>', 'where to write the EchoReport (default: evals/results/echo-latest.json)')
    .option('--fail-on-abstain', 'an abstaining case fails the check')
    .option('--allow-reject', 'a case the pipeline rejects does not fail the check')
    .addHelpText('after', EXAMPLES)
    .action((module: string, flags: EchoFlags) =>
      run(async () => (await import('./echo-action.js')).echoAction(module, flags, io)),
    );
}
