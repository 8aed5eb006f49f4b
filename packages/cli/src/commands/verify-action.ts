import { readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { VerifyOptions } from '@gk/citations';
import type { CommandIo, ExitCode } from '../cli-io.js';
import { InputError } from '../input-error.js';
import { type CommandPath, checkOutputPaths, standardOutputPath } from '../io/check-output-paths.js';
import { escapeTerminalJson, escapeTerminalText } from '../terminal/escape-terminal-text.js';
import { findDuplicateKey } from '../io/find-duplicate-key.js';
import { openInput } from '../io/open-input.js';
import { DEFAULT_MAX_LINE_BYTES } from '../io/read-line-batches.js';
import { openOutput, unwritableError } from '../io/open-output.js';
import { resolveOutputPath } from '../io/resolve-output-path.js';
import { writeOutputFile } from '../io/write-output-file.js';
import { readJsonFile } from '../io/read-json-file.js';
import { createProgressBar } from '../terminal/progress-bar.js';
import { checkDocumentsMap } from '../verify/check-documents-map.js';
import { chooseWorkers } from '../verify/choose-workers.js';
import { FIELD_MAP_PRESETS } from '../verify/field-map.js';
import { type FailOn, findFailures, parseFailOn } from '../verify/fail-on.js';
import { formatVerifySummary } from '../verify/format-verify-summary.js';
import type { LineIssue } from '../verify/map-record.js';
import { parseShard } from '../verify/parse-shard.js';
import { parseVerifyOptions } from '../verify/parse-verify-options.js';
import { resolveFieldMap } from '../verify/resolve-field-map.js';
import { runVerify } from '../verify/run-verify.js';
import type { VerifySummary } from '../verify/verify-summary.js';

import type { VerifyFlags } from './verify-command.js';

/** Runs `gk verify` once its arguments are parsed. */
export async function verifyAction(files: string[], flags: VerifyFlags, io: CommandIo): Promise<ExitCode> {
  const failOn = flags.failOn === undefined ? undefined : parseFailOn(flags.failOn);
  if (flags.merge === true) return mergeAction(files, flags, failOn, io);
  if (files.length > 1)
    throw new InputError({
      code: 'usage',
      message: `verify: expected one input file, received ${files.length} (use --merge for summaries)`,
    });
  const file = files[0] ?? '-';
  const workers =
    flags.workers === 'auto' ? undefined : parseCount(flags.workers, '--workers', 0, 64, 'auto or ');
  const maxLineBytes = parseCount(flags.maxLineBytes, '--max-line-bytes', 1, 2 ** 31 - 1);
  const maxResolvedBytes =
    flags.maxResolvedBytes === undefined
      ? undefined
      : parseCount(flags.maxResolvedBytes, '--max-resolved-bytes', 1, Number.MAX_SAFE_INTEGER);
  // It bounds what a line takes from --documents: without one it would bound nothing, and be silently ignored.
  if (maxResolvedBytes !== undefined && flags.documents === undefined)
    throw new InputError({
      code: 'usage',
      field: '--max-resolved-bytes',
      message:
        '--max-resolved-bytes: bounds the text a line takes from --documents; expected --documents with it',
    });
  const shard = flags.shard === undefined ? undefined : parseShard(flags.shard);
  const map = await resolveFieldMap(
    {
      map: flags.map,
      idField: flags.idField,
      answerField: flags.answerField,
      passagesField: flags.passagesField,
      optionsField: flags.optionsField,
      offsets: flags.offsets,
      passage: {
        text: flags.textField,
        documentId: flags.documentIdField,
        chunkId: flags.chunkIdField,
        start: flags.startField,
        end: flags.endField,
        title: flags.titleField,
        uri: flags.uriField,
        number: flags.numberField,
      },
    },
    io.cwd,
  );
  checkDocumentsMap(map, flags.documents);
  const defaults = await resolveDefaults(flags, io.cwd);
  if (failOn !== undefined) warnOffChecks(failOn, defaults, io);
  // Before anything is read or written: an output that is an input, or that cannot be written, fails now.
  const path = (shown: string, flag: string) => ({ path: resolve(io.cwd, shown), shown, flag });
  await checkOutputPaths(
    [
      // Standard output gets the lines unless -o does: `--with-input >> log` would feed the run its own output.
      ...(flags.output === undefined ? standardOutputPath(io.stdout.fd) : [path(flags.output, '-o')]),
      ...(flags.summary === undefined ? [] : [path(flags.summary, '--summary')]),
    ],
    [
      file === '-' ? standardInput(io) : path(file, 'input'),
      ...(flags.documents === undefined ? [] : [path(flags.documents, '--documents')]),
      // --map and --options name a file unless they are a preset or inline JSON.
      ...(flags.map === undefined || Object.hasOwn(FIELD_MAP_PRESETS, flags.map) || isInline(flags.map)
        ? []
        : [path(flags.map, '--map')]),
      ...(flags.options === undefined || isInline(flags.options) ? [] : [path(flags.options, '--options')]),
    ],
  );
  const input = await openInput(file, { cwd: io.cwd, stdin: io.stdin });
  const output =
    flags.output === undefined ? undefined : await openOutput(resolve(io.cwd, flags.output), flags.output);
  const progress = createProgressBar({ stream: io.stderr, unit: 'lines', total: input.size });
  const printed: LineIssue[] = [];
  let unprinted = 0;
  let summary: VerifySummary;
  // A shard that gets no line reads the whole log to pick its lines, so it can tell a short log from an empty one.
  let logHasLines = false;
  try {
    summary = await runVerify({
      source: shard === undefined ? input.stream : noteLines(input.stream, () => (logHasLines = true)),
      sink: output?.sink ?? io.stdout,
      settings: {
        map,
        defaults,
        withInput: flags.withInput === true,
        ...(flags.documents === undefined ? {} : { documentsPath: resolve(io.cwd, flags.documents) }),
        ...(maxResolvedBytes === undefined ? {} : { maxResolvedBytes }),
      },
      workers: workers ?? chooseWorkers({ inputBytes: input.size, parallelism: availableParallelism() }),
      shard,
      maxLineBytes,
      input: file,
      onIssue: (issue) => {
        if (printed.length >= 20) {
          unprinted++;
          return;
        }
        printed.push(issue);
        progress.finish();
        // Fields and messages can quote the log (a key, a value): escaped before they reach a terminal.
        io.stderr.write(
          `${escapeTerminalText(`${input.name}:${issue.line}: ${issue.code}${issue.field === undefined ? '' : ` ${issue.field}`}: ${issue.message}`)}\n`,
        );
      },
      onProgress: ({ lines, bytesRead }) =>
        progress.update(lines, input.size === undefined ? lines : bytesRead),
    });
  } catch (error) {
    progress.finish();
    await output?.discard();
    throw error;
  }
  progress.finish();
  // An empty shard of a short log is normal; an empty log is not, sharded or not.
  const empty = summary.lines === 0 && (shard === undefined || !logHasLines);
  // A run that fails (below) leaves the previous -o whole; its summary is still written.
  if (empty || nothingVerified(summary)) await output?.discard();
  else await output?.close();
  if (unprinted > 0)
    io.stderr.write(`… and ${unprinted} more skipped lines (see the summary's invalidByCode)\n`);
  if (flags.summary !== undefined) await writeSummaryFile(summary, flags.summary, '--summary', io);
  io.stderr.write(formatVerifySummary(summary));
  if (empty)
    throw new InputError({ code: 'empty_input', file, message: `${input.name}: no lines to verify` });
  return exitCode(summary, failOn, flags, io);
}

/**
 * `gk verify --merge`: sums the summaries of shards or runs. The merged summary goes to standard output, or to `-o`
 * instead, and to `--summary` too; both are written as a run's are (a temporary file renamed into place). A flag that
 * only means something to a run that reads a log (a map, options, `--documents`, ...) is refused: accepted, it would
 * be silently ignored, and a gate read with `--support` would not have been one.
 */
async function mergeAction(
  files: string[],
  flags: VerifyFlags,
  failOn: FailOn | undefined,
  io: CommandIo,
): Promise<ExitCode> {
  const ignored = RUN_FLAGS.filter(([key, given]) => given(flags[key])).map(([key]) => flagName(key));
  if (ignored.length > 0)
    throw new InputError({
      code: 'usage',
      field: ignored[0],
      message: `verify --merge: ${ignored.join(', ')} ${ignored.length === 1 ? 'means' : 'mean'} nothing when merging summaries (they were applied when each summary was written); expected only --fail-on, --allow-invalid, -o and --summary`,
    });
  const path = (shown: string, flag: string) => ({ path: resolve(io.cwd, shown), shown, flag });
  await checkOutputPaths(
    [
      ...(flags.output === undefined ? standardOutputPath(io.stdout.fd) : [path(flags.output, '-o')]),
      ...(flags.summary === undefined ? [] : [path(flags.summary, '--summary')]),
    ],
    files.map((name) => path(name, 'input')),
  );
  const summaries = [];
  for (const name of files)
    summaries.push({ name, data: await readJsonFile(name, { cwd: io.cwd, code: 'invalid_summary' }) });
  // Loaded on demand: it brings zod, which a plain verify run does not need.
  const { mergeVerifySummaries } = await import('../verify/merge-verify-summaries.js');
  const merged = mergeVerifySummaries(summaries);
  // As a run's -o: left as it was when nothing was verified (the exit below is 2); --summary is written either way.
  if (flags.output === undefined) io.stdout.write(`${escapeTerminalJson(JSON.stringify(merged, null, 2))}\n`);
  else if (merged.answers > 0) await writeSummaryFile(merged, flags.output, '-o', io);
  if (flags.summary !== undefined) await writeSummaryFile(merged, flags.summary, '--summary', io);
  io.stderr.write(formatVerifySummary(merged));
  // A merge covers whole logs (every shard of one, or unsharded runs): one with no line at all was of empty logs.
  if (merged.lines === 0)
    throw new InputError({ code: 'empty_input', message: 'the merged summaries: no lines to verify' });
  return exitCode(merged, failOn, flags, io);
}

// The flags of a run that reads a log, and how each shows it was given (the defaults of --workers, --max-line-bytes
// and --offsets are set by the parser).
const RUN_FLAGS: ReadonlyArray<readonly [keyof VerifyFlags, (value: unknown) => boolean]> = [
  ...(
    [
      'map',
      'idField',
      'answerField',
      'passagesField',
      'textField',
      'documentIdField',
      'chunkIdField',
      'startField',
      'endField',
      'titleField',
      'uriField',
      'numberField',
      'optionsField',
      'documents',
      'options',
      'support',
      'unit',
      'ranges',
      'abstainToken',
      'withInput',
      'shard',
      'maxResolvedBytes',
    ] as const
  ).map((key) => [key, (value: unknown) => value !== undefined] as const),
  ['offsets', (value) => value === false],
  ['workers', (value) => value !== 'auto'],
  ['maxLineBytes', (value) => value !== String(DEFAULT_MAX_LINE_BYTES)],
];

// `idField` -> `--id-field`; `offsets` is given as `--no-offsets`.
const flagName = (key: keyof VerifyFlags): string =>
  key === 'offsets' ? '--no-offsets' : `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;

// A summary written as -o is: into a temporary file renamed into place, so a run stopped while writing leaves the
// previous summary whole (never half of one, which --merge would refuse); a link is written through and stays a link.
async function writeSummaryFile(
  summary: VerifySummary,
  name: string,
  flag: string,
  io: CommandIo,
): Promise<void> {
  const given = resolve(io.cwd, name);
  const target = await resolveOutputPath(given);
  await writeOutputFile(target, `${escapeTerminalJson(JSON.stringify(summary, null, 2))}\n`, { flag }).catch(
    (error: unknown) => {
      throw unwritableError(flag, name, InputError.isInstance(error) ? (error.cause ?? error) : error);
    },
  );
}

// Passes the log through, noting whether it holds a line: a byte other than the whitespace of a blank line and a
// byte-order mark at the start (what the line splitter skips). It stops looking at the first one.
async function* noteLines(
  source: AsyncIterable<Uint8Array | string>,
  found: () => void,
): AsyncGenerator<Uint8Array | string> {
  let offset = 0;
  let mark = 0; // bytes of a leading byte-order mark read so far
  let seen = false;
  for await (const chunk of source) {
    if (!seen) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
      for (let index = 0; index < bytes.length && !seen; index++) {
        const byte = bytes[index]!;
        const position = offset + index;
        if (position === mark && mark < 3 && byte === BYTE_ORDER_MARK[mark]) mark++;
        // A mark cut short is text of the first line, as the splitter reads it (it skips only a whole one).
        else seen = (mark > 0 && mark < 3) || !BLANK.has(byte);
      }
      offset += bytes.length;
      if (seen) found();
    }
    yield chunk;
  }
  if (!seen && mark > 0 && mark < 3) found();
}

const BLANK = new Set([0x20, 0x09, 0x0d, 0x0a]);
const BYTE_ORDER_MARK = [0xef, 0xbb, 0xbf];

// A gate on a check the command line leaves off fails only on lines whose own options turn it on (support, required
// citations), or never (quotations and identifier rules, which a line cannot turn on: ADR 0040): said, so that an
// exit 0 is not read as "no claim was unsupported". The other codes (marker_out_of_range, empty_claim,
// source_list_mismatch) no option turns off.
function warnOffChecks(failOn: FailOn, defaults: VerifyOptions, io: CommandIo): void {
  if (failOn.codes.has('unsupported') && (defaults.support === undefined || defaults.support === false))
    io.stderr.write(
      'warning: --fail-on unsupported: the support check is off (--support turns it on); only lines whose own options turn it on are checked for support\n',
    );
  else if (
    failOn.codes.has('unsupported') &&
    typeof defaults.support === 'object' &&
    defaults.support.minCoverage === 0
  )
    io.stderr.write(
      'warning: --fail-on unsupported: the support check is off (minCoverage 0 supports every claim); only lines whose own options raise it can fail it\n',
    );
  if (failOn.codes.has('no_marker') && defaults.requireCitations === false)
    io.stderr.write(
      "warning: --fail-on no_marker: citations are not required (requireCitations: false in --options), and a line's own options cannot require them; only a claim that shows a marker written as text (&#91;1&#93;) can fail it\n",
    );
  if (failOn.codes.has('unknown_identifier') && defaults.identifiers?.length === 0)
    io.stderr.write(
      "warning: --fail-on unknown_identifier: identifiers are not checked (identifiers: [] in --options), and a line's own options cannot turn them on, so no claim can fail it\n",
    );
  if (failOn.codes.has('quote_not_found') && defaults.quotes === false)
    io.stderr.write(
      "warning: --fail-on quote_not_found: quotations are not checked (quotes: false in --options), and a line's own options cannot turn them on, so no claim can fail it\n",
    );
}

// A run that verified nothing proves nothing (a wrong --map or a changed log skips every line): --allow-invalid
// accepts skipped lines beside verified ones, never in place of them.
const nothingVerified = (summary: VerifySummary): boolean => summary.answers === 0 && summary.lines > 0;

function checkSomethingVerified(summary: VerifySummary): void {
  if (nothingVerified(summary)) {
    const input = summary.input ?? 'the merged summaries';
    throw new InputError({
      code: 'empty_input',
      ...(summary.input === null ? {} : { file: summary.input }),
      message: `${input}: no line could be verified (${summary.invalidLines} of ${summary.lines} skipped as invalid); exit 2 even with --allow-invalid`,
    });
  }
}

// Standard input as an input to check outputs against: when it is a file (`< log`), -o must not be that file.
function standardInput(io: CommandIo): CommandPath {
  const fd = io.stdin === process.stdin ? 0 : (io.stdin as { fd?: unknown }).fd;
  return { path: '', shown: 'standard input', flag: 'input', ...(typeof fd === 'number' ? { fd } : {}) };
}

const isInline = (value: string): boolean => value.trimStart().startsWith('{');

function exitCode(
  summary: VerifySummary,
  failOn: ReturnType<typeof parseFailOn> | undefined,
  flags: VerifyFlags,
  io: CommandIo,
): ExitCode {
  checkSomethingVerified(summary);
  if (summary.invalidLines > 0 && flags.allowInvalid !== true) {
    io.stderr.write(
      `exit 2: ${summary.invalidLines} line${summary.invalidLines === 1 ? ' was' : 's were'} skipped as invalid (--allow-invalid to accept)\n`,
    );
    return 2;
  }
  if (failOn !== undefined) {
    const reasons = findFailures(summary, failOn);
    if (reasons.length > 0) {
      io.stderr.write(`exit 1: --fail-on ${flags.failOn}: ${reasons.join(', ')}\n`);
      return 1;
    }
  }
  return 0;
}

async function resolveDefaults(flags: VerifyFlags, cwd: string): Promise<VerifyOptions> {
  let defaults: VerifyOptions = {};
  if (flags.options !== undefined) {
    let text = flags.options;
    if (!isInline(text)) {
      try {
        text = await readFile(resolve(cwd, text), 'utf8');
      } catch (error) {
        throw new InputError({
          code: 'file_not_found',
          field: '--options',
          message: `--options ${flags.options}: neither inline JSON nor a readable file`,
          cause: error,
        });
      }
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new InputError({
        code: 'not_json',
        field: '--options',
        message: '--options: not JSON',
        cause: error,
      });
    }
    // JSON.parse keeps the last of two equal keys: the options a reader sees would not be the ones applied.
    const duplicate = findDuplicateKey(text, 'any');
    if (duplicate !== null)
      throw new InputError({
        code: 'usage',
        field: '--options',
        message: `--options: key ${JSON.stringify(duplicate.slice(0, 80))} appears twice in one object`,
      });
    const parsed = parseVerifyOptions(value, '--options');
    if (!parsed.success)
      throw new InputError({
        code: 'usage',
        field: parsed.error.field,
        message: `${parsed.error.field}: ${parsed.error.message}`,
      });
    defaults = parsed.data;
  }
  if (flags.support !== undefined) {
    // Only a plain decimal: Number() reads "", " " and "0x0" as 0, which would accept every claim.
    if (flags.support !== true && !COVERAGE.test(flags.support)) {
      throw new InputError({
        code: 'usage',
        field: '--support',
        message: `--support: expected a coverage from 0 to 1 such as 0.5, received ${JSON.stringify(flags.support.slice(0, 40))}`,
      });
    }
    const minCoverage = flags.support === true ? undefined : Number(flags.support);
    defaults.support = minCoverage === undefined ? {} : { minCoverage };
  }
  if (flags.unit !== undefined) defaults.unit = flags.unit;
  if (flags.ranges === true) defaults.ranges = true;
  if (flags.abstainToken !== undefined) defaults.noSourceToken = flags.abstainToken;
  return defaults;
}

const COVERAGE = /^(?:0(?:\.\d+)?|1(?:\.0+)?|\.\d+)$/;

function parseCount(value: string, name: string, min: number, max: number, or = ''): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < min || number > max) {
    throw new InputError({
      code: 'usage',
      field: name,
      message: `${name}: expected ${or}an integer from ${min} to ${max}, received ${JSON.stringify(value.slice(0, 40))}`,
    });
  }
  return number;
}
