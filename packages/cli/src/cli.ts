// The `gk` process: the only place that reads process.argv or sets the exit status (bin/gk.js loads it).
import { runCli } from './run-cli.js';

const code = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
process.exitCode = code;
