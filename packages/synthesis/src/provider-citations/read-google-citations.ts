import type { OffsetUnit, ProviderCitation, ProviderDocumentReference } from '@gk/citations';
import type { ReadProviderCitationsResult } from './read-anthropic-citations.js';
import { isRecord, metadataOf, type StepView, viewStep, readerUnit } from './read-final-step.js';

/** Options for {@link readGoogleCitations}. */
export interface ReadGoogleCitationsOptions {
  /** What segment indexes count; Gemini's reference says UTF-8 bytes, the default. */
  unit?: OffsetUnit;
}

// `google` is the Gemini API provider's key, `vertex` the Vertex AI provider's.
const KEYS = ['google', 'vertex'];

/**
 * Reads Gemini's grounding metadata out of an AI SDK step: each grounding support's answer segment (UTF-8
 * bytes, with the provider's copy of its text) and each grounding chunk it names, as one neutral citation per
 * (support, chunk) pair. The chunk's retrieved text is the cited text (a retrieval chunk, `chunk: true`, which may
 * start or end inside a word); its `uri` or `title` names the
 * document, but a web, Maps or image chunk is named by its `uri` alone (its title is the provider's, such as a
 * domain name). The metadata comes from the raw response body when the AI SDK kept it (it alone carries
 * `segment.partIndex`), else from `providerMetadata.google.groundingMetadata`.
 */
export function readGoogleCitations(
  step: unknown,
  options: ReadGoogleCitationsOptions = {},
): ReadProviderCitationsResult {
  const unit = readerUnit(options, 'utf8');
  const view = viewStep(step);
  const raw = rawCandidate(view);
  const metadata = raw?.groundingMetadata ?? metadataOf(view.providerMetadata, KEYS)?.groundingMetadata;
  if (!isRecord(metadata)) return { answer: view.text, citations: [] };
  const chunks = Array.isArray(metadata.groundingChunks) ? metadata.groundingChunks : [];
  const supports = Array.isArray(metadata.groundingSupports) ? metadata.groundingSupports : [];
  const partSpans = raw === undefined ? undefined : textPartSpans(raw.parts, view);
  const citations: ProviderCitation[] = [];
  for (const support of supports) {
    if (!isRecord(support)) continue;
    const segment = isRecord(support.segment) ? support.segment : {};
    const text = typeof segment.text === 'string' ? segment.text : support.segment_text;
    const partIndex = typeof segment.partIndex === 'number' ? segment.partIndex : 0;
    const within = partSpans === undefined ? undefined : (partSpans[partIndex] ?? { start: -1, end: -1 });
    const answer = {
      // proto3 JSON leaves out zero values: a segment that starts the part has no startIndex.
      start: (segment.startIndex ?? 0) as number,
      end: segment.endIndex as number,
      unit,
      ...(within === undefined ? {} : { within }),
      ...(typeof text === 'string' ? { text } : {}),
    };
    const indexes = Array.isArray(support.groundingChunkIndices)
      ? support.groundingChunkIndices
      : Array.isArray(support.supportChunkIndices)
        ? support.supportChunkIndices
        : [];
    for (const index of indexes) {
      const chunk =
        typeof index === 'number' && Number.isSafeInteger(index) && index >= 0 ? chunks[index] : undefined;
      citations.push(
        chunk === undefined
          ? {
              type: 'grounding_support',
              document: null,
              label: `grounding chunk ${String(index).slice(0, 40)}, which the response does not have (it has ${chunks.length})`,
              answer,
            }
          : fromChunk(chunk, index as number, answer),
      );
    }
  }
  return { answer: view.text, citations };
}

function fromChunk(chunk: unknown, index: number, answer: ProviderCitation['answer']): ProviderCitation {
  const base = { type: 'grounding_support', answer };
  if (!isRecord(chunk))
    return { ...base, document: null, label: `grounding chunk ${index}, which is not an object` };
  const context = [chunk.retrievedContext, chunk.web, chunk.maps, chunk.image].find(isRecord);
  if (context === undefined)
    return { ...base, document: null, label: `grounding chunk ${index}, which names no source` };
  const retrieved = context === chunk.retrievedContext;
  // A retrieved chunk's title is the file's name, which the app gave it; a web or Maps chunk's title is the
  // provider's (a domain name), which names none of the app's documents even when it equals a documentId.
  const ids = (
    retrieved ? [context.uri, context.sourceUri, context.title] : [context.uri, context.sourceUri]
  ).filter((id): id is string => typeof id === 'string' && id !== '');
  const name = ids[0] ?? context.title;
  const kind = retrieved ? '' : context === chunk.web ? ' (web)' : ' (maps or image)';
  const document: ProviderDocumentReference | null = ids.length > 0 ? { ids } : null;
  const citedText = retrieved && typeof context.text === 'string' ? context.text : undefined;
  return {
    ...base,
    document,
    label: `grounding chunk ${index}${kind}${typeof name === 'string' && name !== '' ? ` ${name.slice(0, 200)}` : ''}`,
    // A retrieved chunk is cut by tokens: it may start or end inside a word (`chunk`: located without those).
    ...(citedText === undefined ? {} : { citedText, chunk: true }),
  };
}

/** The first candidate of a raw `generateContent` body, when the AI SDK kept the body. */
function rawCandidate(view: StepView): { groundingMetadata: unknown; parts: unknown[] } | undefined {
  const body = view.responseBody;
  if (!isRecord(body) || !Array.isArray(body.candidates) || !isRecord(body.candidates[0])) return undefined;
  const candidate = body.candidates[0];
  const content = isRecord(candidate.content) ? candidate.content : {};
  return {
    groundingMetadata: candidate.groundingMetadata,
    parts: Array.isArray(content.parts) ? content.parts : [],
  };
}

/**
 * Where each raw part's text sits in the answer, by part index: the AI SDK turns each non-empty, non-thought
 * text part into a text part of the step, in order. Undefined when the raw parts do not line up with the step.
 */
function textPartSpans(
  parts: unknown[],
  view: StepView,
): Array<{ start: number; end: number } | undefined> | undefined {
  const spans: Array<{ start: number; end: number } | undefined> = [];
  let next = 0;
  for (const part of parts) {
    const isText =
      isRecord(part) && typeof part.text === 'string' && part.text !== '' && part.thought !== true;
    if (!isText) {
      spans.push(undefined);
      continue;
    }
    const placed = view.parts[next++];
    if (placed === undefined || placed.part.text !== part.text) return undefined;
    spans.push({ start: placed.start, end: placed.end });
  }
  return next === view.parts.length ? spans : undefined;
}
