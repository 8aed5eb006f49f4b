import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputError, type InputErrorCode } from '../input-error.js';
import { escapeTerminalText } from '../terminal/escape-terminal-text.js';
import { findKeyProblem, MAX_JSON_KEY_LENGTH } from './find-duplicate-key.js';

/**
 * Reads and parses one JSON file (a report, a summary, a config), refusing files over `maxBytes` (default 256 MiB)
 * and (as `options.code`) any object that holds a key twice: `JSON.parse` keeps the last, so a reader of the file
 * would see one value and the command use another. A key longer than MAX_JSON_KEY_LENGTH is refused the same way,
 * before parsing: no file gk reads has one, and many of one length would make `JSON.parse` quadratic.
 */
export async function readJsonFile(
  path: string,
  options: { cwd: string; code: InputErrorCode; maxBytes?: number },
): Promise<unknown> {
  const absolute = resolve(options.cwd, path);
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  let text: string;
  try {
    const info = await stat(absolute);
    if (!info.isFile())
      throw new InputError({ code: 'unreadable', file: path, message: `${path}: not a file` });
    if (info.size > maxBytes) {
      throw new InputError({
        code: options.code,
        file: path,
        message: `${path}: ${info.size} bytes is more than the ${maxBytes} this command reads whole`,
      });
    }
    text = await readFile(absolute, 'utf8');
  } catch (error) {
    if (InputError.isInstance(error)) throw error;
    throw new InputError({
      code: 'file_not_found',
      file: path,
      message: `${path}: no such file`,
      cause: error,
    });
  }
  if (text.trim() === '')
    throw new InputError({ code: 'empty_input', file: path, message: `${path}: empty file` });
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const problem = findKeyProblem(body, 'any', MAX_JSON_KEY_LENGTH);
  if (problem?.code === 'key_too_long')
    throw new InputError({
      code: options.code,
      file: path,
      message: `${path}: an object key of ${problem.length} characters is longer than ${MAX_JSON_KEY_LENGTH}`,
    });
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 160) : 'invalid JSON';
    throw new InputError({
      code: 'not_json',
      file: path,
      message: `${path}: not JSON: ${reason}`,
      cause: error,
    });
  }
  if (problem !== null) {
    const duplicate = problem.key;
    const key = escapeTerminalText(JSON.stringify(duplicate.slice(0, 80)));
    throw new InputError({
      code: options.code,
      file: path,
      field: key,
      message: `${path}: key ${key} appears twice in one object`,
    });
  }
  return value;
}
