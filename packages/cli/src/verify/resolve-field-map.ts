import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { InputError } from '../input-error.js';
import { findDuplicateKey } from '../io/find-duplicate-key.js';
import {
  compileFieldMap,
  FIELD_MAP_PRESETS,
  type FieldMap,
  NATIVE_MAP,
  PASSAGE_FIELDS,
  type PassageField,
} from './field-map.js';

/** Field-map flags as the command receives them; a flag set to `''` marks the field as absent from the log. */
export interface FieldMapFlags {
  /** A preset name (`native`, `lfrqa`, `expertqa`, `langfuse`), a JSON file, or inline JSON. */
  map?: string;
  idField?: string;
  answerField?: string;
  passagesField?: string[];
  optionsField?: string;
  /** `false` when the log has no offsets (`--no-offsets`): each passage is its own document. */
  offsets?: boolean;
  passage?: Partial<Record<PassageField, string>>;
}

/** Builds and validates the field map for a run: the preset or file named by `--map`, then each flag over it. */
export async function resolveFieldMap(flags: FieldMapFlags, cwd: string): Promise<FieldMap> {
  let base: unknown = NATIVE_MAP;
  let source = 'the native shape';
  const { map } = flags;
  if (map !== undefined) {
    if (Object.hasOwn(FIELD_MAP_PRESETS, map)) {
      base = FIELD_MAP_PRESETS[map];
      source = `preset ${map}`;
    } else if (map.trimStart().startsWith('{')) {
      base = parseMap(map, '--map');
      source = '--map';
    } else {
      let text: string;
      try {
        text = await readFile(resolve(cwd, map), 'utf8');
      } catch (error) {
        throw new InputError({
          code: 'invalid_map',
          message: `--map ${map}: neither a preset (${Object.keys(FIELD_MAP_PRESETS).join(', ')}) nor a readable JSON file`,
          cause: error,
        });
      }
      base = parseMap(text, map);
      source = map;
    }
  }
  const compiled = compileFieldMap(base, source).map;
  const none = (value: string): string | null => (value === '' ? null : value);
  const result: FieldMap = { ...compiled, passage: { ...compiled.passage } };
  if (flags.idField !== undefined) result.id = none(flags.idField);
  if (flags.answerField !== undefined) result.answer = flags.answerField;
  if (flags.passagesField !== undefined) result.passages = flags.passagesField;
  if (flags.optionsField !== undefined) result.options = none(flags.optionsField);
  for (const field of PASSAGE_FIELDS) {
    const value = flags.passage?.[field];
    if (value !== undefined) result.passage[field] = none(value);
  }
  if (flags.offsets === false) {
    result.passage.start = null;
    result.passage.end = null;
  }
  return compileFieldMap(result, 'the field flags').map;
}

function parseMap(text: string, source: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError({ code: 'invalid_map', message: `${source}: not JSON`, cause: error });
  }
  // JSON.parse keeps the last of two equal keys: the map a reader sees would not be the one applied.
  const duplicate = findDuplicateKey(text, 'any');
  if (duplicate !== null)
    throw new InputError({
      code: 'invalid_map',
      message: `${source}: key ${JSON.stringify(duplicate.slice(0, 80))} appears twice in one object`,
    });
  return value;
}
