import type { Command } from 'commander';
import type { CommandIo, ExitCode } from '../cli-io.js';

const EXAMPLES = `
Reads gk verify output (JSONL; run gk verify --with-input to show whole answers and passages),
or an EvalReport, EchoReport or CalibrationReport (JSON). Writes one self-contained HTML file.

Examples:
  gk verify answers.jsonl --with-input > verifications.jsonl
  gk report verifications.jsonl --html report.html
  gk report evals/results/latest.json --html eval.html
  gk report evals/results/echo-latest.json --html echo.html`;

export interface ReportFlags {
  html?: string;
  maxAnswers: string;
  allowInvalid?: true;
}

/** Registers `gk report`. */
export function registerReportCommand(
  program: Command,
  io: CommandIo,
  run: (task: () => Promise<ExitCode>) => Promise<void>,
): void {
  program
    .command('report')
    .description(
      'render gk verify output or an eval, echo or calibration report as one self-contained HTML page',
    )
    .argument('<input>', 'verifications.jsonl or report.json')
    .requiredOption('--html <file>', 'the HTML file to write')
    .option('--max-answers <n>', 'answers shown on the page (all are counted in the summary)', '2000')
    .option('--allow-invalid', 'unreadable lines are reported but do not make the exit status 2')
    .addHelpText('after', EXAMPLES)
    .action((input: string, flags: ReportFlags) =>
      run(async () => (await import('./report-action.js')).reportAction(input, flags, io)),
    );
}
