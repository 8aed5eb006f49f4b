import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { InputError } from '../input-error.js';
import { readJsonFile } from '../io/read-json-file.js';

const configSchema = z.strictObject({
  /** The pipeline module, relative to the config file. */
  pipeline: z.string().min(1),
  /** The export to use (default `pipeline`, then the default export). */
  export: z.string().min(1).optional(),
  /** The question set (JSONL), relative to the config file. */
  questions: z.string().min(1),
  /** Hits kept and scored per question (default 5). */
  topK: z.int().min(1).max(1000).optional(),
  /** Questions answered at once (default 4). */
  concurrency: z.int().min(1).max(256).optional(),
  /** Where to write the EvalReport, relative to the config file (default evals/results/latest.json in the working folder). */
  out: z.string().min(1).optional(),
  /** A baseline report to compare with, relative to the config file. */
  baseline: z.string().min(1).optional(),
  /** Largest allowed drop of any metric against the baseline (absolute, 0..1). */
  maxDrop: z.number().min(0).max(1).optional(),
  /** Passed to the pipeline module's factory function. */
  options: z.record(z.string(), z.unknown()).optional(),
});

/** A `gk eval` config with every path made absolute. */
export type EvalConfig = z.infer<typeof configSchema> & { file: string };

/** Reads and validates a `gk eval` config file; paths in it are resolved against its folder. */
export async function readEvalConfig(path: string, cwd: string): Promise<EvalConfig> {
  const data = await readJsonFile(path, { cwd, code: 'invalid_config' });
  const parsed = configSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || '(root)';
    throw new InputError({
      code: 'invalid_config',
      file: path,
      field,
      message: `${path}: ${field}: ${issue?.message ?? 'invalid'}`,
    });
  }
  const file = resolve(cwd, path);
  const folder = dirname(file);
  const config = parsed.data;
  return {
    ...config,
    file,
    pipeline: resolve(folder, config.pipeline),
    questions: resolve(folder, config.questions),
    ...(config.out === undefined ? {} : { out: resolve(folder, config.out) }),
    ...(config.baseline === undefined ? {} : { baseline: resolve(folder, config.baseline) }),
  };
}
