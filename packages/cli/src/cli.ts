// The `gk` process: the only place that reads process.argv or sets the exit status (bin/gk.js loads it).
import { runCli } from './run-cli.js';

// `gk verify big.jsonl | head` closes our standard output early: that ends the run quietly, not with a stack.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

const code = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
process.exitCode = code;
