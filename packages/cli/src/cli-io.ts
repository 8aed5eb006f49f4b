import type { Readable, Writable } from 'node:stream';
import type { StandardOutput } from './io/guard-standard-output.js';

/** The process surface a command uses, passed in so commands run the same in tests and in `gk`. */
export interface CliIo {
  stdin: Readable;
  stdout: Writable & { isTTY?: boolean };
  stderr: Writable & { isTTY?: boolean; columns?: number };
  /** Relative paths resolve against this folder. */
  cwd: string;
}

/** Exit status: 0 ran with nothing to report, 1 ran and found what `--fail-on` asked about, 2 usage or input error. */
export type ExitCode = 0 | 1 | 2;

/**
 * What a command is given: the process surface with standard output guarded (`guardStandardOutput`), so a reader that
 * closes early or a full disk is handled once, for every command.
 */
export interface CommandIo extends Omit<CliIo, 'stdout'> {
  stdout: StandardOutput;
}
