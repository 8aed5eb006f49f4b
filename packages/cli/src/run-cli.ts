import { Command, CommanderError } from 'commander';
import type { CliIo, CommandIo, ExitCode } from './cli-io.js';
import { registerEchoCommand } from './commands/echo-command.js';
import { registerEvalCommand } from './commands/eval-command.js';
import { registerReportCommand } from './commands/report-command.js';
import { registerVerifyCommand } from './commands/verify-command.js';
import { InputError } from './input-error.js';
import { guardStandardOutput } from './io/guard-standard-output.js';
import { escapeTerminalText } from './terminal/escape-terminal-text.js';
import { CLI_VERSION } from './version.js';
import { describeThrown } from './describe-thrown.js';

const OVERVIEW = `
Exit status: 0 ran and found nothing to report, 1 ran and found what --fail-on (or the
echo check, or --max-drop) asked about, 2 usage or input error (the message names the
file, line and field). A reader that closes standard output early (| head) changes
none of these: the run goes on with its output discarded.

Examples:
  gk verify answers.jsonl --fail-on any > verifications.jsonl
  gk report verifications.jsonl --html report.html
  gk echo ./pipeline.js
  gk eval eval.config.json --baseline evals/baseline.json --max-drop 0.05`;

/**
 * Runs `gk` with the given arguments (without `node` and the script) and returns the exit status; never exits
 * the process. Machine-readable output goes to `io.stdout`, progress and summaries to `io.stderr`.
 *
 * @example
 * const code = await runCli(['verify', 'answers.jsonl', '--fail-on', 'any'], {
 *   stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, cwd: process.cwd(),
 * }); // 0, 1 or 2
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<ExitCode> {
  if (!Array.isArray(argv) || argv.some((arg) => typeof arg !== 'string')) {
    const error = new InputError({
      code: 'usage',
      field: 'argv',
      message: `runCli: argv: expected an array of strings (the arguments after the script), received ${argv === null ? 'null' : typeof argv}`,
    });
    if (io?.stderr === undefined) throw error;
    io.stderr.write(`gk: ${error.code}: ${error.message}\n`);
    return 2;
  }
  const guarded = guardStandardOutput(io.stdout);
  const commandIo: CommandIo = { ...io, stdout: guarded.output };
  let reported: unknown = null;
  const code = await runProgram(argv, commandIo, (error) => {
    reported = error;
  });
  // What was written must have left: a full disk found now is still exit 2, not the status the run earned.
  const failure = await guarded.settle();
  if (failure === null) return code;
  if (failure !== reported) io.stderr.write(`gk: ${failure.code}: ${failure.message}\n`);
  return 2;
}

async function runProgram(
  argv: readonly string[],
  io: CommandIo,
  onInputError: (error: InputError) => void,
): Promise<ExitCode> {
  let code: ExitCode = 0;
  const run = async (task: () => Promise<ExitCode>): Promise<void> => {
    code = await task();
  };
  const program = new Command('gk')
    .description('verify RAG answers against their passages, render reports, run the echo check and evals')
    .version(CLI_VERSION, '-v, --version')
    .showHelpAfterError('(run with --help for usage and examples)')
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      // Errors quote the arguments (an unknown option, a bad value): escaped as every other message.
      writeErr: (text) => io.stderr.write(escapeTerminalText(text, { keepNewlines: true })),
    })
    .exitOverride()
    .addHelpText('after', OVERVIEW);
  registerVerifyCommand(program, io, run);
  registerReportCommand(program, io, run);
  registerEchoCommand(program, io, run);
  registerEvalCommand(program, io, run);
  for (const command of program.commands) command.exitOverride();

  try {
    if (argv.length === 0) {
      program.outputHelp({ error: true });
      return 2;
    }
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version end with a CommanderError too; they are successes.
      return error.exitCode === 0 ? 0 : 2;
    }
    if (InputError.isInstance(error)) {
      onInputError(error);
      // Messages quote file contents; escaped once more here so none can drive the terminal.
      io.stderr.write(`gk: ${error.code}: ${escapeTerminalText(error.message, { keepNewlines: true })}\n`);
      return 2;
    }
    const message = describeThrown(error, { stack: true });
    io.stderr.write(
      `gk: unexpected error (please report it): ${escapeTerminalText(message, { keepNewlines: true })}\n`,
    );
    return 2;
  }
}
