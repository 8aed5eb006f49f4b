import type { OffsetUnit, ProviderCitation } from '@gk/citations';
import { isRecord, metadataOf, type StepView, viewStep, readerUnit } from './read-final-step.js';

/** Options for {@link readAnthropicCitations}. */
export interface ReadAnthropicCitationsOptions {
  /**
   * What `start_char_index` / `end_char_index` count. Anthropic's reference calls them character indices
   * without naming the unit; the default is code points (see the provider-citations guide).
   */
  unit?: OffsetUnit;
}

/** The answer of a step and the citations a provider attached to it, in the neutral shape. */
export interface ReadProviderCitationsResult {
  /** The answer the citations point into: the step's text parts joined, as the AI SDK's `text`. */
  answer: string;
  citations: ProviderCitation[];
}

/**
 * Reads Anthropic's document citations (`char_location`, `page_location`, `content_block_location`, and web or
 * search-result locations) out of an AI SDK step: from the raw response body when the AI SDK kept it
 * (`generateText` on AI SDK 6), else from each text part's provider metadata (AI SDK 7 keeps every citation
 * there), else from the source parts that follow each text part (`streamText` on AI SDK 6, which keep no
 * document index: the document is named by its title).
 */
export function readAnthropicCitations(
  step: unknown,
  options: ReadAnthropicCitationsOptions = {},
): ReadProviderCitationsResult {
  const unit = readerUnit(options, 'code-point');
  const view = viewStep(step);
  const blocks = rawTextBlocks(view);
  // AI SDK 7 puts a `citations` list on each cited text part, and the wire citations in its provider metadata.
  const perPart =
    blocks ??
    (view.parts.some(({ part }) => Array.isArray(part.citations))
      ? view.parts.map(({ part }) => metadataCitations(part) ?? [])
      : undefined);
  if (perPart === undefined) return { answer: view.text, citations: fromSources(view, unit) };
  const citations: ProviderCitation[] = [];
  view.parts.forEach(({ start, end }, i) => {
    for (const citation of perPart[i] ?? []) citations.push(fromWire(citation, { start, end }, unit));
  });
  return { answer: view.text, citations };
}

/** A 1-based page number as a 0-based index; anything but a number passes through, to be rejected as it is. */
const fromPageNumber = (value: unknown): number =>
  typeof value === 'number' ? value - 1 : (value as number);

/** The raw citations AI SDK 7 keeps on a text part (`providerMetadata.anthropic.citations`). */
function metadataCitations(part: Record<string, unknown>): unknown[] | undefined {
  const citations = metadataOf(part.providerMetadata, ['anthropic'])?.citations;
  return Array.isArray(citations) ? citations : undefined;
}

/**
 * The citations of each text block of the raw response body, aligned with the step's text parts; undefined
 * when there is no body or its text blocks are not the step's text parts, one for one.
 */
function rawTextBlocks(view: StepView): unknown[][] | undefined {
  const body = view.responseBody;
  if (!isRecord(body) || body.type !== 'message' || !Array.isArray(body.content)) return undefined;
  const texts = body.content.filter((block) => isRecord(block) && block.type === 'text') as Array<
    Record<string, unknown>
  >;
  if (texts.length !== view.parts.length) return undefined;
  if (texts.some((block, i) => block.text !== view.parts[i]!.part.text)) return undefined;
  return texts.map((block) => (Array.isArray(block.citations) ? block.citations : []));
}

/** One citation in Anthropic's wire shape, as the neutral shape; anything unreadable stays visible as such. */
function fromWire(
  citation: unknown,
  answer: { start: number; end: number },
  unit: OffsetUnit,
): ProviderCitation {
  if (!isRecord(citation)) return { document: null, label: 'a citation that is not an object', answer };
  const type = typeof citation.type === 'string' ? citation.type : undefined;
  const citedText = typeof citation.cited_text === 'string' ? citation.cited_text : undefined;
  const base = { type, answer, ...(citedText === undefined ? {} : { citedText }) };
  const index = citation.document_index as number;
  const document = { index };
  const label = `document_index ${String(index)}`;
  switch (type) {
    case 'char_location':
      return {
        ...base,
        document,
        label,
        location: {
          type: 'offsets',
          start: citation.start_char_index as number,
          end: citation.end_char_index as number,
          unit,
        },
      };
    case 'page_location':
      return {
        ...base,
        document,
        label,
        // Anthropic numbers pages from 1, end exclusive; the neutral shape indexes `pages` from 0.
        location: {
          type: 'pages',
          start: fromPageNumber(citation.start_page_number),
          end: fromPageNumber(citation.end_page_number),
        },
      };
    case 'content_block_location':
      return {
        ...base,
        document,
        label,
        location: {
          type: 'blocks',
          start: citation.start_block_index as number,
          end: citation.end_block_index as number,
        },
      };
    case 'web_search_result_location':
    case 'search_result_location': {
      const id = type === 'web_search_result_location' ? citation.url : citation.source;
      return typeof id === 'string'
        ? { ...base, document: { ids: [id] }, label: id.slice(0, 200) }
        : {
            ...base,
            document: null,
            label: `a ${type} without a ${type === 'web_search_result_location' ? 'url' : 'source'}`,
          };
    }
    default:
      return {
        ...base,
        document: null,
        label: `a citation of type ${JSON.stringify(String(type).slice(0, 40))}`,
      };
  }
}

/**
 * Citations from the source parts of an AI SDK 6 stream: each follows the text part it belongs to and carries
 * `citedText` and character or page numbers, but no document index, so the document is named by its title.
 */
function fromSources(view: StepView, unit: OffsetUnit): ProviderCitation[] {
  const citations: ProviderCitation[] = [];
  let current: { start: number; end: number } | undefined;
  let textIndex = 0;
  for (const part of view.content) {
    if (part.type === 'text' && typeof part.text === 'string') {
      const placed = view.parts[textIndex++]!;
      current = { start: placed.start, end: placed.end };
      continue;
    }
    if (part.type !== 'source' || current === undefined) continue;
    const metadata = metadataOf(part.providerMetadata, ['anthropic']);
    // A citation's source part always carries `citedText`; the source parts `@ai-sdk/anthropic` adds for each web
    // search result (`{ pageAge }`) list pages the search found, which no text cited.
    if (metadata === undefined || !('citedText' in metadata)) continue;
    const citedText = typeof metadata.citedText === 'string' ? metadata.citedText : undefined;
    // A web result is named by its URL; a document by the title it was sent with (its filename by default).
    const names = part.sourceType === 'url' ? [part.url] : [part.title, part.filename];
    const ids = names.filter((id): id is string => typeof id === 'string');
    const base = {
      answer: current,
      document: ids.length > 0 ? { ids } : null,
      label: ids[0]?.slice(0, 200) ?? 'a source without a title',
      ...(citedText === undefined ? {} : { citedText }),
    };
    if ('startCharIndex' in metadata) {
      citations.push({
        ...base,
        type: 'char_location',
        location: {
          type: 'offsets',
          start: metadata.startCharIndex as number,
          end: metadata.endCharIndex as number,
          unit,
        },
      });
    } else if ('startPageNumber' in metadata) {
      citations.push({
        ...base,
        type: 'page_location',
        location: {
          type: 'pages',
          start: fromPageNumber(metadata.startPageNumber),
          end: fromPageNumber(metadata.endPageNumber),
        },
      });
    } else {
      citations.push({ ...base, type: part.sourceType === 'url' ? 'web_search_result_location' : undefined });
    }
  }
  return citations;
}
