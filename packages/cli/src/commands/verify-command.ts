import { createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { VerifyOptions } from '@gk/citations';
import { type Command, Option } from 'commander';
import type { CliIo, ExitCode } from '../cli-io.js';
import { InputError } from '../input-error.js';
import { openInput } from '../io/open-input.js';
import { readJsonFile } from '../io/read-json-file.js';
import { DEFAULT_MAX_LINE_BYTES } from '../io/read-line-batches.js';
import { createProgressBar } from '../terminal/progress-bar.js';
import { findFailures, parseFailOn } from '../verify/fail-on.js';
import { FIELD_MAP_PRESETS } from '../verify/field-map.js';
import { formatVerifySummary } from '../verify/format-verify-summary.js';
import type { LineIssue } from '../verify/map-record.js';
import { mergeVerifySummaries } from '../verify/merge-verify-summaries.js';
import { parseShard } from '../verify/parse-shard.js';
import { parseVerifyOptions } from '../verify/parse-verify-options.js';
import { resolveFieldMap } from '../verify/resolve-field-map.js';
import { runVerify } from '../verify/run-verify.js';

const EXAMPLES = `
Input: one JSON object per line, { "id"?, "answer", "passages": Passage[], "options"? }.
Output: one JSON object per line on stdout, { "id", "line", "verification" }, in input order;
the summary goes to stderr.

Examples:
  gk verify answers.jsonl > verifications.jsonl
  cat answers.jsonl | gk verify - --fail-on unsupported,marker_out_of_range
  gk verify expertqa.jsonl --map expertqa --support 0.5
  gk verify lfrqa.jsonl --map lfrqa --documents collection.tsv --workers 2
  gk verify traces.jsonl --map langfuse --answer-field output.content
  gk verify rag.jsonl --answer-field response --passages-field contexts --no-offsets
  gk verify big.jsonl --shard 2/8 --summary shard-2.json > shard-2.jsonl
  gk verify --merge shard-*.json`;

interface VerifyFlags {
  map?: string;
  idField?: string;
  answerField?: string;
  passagesField?: string[];
  textField?: string;
  documentIdField?: string;
  chunkIdField?: string;
  startField?: string;
  endField?: string;
  titleField?: string;
  uriField?: string;
  numberField?: string;
  optionsField?: string;
  offsets: boolean;
  documents?: string;
  options?: string;
  support?: string | true;
  unit?: 'sentence' | 'line';
  ranges?: true;
  abstainToken?: string;
  withInput?: true;
  workers: string;
  shard?: string;
  summary?: string;
  merge?: true;
  failOn?: string;
  allowInvalid?: true;
  maxLineBytes: string;
  output?: string;
}

/** Registers `gk verify`; `run` receives the exit code. */
export function registerVerifyCommand(
  program: Command,
  io: CliIo,
  run: (task: () => Promise<ExitCode>) => Promise<void>,
): void {
  program
    .command('verify')
    .description('verify logged answers against the passages they were written from (JSONL in, JSONL out)')
    .argument('[files...]', 'a JSONL log, or - for standard input (with --merge: summary files)')
    .option(
      '--map <preset|file|json>',
      `where the log keeps each field: a preset (${Object.keys(FIELD_MAP_PRESETS).join(', ')}), a JSON file or inline JSON`,
    )
    .option('--id-field <path>', 'path of the line id ("" for none)')
    .option('--answer-field <path>', 'path of the answer text')
    .option('--passages-field <paths...>', 'path(s) of the passages; arrays are flattened one level')
    .option('--text-field <path>', 'path of the text inside a passage')
    .option('--document-id-field <path>', 'path of the document id inside a passage')
    .option(
      '--chunk-id-field <path>',
      'path of the chunk id inside a passage ("" falls back to the document id)',
    )
    .option('--start-field <path>', 'path of the start offset inside a passage')
    .option('--end-field <path>', 'path of the end offset inside a passage')
    .option('--title-field <path>', 'path of the title inside a passage')
    .option('--uri-field <path>', 'path of the URI inside a passage')
    .option('--number-field <path>', 'path of the 1-based source number inside a passage (items merge by it)')
    .option('--options-field <path>', 'path of per-line VerifyOptions ("" for none)')
    .option('--no-offsets', 'the log has no offsets: each passage is its own document (start 0)')
    .option('--documents <file>', 'resolve passage ids in this collection (TSV id<TAB>text, or JSONL)')
    .option('--options <json|file>', "VerifyOptions for every line (a line's own options win)")
    .option('--support [minCoverage]', 'check lexical support of each claim (default coverage 0.66)')
    .addOption(new Option('--unit <unit>', 'claim unit').choices(['sentence', 'line']))
    .option('--ranges', 'accept [1-3] ranges')
    .option('--abstain-token <token>', 'an answer equal to this token is an abstention (noSourceToken)')
    .option('--with-input', 'copy the answer and passages into each output line (for gk report)')
    .option('--workers <n>', 'worker threads (0: verify on the main thread)', '0')
    .option('--shard <i/n>', 'verify only lines i, i+n, i+2n, ... (1-based i)')
    .option('--summary <file>', 'also write the summary as JSON (what --merge reads)')
    .option('--merge', 'merge summary files (from --summary) instead of verifying')
    .option(
      '--fail-on <what>',
      'exit 1 when any of these occur: any, abstained, or rejection codes (comma-separated)',
    )
    .option('--allow-invalid', 'skipped lines are reported but do not make the exit status 2')
    .option('--max-line-bytes <n>', 'skip (and report) longer lines', String(DEFAULT_MAX_LINE_BYTES))
    .option('-o, --output <file>', 'write verifications here instead of stdout')
    .addHelpText('after', EXAMPLES)
    .action((files: string[], flags: VerifyFlags) => run(() => verifyAction(files, flags, io)));
}

async function verifyAction(files: string[], flags: VerifyFlags, io: CliIo): Promise<ExitCode> {
  const failOn = flags.failOn === undefined ? undefined : parseFailOn(flags.failOn);
  if (flags.merge === true) {
    const summaries = [];
    for (const name of files)
      summaries.push({ name, data: await readJsonFile(name, { cwd: io.cwd, code: 'invalid_summary' }) });
    const merged = mergeVerifySummaries(summaries);
    io.stdout.write(`${JSON.stringify(merged, null, 2)}\n`);
    io.stderr.write(formatVerifySummary(merged));
    return exitCode(merged, failOn, flags, io);
  }
  if (files.length > 1)
    throw new InputError({
      code: 'usage',
      message: `verify: expected one input file, received ${files.length} (use --merge for summaries)`,
    });
  const file = files[0] ?? '-';
  const workers = parseCount(flags.workers, '--workers', 0, 64);
  const maxLineBytes = parseCount(flags.maxLineBytes, '--max-line-bytes', 1, 2 ** 31 - 1);
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
  const defaults = await resolveDefaults(flags, io.cwd);
  const input = await openInput(file, { cwd: io.cwd, stdin: io.stdin });
  const output = flags.output === undefined ? io.stdout : createWriteStream(resolve(io.cwd, flags.output));
  const progress = createProgressBar({ stream: io.stderr, unit: 'lines', total: input.size });
  const printed: LineIssue[] = [];
  let unprinted = 0;
  const summary = await runVerify({
    source: input.stream,
    sink: output,
    settings: {
      map,
      defaults,
      withInput: flags.withInput === true,
      ...(flags.documents === undefined ? {} : { documentsPath: resolve(io.cwd, flags.documents) }),
    },
    workers,
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
      io.stderr.write(
        `${input.name}:${issue.line}: ${issue.code}${issue.field === undefined ? '' : ` ${issue.field}`}: ${issue.message}\n`,
      );
    },
    onProgress: ({ lines, bytesRead }) =>
      progress.update(lines, input.size === undefined ? lines : bytesRead),
  });
  progress.finish();
  if (output !== io.stdout)
    await new Promise<void>((done, fail) =>
      output.end((error?: Error | null) => (error ? fail(error) : done())),
    );
  if (unprinted > 0)
    io.stderr.write(`… and ${unprinted} more skipped lines (see the summary's invalidByCode)\n`);
  if (flags.summary !== undefined)
    await writeFile(resolve(io.cwd, flags.summary), `${JSON.stringify(summary, null, 2)}\n`);
  io.stderr.write(formatVerifySummary(summary));
  // An empty shard of a short log is normal; an empty log is not.
  if (summary.lines === 0 && shard === undefined) {
    throw new InputError({ code: 'empty_input', file, message: `${input.name}: no lines to verify` });
  }
  return exitCode(summary, failOn, flags, io);
}

function exitCode(
  summary: ReturnType<typeof mergeVerifySummaries>,
  failOn: ReturnType<typeof parseFailOn> | undefined,
  flags: VerifyFlags,
  io: CliIo,
): ExitCode {
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
    if (!text.trimStart().startsWith('{')) {
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
    const minCoverage = flags.support === true ? undefined : Number(flags.support);
    if (minCoverage !== undefined && !(minCoverage >= 0 && minCoverage <= 1)) {
      throw new InputError({
        code: 'usage',
        field: '--support',
        message: `--support: expected a coverage from 0 to 1, received ${JSON.stringify(flags.support)}`,
      });
    }
    defaults.support = minCoverage === undefined ? {} : { minCoverage };
  }
  if (flags.unit !== undefined) defaults.unit = flags.unit;
  if (flags.ranges === true) defaults.ranges = true;
  if (flags.abstainToken !== undefined) defaults.noSourceToken = flags.abstainToken;
  return defaults;
}

function parseCount(value: string, name: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < min || number > max) {
    throw new InputError({
      code: 'usage',
      field: name,
      message: `${name}: expected an integer from ${min} to ${max}, received ${JSON.stringify(value.slice(0, 40))}`,
    });
  }
  return number;
}
