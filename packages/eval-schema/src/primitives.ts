import { isBlank } from '@gk/internal';
import { z } from 'zod';

// Every schema of this package is built inside a `/* @__PURE__ */` function call: a bundler then drops the
// schemas, and zod with them, from an app that only uses the metrics or the hashes.

/** A lowercase hex SHA-256 digest (64 characters), as written by every hash in groundkit. */
export const Sha256Hex = /* @__PURE__ */ (() =>
  z.string().regex(/^[0-9a-f]{64}$/, 'expected a lowercase hex SHA-256 digest (64 characters)'))();

/** An ISO 8601 date-time with `Z` or a numeric offset, e.g. `2026-11-30T04:44:26.000Z`. */
export const IsoDateTime = /* @__PURE__ */ (() => z.iso.datetime({ offset: true }))();

// -0 passes `.min(0)` but no writer makes it (`JSON.stringify` writes 0) and it formats as "-0" (Intl), so only a
// hand-written file holds it.
const notNegativeZero = (value: number): boolean => !Object.is(value, -0);
const NEGATIVE_ZERO = 'expected a number >= 0, received -0';

/** A number >= 0 (not -0), e.g. a latency in milliseconds. */
export const NonNegative = /* @__PURE__ */ (() => z.number().min(0).refine(notNegativeZero, NEGATIVE_ZERO))();

/** A non-negative safe integer count (not -0). */
export const Count = /* @__PURE__ */ (() => z.int().min(0).refine(notNegativeZero, NEGATIVE_ZERO))();

/** A rate in [0, 1] (not -0). */
export const Rate = /* @__PURE__ */ (() => z.number().min(0).max(1).refine(notNegativeZero, NEGATIVE_ZERO))();

/** A rate in [0, 1], or `null` when the metric is undefined for its input (for example no gold items). */
export const NullableRate = /* @__PURE__ */ (() => Rate.nullable())();

/**
 * An identifier string (run, case, query, item, document or chunk id) with at least one visible character: one
 * made only of whitespace, control characters (`\p{Cc}`), Default_Ignorable code points and bidi controls is
 * refused (and U+2800 BRAILLE PATTERN BLANK, as `isBlank` reads it everywhere), as it reads as no id at all. A lone
 * surrogate is refused too: `JSON.parse` keeps `"\ud800"`, `safeDecodeJson` refuses it, and UTF-8 writes it as
 * U+FFFD, so two different ids would read the same once saved.
 */
export const Identifier = /* @__PURE__ */ (() =>
  z
    .string()
    .min(1)
    .refine((text) => !isBlank(text), {
      message: 'expected an identifier with a visible character (not only whitespace or invisible ones)',
      when: (payload) => payload.issues.length === 0,
    })
    // With the `u` flag a paired surrogate reads as one code point, so `\p{Cs}` matches only a lone one.
    .refine((text) => !/\p{Cs}/u.test(text), {
      message: 'expected well-formed text (a lone surrogate is half a character)',
      when: (payload) => payload.issues.length === 0,
    }))();

/** The longest version node-semver reads (its `MAX_LENGTH`). */
const SEMVER_MAX_LENGTH = 256;

/**
 * A semantic version as semver.org defines it: `MAJOR.MINOR.PATCH`, numbers without leading zeros, optional
 * `-prerelease` and `+build` of non-empty dot-separated identifiers, numeric prerelease identifiers without leading
 * zeros; at most 256 characters, as node-semver reads them (its `MAX_LENGTH`). Each identifier is matched once (no
 * nested repetition over the same characters), so it runs in linear time. The length is checked first and aborts: V8
 * keeps a backtrack entry per repeated identifier group, and millions of them (`1.0.0-a.a.a…`) overflowed its stack
 * (a bare RangeError); the JSON Schema carries it as `maxLength`.
 */
export const SemverVersion = /* @__PURE__ */ (() =>
  z
    .string()
    .max(SEMVER_MAX_LENGTH, {
      abort: true,
      message: `expected a semver version of at most ${SEMVER_MAX_LENGTH} characters`,
    })
    .regex(
      /^(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)\.(?:0|[1-9]\d*)(?:-(?!0\d+(?:[.+]|$))[0-9A-Za-z-]+(?:\.(?!0\d+(?:[.+]|$))[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/,
      'expected a semver version (semver.org: no leading zeros, no empty identifiers)',
    ))();

/** Where a model came from: the AI SDK provider name and model id. */
export const ModelIdentity = /* @__PURE__ */ (() =>
  z.strictObject({
    /** AI SDK provider name, e.g. `openai.chat`. */
    provider: Identifier,
    /** Provider's model id, e.g. `gpt-4.1-mini`. */
    modelId: Identifier,
  }))();
/** Where a model came from: the AI SDK provider name and model id. */
export type ModelIdentity = z.infer<typeof ModelIdentity>;

/**
 * A judge as `judgeFaithfulness` reports it: model identity, the SHA-256 of the judge prompt template and, when any
 * was given, of its call settings.
 */
export const JudgeIdentity = /* @__PURE__ */ (() =>
  z.strictObject({
    /** AI SDK provider name of the judge model. */
    provider: Identifier,
    /** Provider's model id of the judge model. */
    modelId: Identifier,
    /** SHA-256 of the judge prompt template actually used. */
    promptHash: Sha256Hex,
    /**
     * SHA-256 of the call settings that may change a verdict (temperature, token limit, providerOptions, ...), as
     * `@gk/judge` hashes them; absent when none was given (the provider's defaults).
     */
    settingsHash: Sha256Hex.optional(),
  }))();
/** A judge as `judgeFaithfulness` reports it: model identity, prompt template hash and call settings hash. */
export type JudgeIdentity = z.infer<typeof JudgeIdentity>;

/** The retrieval stages an evaluation can report; `lexical` is the only allowed baseline. */
export const StageName = /* @__PURE__ */ (() => z.enum(['lexical', 'dense', 'fusion', 'rerank']))();
/** The retrieval stages an evaluation can report; `lexical` is the only allowed baseline. */
export type StageName = z.infer<typeof StageName>;

/** A span of a document in UTF-16 code units, end-exclusive, with `0 <= start < end`. */
export const DocumentSpan = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Document the span belongs to. */
      documentId: Identifier,
      /** Start offset (UTF-16 code units, inclusive). */
      start: Count,
      /** End offset (UTF-16 code units, exclusive). */
      end: Count,
    })
    .refine((span) => span.start < span.end, { message: 'expected start < end', path: ['end'] }))();
/** A span of a document in UTF-16 code units, end-exclusive, with `0 <= start < end`. */
export type DocumentSpan = z.infer<typeof DocumentSpan>;
