import { type Command, Option } from 'commander';
import type { CommandIo, ExitCode } from '../cli-io.js';
import { DEFAULT_MAX_LINE_BYTES } from '../io/read-line-batches.js';
import { FIELD_MAP_PRESETS } from '../verify/field-map.js';
import { DEFAULT_MAX_RESOLVED_BYTES } from '../verify/max-resolved-bytes.js';

const EXAMPLES = `
Input: one JSON object per line, { "id"?, "answer", "passages": Passage[], "options"? }.
Output: one JSON object per line on stdout, { "id", "line", "verification" }, in input order;
the summary goes to stderr.

Examples:
  gk verify answers.jsonl > verifications.jsonl
  cat answers.jsonl | gk verify - --support --fail-on unsupported,marker_out_of_range
  gk verify expertqa.jsonl --map expertqa --support 0.5
  gk verify lfrqa.jsonl --map lfrqa --documents collection.tsv --workers 2
  gk verify traces.jsonl --map langfuse --answer-field output.content
  gk verify rag.jsonl --answer-field response --passages-field contexts --no-offsets
  gk verify big.jsonl --shard 2/8 --summary shard-2.json > shard-2.jsonl
  gk verify --merge shard-*.json`;

export interface VerifyFlags {
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
  maxResolvedBytes?: string;
  output?: string;
}

/** Registers `gk verify`; `run` receives the exit code. */
export function registerVerifyCommand(
  program: Command,
  io: CommandIo,
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
    .option(
      '--passages-field <path>',
      'path of the passages (repeat the flag for several); arrays are flattened one level',
      (value: string, previous: string[] | undefined) => [...(previous ?? []), value],
    )
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
    .option(
      '--options <json|file>',
      "VerifyOptions for every line (a line's own options may only tighten them)",
    )
    .option(
      '--support [minCoverage]',
      'check lexical support of each claim (a decimal from 0 to 1; default 0.55)',
    )
    .addOption(new Option('--unit <unit>', 'claim unit').choices(['sentence', 'line']))
    .option('--ranges', 'accept [1-3] ranges')
    .option('--abstain-token <token>', 'an answer equal to this token is an abstention (noSourceToken)')
    .option('--with-input', 'copy the answer and passages into each output line (for gk report)')
    .option(
      '--workers <n>',
      'worker threads (0: verify on the main thread; auto: one per core, up to 4, for files of 16 MiB or more)',
      'auto',
    )
    .option('--shard <i/n>', 'verify only lines i, i+n, i+2n, ... (1-based i)')
    .option('--summary <file>', 'also write the summary as JSON (what --merge reads)')
    .option('--merge', 'merge summary files (from --summary) instead of verifying')
    .option(
      '--fail-on <what>',
      'exit 1 when any of these occur: any, abstained, or rejection codes (comma-separated)',
    )
    .option(
      '--allow-invalid',
      'skipped lines are reported but do not make the exit status 2 (a run that verified no line still exits 2)',
    )
    .option('--max-line-bytes <n>', 'skip (and report) longer lines', String(DEFAULT_MAX_LINE_BYTES))
    .option(
      '--max-resolved-bytes <n>',
      `with --documents: skip (and report) a line whose passages take more text from the collection (default ${DEFAULT_MAX_RESOLVED_BYTES}, 16 MiB; repeated passages count each time)`,
    )
    .option('-o, --output <file>', 'write verifications here instead of stdout')
    .addHelpText('after', EXAMPLES)
    .action((files: string[], flags: VerifyFlags) =>
      run(async () => (await import('./verify-action.js')).verifyAction(files, flags, io)),
    );
}
