// The `gk` process: the only place that reads process.argv or sets the exit status (bin/gk.js loads it).
// Standard output closed early (`gk verify big.jsonl | head`) or failing (a full disk) is runCli's to handle: the first
// discards the rest and keeps the status the run earns, the second is exit 2 `unwritable`.
import { runCli } from './run-cli.js';

const code = await runCli(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  cwd: process.cwd(),
});
process.exitCode = code;
