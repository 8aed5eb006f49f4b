/**
 * The default of `--max-resolved-bytes` (and `mapRecord`'s `maxResolvedBytes`): the most passage text, in UTF-8 bytes,
 * one log line may take from `--documents`, summed over its passages, a repeated one each time. 16 MiB: twice the
 * default `--max-line-bytes`, room for fifty passages of 300 KB. A line names a document in a few bytes and the
 * verifier indexes each passage it is given, so without a bound a short line that names a large document many times
 * (or at many offsets) costs its ids times the document's size in time and memory.
 */
export const DEFAULT_MAX_RESOLVED_BYTES = 16 * 1024 * 1024;
