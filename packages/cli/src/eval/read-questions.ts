import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Identifier } from '@gk/eval-schema';
import { z } from 'zod';
import { InputError } from '../input-error.js';
import { findDuplicateKey } from '../io/find-duplicate-key.js';
import { readLineBatches } from '../io/read-line-batches.js';
import { escapeTerminalText } from '../terminal/escape-terminal-text.js';

// Ids, categories and document ids as the EvalReport reads them (`Identifier`: a visible character, no lone
// surrogate), so a question set the report would refuse is refused here, with its line, before the pipeline runs.
const span = z
  .strictObject({ documentId: Identifier, start: z.int().min(0), end: z.int().min(0) })
  .refine((value) => value.start < value.end, { message: 'expected start < end', path: ['end'] });
const questionSchema = z.strictObject({
  id: Identifier.max(500),
  question: z.string().min(1),
  category: Identifier.max(200).optional(),
  /** Gold passage ids (chunk ids) or gold spans; empty for a question with no answer in the corpus. */
  gold: z.array(z.union([Identifier, span])),
});

// JSON.parse keeps the last of two equal keys: a line read one way by a person would be scored another way.
const KEYS: ReadonlySet<string> = new Set([...Object.keys(questionSchema.shape), ...Object.keys(span.shape)]);

/** One line of a question set. */
export type QuestionLine = z.infer<typeof questionSchema>;

/** Reads a question set (JSONL); any bad line, duplicate id or empty file is an `InputError` naming line and field. */
export async function readQuestions(path: string, name = path): Promise<QuestionLine[]> {
  try {
    if (!(await stat(path)).isFile()) throw new Error('not a file');
  } catch (error) {
    throw new InputError({
      code: 'file_not_found',
      file: name,
      message: `${name}: no such file (questions)`,
      cause: error,
    });
  }
  const questions: QuestionLine[] = [];
  const ids = new Set<string>();
  for await (const batch of readLineBatches(createReadStream(path), { maxLineBytes: 1024 * 1024 })) {
    const [issue] = batch.issues;
    if (issue !== undefined)
      throw new InputError({
        code: 'invalid_questions',
        file: name,
        line: issue.line,
        message: `${name}:${issue.line}: ${escapeTerminalText(issue.message)}`,
      });
    batch.lines.forEach((text, index) => {
      const line = batch.numbers[index]!;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        throw new InputError({
          code: 'invalid_questions',
          file: name,
          line,
          message: `${name}:${line}: not JSON`,
        });
      }
      const duplicate = findDuplicateKey(text, KEYS);
      if (duplicate !== null)
        throw new InputError({
          code: 'invalid_questions',
          file: name,
          line,
          field: duplicate,
          message: `${name}:${line}: key "${duplicate}" appears twice in one object`,
        });
      const parsed = questionSchema.safeParse(value);
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        // Keys come from the file: escaped so a key cannot drive the terminal the message is printed on.
        const field = escapeTerminalText(
          first?.path
            .map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`))
            .join('')
            .slice(1) || '(root)',
        );
        throw new InputError({
          code: 'invalid_questions',
          file: name,
          line,
          field,
          message: `${name}:${line}: ${field}: ${escapeTerminalText(first?.message ?? 'invalid')}`,
        });
      }
      if (ids.has(parsed.data.id)) {
        throw new InputError({
          code: 'invalid_questions',
          file: name,
          line,
          field: 'id',
          message: `${name}:${line}: id ${escapeTerminalText(JSON.stringify(parsed.data.id))} is used twice`,
        });
      }
      ids.add(parsed.data.id);
      questions.push(parsed.data);
    });
  }
  if (questions.length === 0)
    throw new InputError({ code: 'empty_input', file: name, message: `${name}: no questions` });
  return questions;
}
