import type { OffsetUnit, ProviderCitation } from '@gk/citations';
import type { ReadProviderCitationsResult } from './read-anthropic-citations.js';
import { isRecord, metadataOf, type StepView, viewStep, readerUnit } from './read-final-step.js';

/** Options for {@link readOpenAICitations}. */
export interface ReadOpenAICitationsOptions {
  /**
   * What `start_index`, `end_index` and `index` count. OpenAI's reference calls them indexes of characters
   * without naming the unit; the default is code points (see the provider-citations guide).
   */
  unit?: OffsetUnit;
}

const MAX_CHUNKS_PER_FILE = 50;

// `openai` is the provider's own key; Azure OpenAI's provider keeps the same data under `azure`.
const KEYS = ['openai', 'azure'];

/**
 * Reads the OpenAI Responses API's output-text annotations (`url_citation`, `file_citation`,
 * `container_file_citation`) out of an AI SDK step. The AI SDK keeps them, as the API sent them, in each text
 * part's provider metadata (`providerMetadata.openai.annotations`) on AI SDK 6 and 7; their indexes count from
 * the start of that part. An annotation marks where a citation sits in the text; the claim is the sentence
 * before it. When the file search results were included (`include: ['file_search_call.results']`), a file
 * citation becomes one citation per chunk retrieved from that file, each chunk's text its cited text, marked as a
 * retrieval chunk (`chunk: true`: cut by tokens, it may start or end inside a word).
 */
export function readOpenAICitations(
  step: unknown,
  options: ReadOpenAICitationsOptions = {},
): ReadProviderCitationsResult {
  const unit = readerUnit(options, 'code-point');
  const view = viewStep(step);
  const retrieved = retrievedChunks(view);
  const citations: ProviderCitation[] = [];
  for (const { part, start, end } of view.parts) {
    const annotations = metadataOf(part.providerMetadata, KEYS)?.annotations;
    if (!Array.isArray(annotations)) continue;
    const within = { start, end };
    for (const annotation of annotations) {
      const citation = fromWire(annotation, within, unit);
      if (citation === undefined) continue;
      const file = isRecord(annotation) ? annotation.file_id : undefined;
      const chunks = typeof file === 'string' ? retrieved.get(file) : undefined;
      if (chunks === undefined) citations.push(citation);
      // Chunks are cut by tokens: one may start or end inside a word (`chunk`: located without those).
      else for (const citedText of chunks) citations.push({ ...citation, citedText, chunk: true });
    }
  }
  return { answer: view.text, citations };
}

/** One annotation as the neutral shape; `file_path` annotations (links to generated files) cite nothing. */
function fromWire(
  annotation: unknown,
  within: { start: number; end: number },
  unit: OffsetUnit,
): ProviderCitation | undefined {
  if (!isRecord(annotation)) {
    return {
      document: null,
      label: 'an annotation that is not an object',
      answer: { start: 0, end: 0, within },
    };
  }
  const type = typeof annotation.type === 'string' ? annotation.type : undefined;
  switch (type) {
    case 'url_citation': {
      const url = annotation.url;
      return {
        type,
        document: typeof url === 'string' ? { ids: [url] } : null,
        label: typeof url === 'string' ? url.slice(0, 200) : 'a url_citation without a url',
        answer: {
          start: annotation.start_index as number,
          end: annotation.end_index as number,
          unit,
          within,
          role: 'marker',
          ...(typeof url === 'string' ? { url } : {}),
        },
      };
    }
    case 'file_citation':
    case 'container_file_citation': {
      const file = annotation.file_id;
      const point = type === 'file_citation';
      return {
        type,
        document: typeof file === 'string' ? { ids: [file] } : null,
        label: typeof file === 'string' ? `file ${file.slice(0, 200)}` : `a ${type} without a file_id`,
        answer: {
          start: (point ? annotation.index : annotation.start_index) as number,
          end: (point ? annotation.index : annotation.end_index) as number,
          unit,
          within,
          role: 'marker',
        },
      };
    }
    case 'file_path':
      return undefined;
    default:
      return {
        type,
        document: null,
        label: `an annotation of type ${JSON.stringify(String(type).slice(0, 40))}`,
        answer: { start: 0, end: 0, within, role: 'marker' },
      };
  }
}

/**
 * The texts the file search retrieved, by file id: from the step's file_search tool results (AI SDK 6 and 7),
 * else from the raw response body. Empty when the results were not included in the response.
 */
function retrievedChunks(view: StepView): Map<string, string[]> {
  const chunks = new Map<string, Set<string>>();
  const add = (file: unknown, text: unknown) => {
    if (typeof file !== 'string' || typeof text !== 'string') return;
    const set = chunks.get(file) ?? new Set<string>();
    chunks.set(file, set);
    // The API returns at most 50 results per search: more than that for one file are not results, not read.
    if (set.size < MAX_CHUNKS_PER_FILE) set.add(text);
  };
  for (const part of view.content) {
    // Told by its shape, not its name: the tool is named by the key it was given in `tools`.
    if (part.type !== 'tool-result') continue;
    const output = isRecord(part.output) ? part.output : isRecord(part.result) ? part.result : undefined;
    const results = output?.results;
    if (!Array.isArray(results)) continue;
    for (const result of results) if (isRecord(result)) add(result.fileId ?? result.file_id, result.text);
  }
  const body = view.responseBody;
  if (chunks.size === 0 && isRecord(body) && Array.isArray(body.output)) {
    for (const item of body.output) {
      if (!isRecord(item) || item.type !== 'file_search_call' || !Array.isArray(item.results)) continue;
      for (const result of item.results) if (isRecord(result)) add(result.file_id, result.text);
    }
  }
  return new Map([...chunks].map(([file, texts]) => [file, [...texts]]));
}
