import { checkArgument, excerpt, isObject } from '@gk/internal';
import { z } from 'zod';
import { canonicalJson, compareCodeUnits, sha256Hex } from './canonical-json.js';
import { copyArgument } from './copy-value.js';
import { Count, Identifier, IsoDateTime, Sha256Hex } from './primitives.js';
import { readArgument } from './read-argument.js';
import { type ReportIssue, ReportParseError } from './report-parse-error.js';
import { expectUniqueIds, WHEN_FIELDS_PARSED } from './rules.js';
import type { SafeParseReportResult } from './safe-parse.js';

/**
 * A passage as it was shown to the judge for a labelled item (the `Passage` shape of `@gk/citations`): `text` sits at
 * `start`..`end` of its document, so `end - start` is `text.length` (UTF-16 code units).
 */
export const LabelledPassage = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Document the passage was cut from. */
      documentId: Identifier,
      /** Chunk id of the passage. */
      chunkId: Identifier,
      /** The passage text exactly as shown. */
      text: z.string(),
      /** Start of `text` in its document (UTF-16 code units). */
      start: Count,
      /** End of `text` in its document (UTF-16 code units, exclusive). */
      end: Count,
      /** Optional document title. */
      title: z.string().optional(),
      /** Optional document URI. */
      uri: z.string().optional(),
    })
    .superRefine((passage, ctx) => {
      if (passage.start >= passage.end) {
        ctx.addIssue({ code: 'custom', path: ['end'], message: 'expected start < end' });
      } else if (passage.end - passage.start !== passage.text.length) {
        // As `@gk/citations` requires of a Passage: otherwise the judge refuses the item after paid model calls.
        ctx.addIssue({
          code: 'custom',
          path: ['end'],
          message: `expected end - start to equal text.length (${passage.text.length}), received ${passage.end - passage.start}`,
        });
      }
    }, WHEN_FIELDS_PARSED))();
/** A passage as it was shown to the judge for a labelled item (the `Passage` shape of `@gk/citations`). */
export type LabelledPassage = z.infer<typeof LabelledPassage>;

/** One human faithfulness label: the answer, what it was checked against, and the human verdict. */
export const LabelItem = /* @__PURE__ */ (() =>
  z.strictObject({
    /** Unique id of the item within the set. */
    id: Identifier,
    /** The question the answer responds to. */
    question: z.string(),
    /** The answer that was labelled. */
    answer: z.string(),
    /** The passages the answer was checked against. */
    passages: z.array(LabelledPassage).min(1),
    /** The human verdict: true when every claim is supported by the passages. */
    faithful: z.boolean(),
    /** Optional note by the labeller. */
    note: z.string().optional(),
  }))();
/** One human faithfulness label: the answer, what it was checked against, and the human verdict. */
export type LabelItem = z.infer<typeof LabelItem>;

/** A human faithfulness label set with its own content hash (`hash = await hashLabelSet(set)`). */
export const LabelSet = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Version of this schema; this package reads version 1. */
      schemaVersion: z.literal(1),
      /** Human-readable name of the set. */
      name: Identifier,
      /** When the set was frozen. */
      createdAt: IsoDateTime,
      /** The labelling rubric, verbatim, so the hash covers it. */
      rubric: z.string().min(1),
      /** Labelled items; ids are unique. */
      items: z.array(LabelItem).min(1),
      /** `hashLabelSet` of every other field; recompute it with `checkLabelSetHash` before trusting the set. */
      hash: Sha256Hex,
    })
    .superRefine((set, ctx) => {
      expectUniqueIds(
        ctx,
        set.items.map((item) => item.id),
        (index) => ['items', index, 'id'],
      );
    }, WHEN_FIELDS_PARSED))();
/** A human faithfulness label set with its own content hash (`hash = await hashLabelSet(set)`). */
export type LabelSet = z.infer<typeof LabelSet>;

/** A label set before its hash is computed. */
export type UnhashedLabelSet = Omit<LabelSet, 'hash'>;

/**
 * SHA-256 of a label set's canonical encoding (every field except `hash`, items sorted by id, object keys
 * sorted), so reordering items or keys keeps the hash and any edit changes it. Throws `InvalidArgumentError` for a
 * set without an items array, an item without a string id, a value that is no JSON value (named by its path,
 * items counted in id order) or a set that throws when read.
 */
export async function hashLabelSet(set: UnhashedLabelSet | LabelSet): Promise<string> {
  return hashCopy(copyLabelSet(set));
}

/**
 * Recomputes a label set's hash: a copy of the set, read once, when the stored `hash` is the hash of that copy's
 * content, else a `ReportParseError` with code `hash_mismatch` at `hash` naming both hashes (the set changed after
 * hashing). The copy is what was hashed, so no getter can show the hash one set of items and the caller another.
 */
export async function checkLabelSetHash(set: LabelSet): Promise<SafeParseReportResult<LabelSet>> {
  const copy = copyLabelSet(set) as LabelSet;
  const actual = await hashCopy(copy);
  if (actual === copy.hash) return { success: true, data: copy };
  const stored = excerpt(String(copy.hash), { length: 64 });
  const issue: ReportIssue = {
    code: 'hash_mismatch',
    path: ['hash'],
    message: `stored hash ${stored} is not the hash of the content (${actual}): the set changed after it was hashed`,
  };
  return { success: false, error: new ReportParseError('LabelSet', [issue]) };
}

/**
 * `set` read once into a plain copy (each field once: a getter cannot pass the check with one value and be hashed
 * or returned with another), checked to hold an items array whose items have string ids.
 */
function copyLabelSet(set: UnhashedLabelSet | LabelSet): UnhashedLabelSet & { hash?: unknown } {
  // A revoked proxy throws in isObject and a throwing getter in the copy: both are refused as unreadable.
  return readArgument('set', () => {
    checkArgument(isObject(set), 'set', 'a label set with an items array', set);
    const read = copyArgument(set, 'set') as UnhashedLabelSet;
    checkArgument(Array.isArray(read.items), 'set', 'a label set with an items array', read);
    for (const [index, item] of read.items.entries()) {
      const id = (item as Partial<LabelItem> | null)?.id;
      checkArgument(typeof id === 'string', `set.items[${index}].id`, 'a string', id);
    }
    return read;
  });
}

/** The hash of a copy made by copyLabelSet. */
function hashCopy(set: UnhashedLabelSet & { hash?: unknown }): Promise<string> {
  const { hash: _ignored, ...rest } = set;
  const items = [...rest.items].sort((a, b) => compareCodeUnits(a.id, b.id));
  return sha256Hex('gk-label-set-v1', canonicalJson({ ...rest, items }, 'set'));
}
