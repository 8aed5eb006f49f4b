import { GroundkitError } from '@gk/internal';

const BRAND = '@gk/cli.InputError';

/** Why a command could not run on its input; every one of them exits with status 2. */
export type InputErrorCode =
  | 'usage'
  | 'file_not_found'
  | 'unreadable'
  | 'unwritable'
  | 'empty_input'
  | 'not_json'
  | 'invalid_map'
  | 'invalid_config'
  | 'invalid_report'
  | 'invalid_documents'
  | 'invalid_questions'
  | 'invalid_summary'
  | 'incomplete_shards'
  | 'module_not_found'
  | 'module_import_failed'
  | 'no_pipeline'
  | 'typescript_loader_missing'
  | 'pipeline_output';

/** Options for {@link InputError}. */
export interface InputErrorOptions {
  code: InputErrorCode;
  message: string;
  /** The file the problem is in, when there is one. */
  file?: string;
  /** 1-based line of that file. */
  line?: number;
  /** The field, as a path such as `passages[2].end`. */
  field?: string;
  cause?: unknown;
}

/** A usage or input error: names the file, line and field it is about; the command exits with status 2. */
export class InputError extends GroundkitError {
  override readonly name = 'InputError';
  readonly code: InputErrorCode;
  readonly file: string | undefined;
  readonly line: number | undefined;
  readonly field: string | undefined;

  constructor(options: InputErrorOptions) {
    super(BRAND, options.message, { cause: options.cause });
    this.code = options.code;
    this.file = options.file;
    this.line = options.line;
    this.field = options.field;
  }

  /** Brand check that works across copies of the package. */
  static override isInstance(value: unknown): value is InputError {
    return GroundkitError.hasBrand(value, BRAND);
  }
}
