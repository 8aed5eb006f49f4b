// Linear time on inputs built to make a careless implementation quadratic: many citations into one long
// document, each with offsets far into it, in a unit that must be converted, with cited texts that must be
// folded to compare, and many grounding supports citing chunks without offsets. The method (CPU time of n
// against 8n, least of several runs) is the repository's: see tests/adversarial/linear-time.test.ts.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import type { ProviderCitation, ProviderDocument } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const SENTENCE = 'Le café coûte 3 € à Zürich 😀, dit-on.  ';

function make(size: number): () => unknown {
  const text = SENTENCE.repeat(size);
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  const answer = `${'Le café coûte 3 €. '.repeat(size)}`;
  const citations: ProviderCitation[] = [];
  const bytesPerSentence = new TextEncoder().encode(SENTENCE).length;
  for (let i = 0; i < size; i++) {
    // From sentence i to the end of the document, in UTF-8 bytes: a long span whose cited text differs in
    // whitespace only, so it is compared after folding.
    citations.push({
      document: { index: 0 },
      answer: { start: i * 22, end: i * 22 + 18, unit: 'utf8' },
      location: {
        type: 'offsets',
        start: i * bytesPerSentence,
        end: size * bytesPerSentence - 2,
        unit: 'utf8',
      },
      citedText: i === 0 ? SENTENCE.repeat(size).replace(/ {2}/g, ' ').trimEnd() : 'mismatch',
    });
    // A grounding chunk without offsets, repeated across supports.
    citations.push({
      document: { ids: ['d'] },
      answer: { start: i * 19, end: i * 19 + 17 },
      citedText: SENTENCE.trim(),
    });
  }
  return () => verifyProviderCitations(answer, citations, [document], { identifiers: [], quotes: false });
}

/** Answer spans that each cover most of a long answer: the claim checks would read it once per span. */
function makeOverlapping(size: number): () => unknown {
  const answer = 'The lease ends after 3 months, see https://example.org/lease. '.repeat(size);
  const text = 'The lease ends after three months.';
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  const citations: ProviderCitation[] = Array.from({ length: size }, (_, i) => ({
    document: { index: 0 },
    answer: { start: i, end: answer.length - i },
  }));
  return () => verifyProviderCitations(answer, citations, [document], { support: {} });
}

/** Many claims, each citing one whole long document (as OpenAI file citations without results do), support on. */
function makeWholeDocument(size: number): () => unknown {
  const sentence = 'The lease ends after three months, see https://example.org/lease and doi 10.1000/x1. ';
  const text = sentence.repeat(size);
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  const claims = Array.from({ length: size }, (_, i) => `Lease ${i} ends after three months.`);
  const answer = claims.join(' ');
  let at = 0;
  const citations: ProviderCitation[] = claims.map((claim) => {
    const span = { start: at, end: at + claim.length };
    at += claim.length + 1;
    return { document: { ids: ['d'] }, answer: span };
  });
  return () => verifyProviderCitations(answer, citations, [document], { support: {} });
}

/** One document, many citations without a location, each cited text found first inside a word (`xé`). */
function makeInWord(size: number): () => unknown {
  const text = `${'xé '.repeat(size)} é`;
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  const citations: ProviderCitation[] = Array.from({ length: Math.ceil(size / 50) }, () => ({
    document: { index: 0 },
    answer: { start: 0, end: 11 },
    citedText: 'é',
  }));
  return () => verifyProviderCitations('Claim here.', citations, [document], { quotes: false });
}

/** Distinct cited texts, each occurring only inside words (`w1x`, `w2x`, ...): no two lookups are the same. */
function makeDistinctInWord(size: number): () => unknown {
  const text = Array.from({ length: size }, (_, i) => `w${i}x`).join(' ');
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  const citations: ProviderCitation[] = Array.from({ length: Math.ceil(size / 20) }, (_, i) => ({
    document: { index: 0 },
    answer: { start: 0, end: 11 },
    citedText: `${i * 20}`,
  }));
  return () => verifyProviderCitations('Claim here.', citations, [document], { quotes: false });
}

/** Distinct absent cited texts whose long prefix occurs everywhere: each look-up would read the whole document. */
function makeAbsent(size: number): () => unknown {
  const text = 'lorem ipsum '.repeat(size);
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  const citations: ProviderCitation[] = Array.from({ length: Math.ceil(size / 50) }, (_, i) => ({
    document: { index: 0 },
    answer: { start: 0, end: 11 },
    citedText: `lorem ipsum lorem zz${i}`,
  }));
  return () => verifyProviderCitations('Claim here.', citations, [document], { quotes: false });
}

/** Citations that each count their answer offsets from a different part of a long answer (`answer.within`). */
function makeWithin(size: number): () => unknown {
  const answer = 'Le café coûte 3 € à Zürich 😀, dit-on. '.repeat(size);
  const text = 'Le café coûte 3 €.';
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  const citations: ProviderCitation[] = Array.from({ length: size }, (_, i) => ({
    document: { index: 0 },
    answer: { start: 0, end: 7, unit: 'utf8', within: { start: i, end: answer.length - i } },
    citedText: 'Le café',
  }));
  return () => verifyProviderCitations(answer, citations, [document], { quotes: false });
}

/** Citations whose document offsets each fall between the two halves of a different flag of one long run. */
function makeFlags(size: number): () => unknown {
  const text = `${'🇪🇸'.repeat(size)} end.`;
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  const citations: ProviderCitation[] = Array.from({ length: size }, (_, i) => ({
    document: { index: 0 },
    answer: { start: 0, end: 11 },
    location: { type: 'offsets', start: 4 * i + 2, end: text.length, unit: 'utf16' },
    citedText: 'end.',
  }));
  return () => verifyProviderCitations('Claim here.', citations, [document], { quotes: false });
}

/** The sentence every page of {@link pagedDocument} says. */
const PAGE = 'Das Café schließt um acht. ';
/** A document of `size` pages that all say {@link PAGE}. */
function pagedDocument(size: number): ProviderDocument {
  const text = PAGE.repeat(size);
  const pages = Array.from({ length: size }, (_, i) => ({
    start: i * PAGE.length,
    end: (i + 1) * PAGE.length,
  }));
  return { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text, pages };
}

/** Page locations over most of a long paged document, each a different range, with absent cited texts. */
function makePages(size: number): () => unknown {
  const document = pagedDocument(size);
  const citations: ProviderCitation[] = Array.from({ length: Math.ceil(size / 20) }, (_, i) => ({
    document: { index: 0 },
    answer: { start: 0, end: 11 },
    location: { type: 'pages', start: i, end: size },
    citedText: `Das Café schließt um ${i}.`,
  }));
  return () => verifyProviderCitations('Claim here.', citations, [document], { quotes: false });
}

/** A page-located citation per page of a document whose pages all say the same: each first occurs on page 1. */
function makeRepeatedPages(size: number): () => unknown {
  const document = pagedDocument(size);
  const citations: ProviderCitation[] = Array.from({ length: size }, (_, i) => ({
    document: { index: 0 },
    answer: { start: 0, end: 11 },
    location: { type: 'pages', start: i, end: i + 1 },
    citedText: i % 2 === 0 ? PAGE.trim() : `${PAGE.trim()} ${PAGE.trim()}`,
  }));
  return () =>
    verifyProviderCitations('Claim here.', citations, [document], {
      quotes: false,
      policy: 'drop-citation',
    });
}

/** `size` sentences of a report, and a citation of sentence `i` by answer span `[start, end)`, at its offsets. */
function report(size: number) {
  const sentences = Array.from({ length: size }, (_, i) => `Sentence ${i} says the value is ${i * 7} units.`);
  const text = sentences.join(' ');
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  const starts = sentences.map((_, i) => sentences.slice(0, i).join(' ').length + (i === 0 ? 0 : 1));
  const cite = (i: number, start: number, end: number): ProviderCitation => ({
    document: { index: 0 },
    answer: { start, end },
    location: { type: 'offsets', start: starts[i]!, end: starts[i]! + sentences[i]!.length, unit: 'utf16' },
    citedText: sentences[i]!,
  });
  return { sentences, text, document, starts, cite };
}

/** The whole report quoted, cited sentence by sentence, the quotation marks inside the first and last claims. */
function makeLongQuote(size: number): () => unknown {
  const { text, document, starts, sentences, cite } = report(size);
  const answer = `"${text}"`;
  const citations = sentences.map((sentence, i) =>
    cite(i, i === 0 ? 0 : 1 + starts[i]!, 1 + starts[i]! + sentence.length + (i === size - 1 ? 1 : 0)),
  );
  return () => verifyProviderCitations(answer, citations, [document]);
}

/** A made-up quotation of one line, each of its pieces citing every other sentence: spans that tile nothing. */
function makeGappedQuote(size: number): () => unknown {
  const { document, cite } = report(2 * size);
  const pieces = Array.from({ length: size }, (_, i) => `the value is ${i * 7} units`);
  const answer = `"${pieces.join(' ')}"`;
  let at = 1;
  const citations = pieces.map((piece, i) => {
    at = answer.indexOf(piece, at) + piece.length;
    return cite(2 * i, at - piece.length, at);
  });
  return () => verifyProviderCitations(answer, citations, [document]);
}

/** `size` chunks of one file under one id, and a citation per chunk without a location whose text is in the last. */
function makeSharedId(size: number, offsets = false): () => unknown {
  const documents: ProviderDocument[] = Array.from({ length: size }, (_, i) => {
    const text = `Chunk ${i} talks about topic number ${i} in some detail.`;
    return { documentId: 'report.pdf', chunkId: `c${i}`, start: i * 100, end: i * 100 + text.length, text };
  });
  const answer = Array.from({ length: size }, (_, i) => `Claim ${i}.`).join(' ');
  const citations: ProviderCitation[] = Array.from({ length: size }, (_, i) => ({
    document: { ids: ['report.pdf'] },
    answer: {
      start: answer.indexOf(`Claim ${i}.`),
      end: answer.indexOf(`Claim ${i}.`) + `Claim ${i}.`.length,
    },
    citedText: offsets ? `topic number ${i} in none` : `topic number ${size - 1} in some`,
    ...(offsets ? { location: { type: 'offsets', start: 8, end: 30, unit: 'code-point' } as const } : {}),
  }));
  return () => verifyProviderCitations(answer, citations, documents);
}

/** Claims whose text a link in the uncited text runs into, and claims a reference link's label holds. */
function makeLinksBeside(size: number): () => unknown {
  const text = 'The installer is published at https://vendor.example/download.';
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  let answer = '';
  const citations: ProviderCitation[] = [];
  for (let i = 0; i < size; i++) {
    answer += i % 2 === 0 ? 'Get https://' : 'Get the [';
    const claim = i % 2 === 0 ? `evil${i}.example/x` : 'official installer';
    citations.push({
      document: { index: 0 },
      answer: { start: answer.length, end: answer.length + claim.length },
    });
    answer += `${claim}${i % 2 === 0 ? ' now. ' : '] now. '}`;
  }
  answer += `\n\n[Official Installer]: https://evil.example/x`;
  return () => verifyProviderCitations(answer, citations, [document]);
}

/** One label used and defined many times in the uncited text (rt10 #7): only its first definition links it. */
function makeRepeatedDefinitions(size: number): () => unknown {
  const text = 'The vendor installer is published at https://x.example/ for all users.';
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  const claim = 'The [installer][a] is published.';
  const answer = `${claim}\n\n${'See [a] and [a] here.\n'.repeat(size)}\n${'[a]: https://x.example/\n'.repeat(size)}`;
  const citations: ProviderCitation[] = [{ document: { index: 0 }, answer: { start: 0, end: claim.length } }];
  return () => verifyProviderCitations(answer, citations, [document]);
}

/** Claims each after an override left open in the uncited text before it. */
function makeControlsBeside(size: number): () => unknown {
  const text = 'Prices rose by 12% last year.';
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  const answer = 'Prices rose by \u202e12%. '.repeat(size);
  const citations: ProviderCitation[] = Array.from({ length: size }, (_, i) => ({
    document: { index: 0 },
    answer: { start: i * 21 + 16, end: i * 21 + 20 },
  }));
  return () => verifyProviderCitations(answer, citations, [document]);
}

/**
 * Short citations of distinct long spans of one document (each from its own start to the end), default checks: every
 * span would be read whole by the claim checks, the document's length once per citation (a review's repro).
 */
function makeDistinctSpans(size: number): () => unknown {
  const text = `a${' '.repeat(1000 * size)}b.`;
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  const claim = 'It said "the quoted words here" then. ';
  const citations: ProviderCitation[] = Array.from({ length: size }, (_, i) => ({
    document: { index: 0 },
    answer: { start: i * claim.length, end: (i + 1) * claim.length - 1 },
    location: { type: 'offsets', start: 1 + i, end: text.length - 1, unit: 'utf16' },
    citedText: ' b',
  }));
  return () => verifyProviderCitations(claim.repeat(size), citations, [document]);
}

/**
 * One claim and, in a `Sources:` list after it (no claim unit, so every marker there is the claim's), many inline link
 * markers, each citing its own word of one document: each label is checked on a line of its own, with the claim's
 * markers (a review's repro: n = 4000 took 74 s, n = 6000 ran out of memory).
 */
function makeManyMarkers(size: number): () => unknown {
  const words = Array.from({ length: size }, (_, i) => `w${i}`);
  const text = `${words.join(' ')}.`;
  const document: ProviderDocument = { documentId: 'd', chunkId: 'd#0', start: 0, end: text.length, text };
  let answer = 'The notice period is three months.\n\nSources:\n';
  const citations: ProviderCitation[] = [];
  let at = 0;
  for (let i = 0; i < size; i++) {
    answer += `[${i + 1}] `;
    const start = answer.length;
    answer += `[s${i}](#x)\n`;
    citations.push({
      document: { index: 0 },
      answer: { start, end: answer.length - 1, role: 'marker' },
      location: { type: 'offsets', start: at, end: at + words[i]!.length, unit: 'utf16' },
    });
    at += words[i]!.length + 1;
  }
  return () => verifyProviderCitations(answer, citations, [document]);
}

/**
 * One paragraph of sentences, each followed after its full stop by a link (OpenAI's web-search shape), cited twice:
 * by the parenthesised link and by the link inside the parentheses. Each link ends its sentence; before it did, each
 * claim ran from the paragraph's start (a review's repro, r15).
 */
function makeLinksAfterStops(size: number): () => unknown {
  let answer = '';
  const citations: ProviderCitation[] = [];
  const documents: ProviderDocument[] = [];
  for (let i = 0; i < size; i++) {
    const sentence = `Study ${i} found that the treatment reduced symptoms in most adult patients.`;
    const url = `https://site${i % 7}.example/paper/${i}?utm_source=openai`;
    const link = `([site${i % 7}.example](${url}))`;
    answer += `${i === 0 ? '' : ' '}${sentence} `;
    for (const cut of [0, 1]) {
      const answerSpan = { start: answer.length + cut, end: answer.length + link.length - cut };
      citations.push({ document: { ids: [url] }, answer: { ...answerSpan, role: 'marker', url } });
    }
    answer += link;
    const text = `Abstract. ${sentence} Methods follow.`;
    documents.push({ documentId: url, chunkId: `${i}`, start: 0, end: text.length, text, uri: url });
  }
  return () => verifyProviderCitations(answer, citations, documents, { support: {} });
}

/** Many citations sharing one bare URL marker that long runs of spaces, marks and punctuation stand beside. */
function makeBareBeside(size: number): () => unknown {
  const url = 'https://b.example/';
  const before = 'Water is wet.' + ' ('.repeat(size * 20);
  const answer = `${before}${url}${').'.repeat(size * 20)}`;
  const text = 'Intro. Water is wet.';
  const documents: ProviderDocument[] = [
    { documentId: url, uri: url, chunkId: 'c', start: 0, end: text.length, text },
  ];
  const citations: ProviderCitation[] = Array.from({ length: size * 20 }, () => ({
    type: 'url_citation',
    document: { ids: [url] },
    answer: { start: before.length, end: before.length + url.length, role: 'marker', url },
  }));
  return () => verifyProviderCitations(answer, citations, documents);
}

describe('verifyProviderCitations', () => {
  it('grows linearly when many citations share a bare URL marker with long runs beside it', () => {
    const result = makeBareBeside(5)() as { rejected: Array<{ code: string }> };
    expect(new Set(result.rejected.map((claim) => claim.code))).toEqual(new Set(['answer_mismatch']));
    expect(growth(makeBareBeside, 100)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly with the number of citations and the length of what they cite', () => {
    const result = make(50)() as { claims: unknown[]; rejected: unknown[] };
    expect(result.claims.length + result.rejected.length).toBeGreaterThan(0);
    expect(growth(make, 400)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when every claim cites the whole of one long document', () => {
    expect(growth(makeWholeDocument, 300)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when short citations cite distinct long spans of one document, the claim checks on', () => {
    // The spans' text is held to 8 times the documents': past it a claim is refused unchecked.
    const result = makeDistinctSpans(50)() as {
      claims: unknown[];
      rejected: Array<{ code: string; message: string }>;
    };
    const unchecked = result.rejected.filter((claim) => claim.message.endsWith('not checked.'));
    expect(unchecked.length).toBeGreaterThan(0);
    expect(new Set(unchecked.map((claim) => claim.code))).toEqual(new Set(['unsupported']));
    expect(growth(makeDistinctSpans, 50)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when one claim has many inline markers, each with a link label', () => {
    // Each label is checked alone with the claim's markers: past 8 times the lines checked with them, refused unchecked.
    const few = makeManyMarkers(20)() as { claims: Array<{ citations: unknown[] }> };
    expect(few.claims[0]!.citations).toHaveLength(20);
    const many = makeManyMarkers(2000)() as {
      claims: unknown[];
      rejected: Array<{ code: string; message: string }>;
    };
    expect(many.claims).toEqual([]);
    // The list's own numbers name no citation (each is refused), and the claim is refused unchecked.
    const codes = many.rejected.map((claim) => claim.code);
    expect(codes.filter((code) => code === 'marker_out_of_range')).toHaveLength(2000);
    expect(codes.filter((code) => code !== 'marker_out_of_range')).toEqual(['unsupported']);
    expect(many.rejected.find((claim) => claim.code === 'unsupported')!.message).toMatch(/not checked\.$/);
    expect(growth(makeManyMarkers, 300)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when every sentence of a paragraph is followed by its link after the full stop', () => {
    const result = makeLinksAfterStops(100)() as { claims: unknown[]; rejected: unknown[] };
    expect(result.claims).toHaveLength(100);
    expect(result.rejected).toEqual([]);
    expect(growth(makeLinksAfterStops, 100)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when every answer span covers most of the answer', () => {
    expect(growth(makeOverlapping, 600)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when many cited texts without a location are found first inside a word', () => {
    const result = makeInWord(100)() as { claims: unknown[]; rejected: unknown[] };
    expect(result.claims.length + result.rejected.length).toBeGreaterThan(0);
    expect(growth(makeInWord, 2000)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when distinct cited texts occur only inside words', () => {
    const result = makeDistinctInWord(100)() as { rejected: Array<{ code: string }> };
    expect(new Set(result.rejected.map((r) => r.code))).toEqual(new Set(['span_mismatch']));
    expect(growth(makeDistinctInWord, 1000)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when distinct cited texts are absent from a document full of their prefix', () => {
    expect(growth(makeAbsent, 2000)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when every citation counts its answer offsets from a different part of the answer', () => {
    const result = makeWithin(100)() as { claims: unknown[]; rejected: unknown[] };
    expect(result.claims.length + result.rejected.length).toBeGreaterThan(1);
    expect(growth(makeWithin, 300)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when the offsets of every citation fall inside a different flag of one long run', () => {
    const result = makeFlags(100)() as { rejected: Array<{ code: string }> };
    expect(new Set(result.rejected.map((r) => r.code))).toEqual(new Set(['offsets_out_of_range']));
    expect(growth(makeFlags, 2000)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when page locations over most of a document cite absent texts', () => {
    const result = makePages(100)() as { rejected: Array<{ code: string }> };
    expect(new Set(result.rejected.map((r) => r.code))).toEqual(new Set(['span_mismatch']));
    expect(growth(makePages, 400)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when a quotation is cited sentence by sentence, its marks inside the first and last claims', () => {
    const result = makeLongQuote(100)() as { claims: unknown[]; rejected: unknown[] };
    expect(result.rejected).toEqual([]);
    expect(result.claims).toHaveLength(100);
    expect(growth(makeLongQuote, 200)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when a made-up quotation spans many claims whose spans tile nothing', () => {
    const result = makeGappedQuote(100)() as { claims: unknown[]; rejected: Array<{ code: string }> };
    expect(result.claims).toEqual([]);
    expect(new Set(result.rejected.map((r) => r.code))).toEqual(new Set(['quote_not_found']));
    expect(growth(makeGappedQuote, 200)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when every citation names the many chunks of one file by its id', () => {
    const found = makeSharedId(100)() as { claims: Array<{ citations: Array<{ source: number }> }> };
    expect(found.claims.map((claim) => claim.citations[0]!.source)).toEqual(Array(100).fill(100));
    expect(growth((size) => makeSharedId(size), 200)).toBeLessThan(BOUND);
    const located = makeSharedId(100, true)() as { rejected: Array<{ code: string }> };
    expect(new Set(located.rejected.map((r) => r.code))).toEqual(new Set(['span_mismatch']));
    expect(growth((size) => makeSharedId(size, true), 200)).toBeLessThan(BOUND);
  }, 240_000);

  it('grows linearly when links and bidi controls beside many claims are read with them', () => {
    const links = makeLinksBeside(100)() as { claims: unknown[]; rejected: Array<{ code: string }> };
    expect(links.claims).toEqual([]);
    expect(new Set(links.rejected.map((r) => r.code))).toEqual(new Set(['unknown_identifier']));
    expect(growth(makeLinksBeside, 200)).toBeLessThan(BOUND);
    const controls = makeControlsBeside(100)() as { claims: unknown[]; rejected: Array<{ code: string }> };
    expect(controls.claims).toEqual([]);
    expect(growth(makeControlsBeside, 400)).toBeLessThan(BOUND);
  }, 240_000);

  it('grows linearly with many definitions and many uses of one reference label', () => {
    const result = makeRepeatedDefinitions(100)() as {
      claims: unknown[];
      rejected: Array<{ code: string; text: string; duplicates?: unknown[] }>;
    };
    expect(result.claims).toHaveLength(1);
    // The labels in the uncited lines link too, and no citation covers them: one rejection, the rest merged into it
    // (the 200 labels, and the 99 later definitions' own, read as uses: a refusal, never an acceptance).
    expect(result.rejected.map(({ code, text, duplicates }) => [code, text, duplicates?.length])).toEqual([
      ['unknown_identifier', '[a]', 298],
    ]);
    expect(growth(makeRepeatedDefinitions, 200)).toBeLessThan(BOUND);
  }, 120_000);

  it('grows linearly when page-located cited texts first occur on an earlier page', () => {
    const result = makeRepeatedPages(100)() as { citations: unknown[]; rejected: Array<{ code: string }> };
    expect(result.citations).toHaveLength(50);
    expect(new Set(result.rejected.map((r) => r.code))).toEqual(new Set(['location_mismatch']));
    expect(growth(makeRepeatedPages, 400)).toBeLessThan(BOUND);
  }, 120_000);
});
