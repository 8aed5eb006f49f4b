// A marker without a URL (container_file_citation) is a link, and only its label is charged to the claim, when
// CommonMark reads the whole marker as one inline link: a destination (`<…>`, or a run without spaces whose
// parentheses balance), an optional title after spaces, and the `)` that ends the marker. Anything else (a space in
// the destination, text after the title, an unescaped quote inside it, an unclosed `<`) is shown as text, so the
// marker is charged whole (rt11 #2). Each shape is checked against marked, the renderer the repository tests with.
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import type { Passage } from '../types.js';
import { checkProviderClaims } from './check-provider-claims.js';
import type { ProviderCitation } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const text = 'Aspirin is used to reduce fever and mild pain, the WHO says.';
const documents = [{ documentId: 'file-1', chunkId: 'f#0', start: 0, end: text.length, text }];
const FAKE = '"aspirin cures cancer in every patient"';
const FILE = 'sandbox:/mnt/data/who.csv';
const before = 'Aspirin reduces fever ';

/** The codes of `Aspirin reduces fever ` then `marker` then `.`, the marker cited as a file (no URL). */
function codes(marker: string): string[] {
  const answer = `${before}${marker}.`;
  const citation: ProviderCitation = {
    type: 'container_file_citation',
    document: { ids: ['file-1'] },
    answer: { start: before.length, end: before.length + marker.length, role: 'marker' },
  };
  const verification = verifyProviderCitations(answer, [citation], documents);
  return verification.status === 'answered' ? [] : verification.rejected.map((claim) => claim.code);
}

/** Whether marked renders the marker as one link (nothing of it shown as text but its label). */
const rendersAsLink = (marker: string): boolean => {
  const html = marked.parse(`${before}${marker}.`, { async: false }) as string;
  return /^<p>Aspirin reduces fever <a [^>]*>[^<]*<\/a>\.<\/p>\n?$/.test(html);
};

describe('verifyProviderCitations: a marker without a URL is a link only as CommonMark reads one', () => {
  it.each([
    `[WHO](${FILE} ${FAKE} extra)`, // text after the title
    `[WHO](${FILE} extra ${FAKE})`, // a space in the destination
    `[WHO](${FILE} "aspirin cures "cancer" in every patient")`, // unescaped quotes inside the title
    `[WHO](<${FILE} ${FAKE})`, // an unclosed `<`
    `[WHO](${FILE} ${FAKE}x)`, // text glued after the title
    `[WHO](<${FILE}>x ${FAKE})`, // text glued after `<…>`
    `[WHO](${FILE} (aspirin (cures) cancer "in every patient"))`, // a `(` inside a parenthesized title
  ])('charges the whole of %j, which is shown as text', (marker) => {
    expect(rendersAsLink(marker)).toBe(false);
    expect(codes(marker)).not.toEqual([]);
  });

  // Where renderers differ (marked reads both as links, CommonMark the first as text and the second with the title
  // in the destination), the marker is charged whole.
  it.each([
    `[WHO](${FILE}( ${FAKE})`, // a `(` the destination leaves open
    `[WHO](${FILE}\u00a0${FAKE})`, // a no-break space between destination and title
  ])('charges the whole of %j, which renderers read differently', (marker) => {
    expect(codes(marker)).not.toEqual([]);
  });

  it.each([
    `[who.csv](${FILE})`,
    `[who.csv](${FILE} "the WHO data")`,
    `[who.csv](${FILE} 'the WHO data')`,
    `[who.csv](${FILE} (the WHO data))`,
    `[who.csv](<${FILE}> "the WHO data")`,
    `[who.csv](<sandbox:/mnt/data/who data.csv>)`,
    `[who.csv](${FILE} "the \\"WHO\\" data")`,
    `[who.csv](sandbox:/mnt/data/who(2023).csv)`,
    `[who.csv](sandbox:/mnt/data/who\\(.csv)`,
    `[who.csv](  ${FILE}  "the WHO data"  )`,
  ])('reads %j as a link: only its label is charged', (marker) => {
    expect(rendersAsLink(marker)).toBe(true);
    expect(codes(marker)).toEqual([]);
  });
});

// CommonMark lets a link run across one line break in a paragraph, but the line the marker starts on may be a heading
// or a table row (which the marker does not show), where the rest is shown as text: such a marker is charged whole.
describe('verifyProviderCitations: a marker without a URL across a line break', () => {
  it.each([
    `[WHO](${FILE}\n${FAKE})`,
    `[WHO](\n${FILE} ${FAKE})`,
    `[WHO](${FILE} "aspirin cures\ncancer in every patient")`,
  ])('charges the whole of %j', (marker) => {
    expect(marked.parse(`# ${before}${marker}.`, { async: false })).toContain(
      'cancer in every patient&quot;',
    );
    expect(codes(marker)).not.toEqual([]);
  });
});

describe('verifyProviderCitations: a part of the answer that is null', () => {
  it('refuses answer.within: null, as it refuses location: null', () => {
    const answer = 'Aspirin is used to reduce fever.';
    const citation = {
      document: { index: 0 },
      answer: { start: 0, end: answer.length, within: null },
    } as unknown as ProviderCitation;
    const verification = verifyProviderCitations(answer, [citation], documents);
    expect(verification.status).not.toBe('answered');
    expect(verification.rejected.map((claim) => claim.code)).toEqual(['answer_out_of_range']);
  });
});

// A marker charged whole (an Assistants `【4:0†file.pdf】` tag) answers for what it quotes and names, not for support
// coverage: its file name is no statement of the claim's (rt11 #6).
describe('checkProviderClaims: markers shown whole', () => {
  const passages: Passage[] = [{ documentId: 'file-1', chunkId: 'f#0', start: 0, end: text.length, text }];
  const citations = [{ source: 1, documentId: 'file-1', chunkId: 'f#0', start: 0, end: text.length, text }];
  const claim = 'Aspirin is used to reduce fever.';

  it('does not read a marker for support', () => {
    const markers = ['【4:0†who-guidelines-2023.pdf】'];
    expect(checkProviderClaims([{ text: claim, citations, markers }], passages, { support: {} })).toEqual([
      null,
    ]);
  });

  it.each([
    `【4:0†${FAKE}】`,
    `[4:0†${FAKE}]`,
    `［4†${FAKE}］`,
    `[Source 4] ${FAKE}`,
    `[^4] ${FAKE}`,
    `[#4] ${FAKE}`,
    `(WHO ${FAKE})`,
  ])('refuses a quotation in a marker: %j', (marker) => {
    const [problem] = checkProviderClaims([{ text: claim, citations, markers: [marker] }], passages, {
      support: {},
    });
    expect(problem?.code).toBe('quote_not_found');
  });

  it('refuses an identifier in a marker', () => {
    const [problem] = checkProviderClaims(
      [{ text: claim, citations, markers: ['【4:0†https://made-up.example/who】'] }],
      passages,
      {},
    );
    expect(problem?.code).toBe('unknown_identifier');
  });
});

describe('verifyProviderCitations: a marker charged whole, end to end', () => {
  const claim = 'Aspirin is used to reduce fever.';
  const run = (marker: string) => {
    const answer = claim + marker;
    const citation: ProviderCitation = {
      type: 'file_citation',
      document: { ids: ['file-1'] },
      answer: { start: claim.length, end: answer.length, role: 'marker' },
    };
    return verifyProviderCitations(answer, [citation], documents, { support: {} });
  };

  it('keeps its words out of the support check, so an honest file marker no longer lowers coverage', () => {
    expect(run('【4:0†who-guidelines-2023.pdf】').status).toBe('answered');
    expect(run('【4:0†source】').status).toBe('answered');
  });

  it('still checks the quotations and identifiers it holds', () => {
    expect(run(`【4:0†${FAKE}】`).rejected.map((r) => r.code)).toEqual(['quote_not_found']);
    // Refused for its sandbox path (an identifier no passage holds) before its quotation is read.
    expect(run(`[WHO](${FILE} ${FAKE} extra)`).status).toBe('rejected');
    expect(run('【4:0†https://evil.example/who】').rejected.map((r) => r.code)).toEqual([
      'unknown_identifier',
    ]);
  });
});
