// OpenAI's web search writes each link after the full stop of the sentence it cites (`One. ([a](u)) Two. ([b](v))`),
// where the sentence splitter sees no break (a lower-case label follows the stop): a link there ends its sentence, and
// the next claim starts after it (found by a review, r15; these tests fail against the code before).
import { describe, expect, it } from 'vitest';
import type {
  ProviderCitation,
  ProviderDocument,
  VerifyProviderCitationsOptions,
} from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

// A gpt-4o-mini web_search answer, verbatim (from a public repository's verification log).
const OPENAI_ANSWER =
  'The CAP theorem states that a distributed system cannot simultaneously achieve consistency, availability, and partition tolerance. ([en.wikipedia.org](https://en.wikipedia.org/wiki/Network_partition?utm_source=openai)) The FLP impossibility result proves that no deterministic algorithm in a purely asynchronous system can guarantee consensus when even one process may crash. ([hld.handbook.academy](https://hld.handbook.academy/curriculum/distributed-systems-theory/consensus-protocols/?utm_source=openai)) The DecisionBFT protocol achieves consensus without additional communication overhead during network partitions. ([mdpi.com](https://www.mdpi.com/2227-7390/8/10/1673?utm_source=openai))';
const SENTENCES = [
  'The CAP theorem states that a distributed system cannot simultaneously achieve consistency, availability, and partition tolerance.',
  'The FLP impossibility result proves that no deterministic algorithm in a purely asynchronous system can guarantee consensus when even one process may crash.',
  'The DecisionBFT protocol achieves consensus without additional communication overhead during network partitions.',
];
const LINK = /\(\[[^\]]+\]\((https:[^)]+)\)\)/g;

/**
 * One url_citation per `([host](url))` in `answer` (code points, as OpenAI counts; `inner`: the span without the outer
 * parentheses), and one document per link holding `pages[i]`.
 */
function verifyLinks(
  answer: string,
  pages: readonly string[],
  options: VerifyProviderCitationsOptions & { inner?: boolean } = {},
) {
  const { inner = false, ...rest } = options;
  const cut = inner ? 1 : 0;
  const links = [...answer.matchAll(LINK)];
  const codePoints = (utf16: number) => [...answer.slice(0, utf16)].length;
  const citations: ProviderCitation[] = links.map((link) => ({
    type: 'url_citation',
    document: { ids: [link[1]!] },
    answer: {
      start: codePoints(link.index + cut),
      end: codePoints(link.index + link[0].length - cut),
      unit: 'code-point',
      role: 'marker',
      url: link[1]!,
    },
  }));
  const documents: ProviderDocument[] = links.map((link, i) => {
    const text = `Intro. ${pages[i]} More.`;
    return { documentId: link[1]!, chunkId: `${i}`, start: 0, end: text.length, text, uri: link[1]! };
  });
  return verifyProviderCitations(answer, citations, documents, rest);
}
const cited = (verification: ReturnType<typeof verifyLinks>) =>
  verification.claims.map((claim) => [claim.text, claim.citations.map((c) => c.source)]);

describe('verifyProviderCitations: a link after a full stop', () => {
  it.each([false, true])(
    'reads each sentence of a real OpenAI answer as the claim of the link after it (span inside the parentheses: %s)',
    (inner) => {
      const verification = verifyLinks(OPENAI_ANSWER, SENTENCES, { inner });
      expect(verification.rejected).toEqual([]);
      expect(cited(verification)).toEqual(SENTENCES.map((sentence, i) => [sentence, [i + 1]]));
    },
  );

  it.each([false, true])(
    'charges each sentence to its own link only: a made-up one after a true one is refused (inside: %s)',
    (inner) => {
      const answer = OPENAI_ANSWER.replace(SENTENCES[1]!, 'Paxos was invented by a committee of penguins.');
      const options = { inner, support: {}, identifiers: [] };
      const verification = verifyLinks(answer, SENTENCES, options);
      expect(cited(verification)).toEqual([
        [SENTENCES[0], [1]],
        [SENTENCES[2], [3]],
      ]);
      expect(verification.rejected).toMatchObject([
        { code: 'unsupported', text: 'Paxos was invented by a committee of penguins.', markers: [2] },
      ]);
    },
  );

  it.each([false, true])(
    'ends a sentence at a group of links after its stop, after ! ? and 。, and after closing quotes and emphasis (inside: %s)',
    (inner) => {
      const link = (host: string) => `([${host}](https://${host}/?utm_source=openai))`;
      const answer = `Aspirin reduces fever. ${link('a.example')} Ibuprofen relieves pain. ${link('b.example')} ${link('h.example')} Is it safe? ${link('c.example')}, ${link('g.example')} It said "yes!" ${link('d.example')} **It works.** ${link('e.example')} 它有效。${link('f.example')}`;
      const claims = [
        'Aspirin reduces fever.',
        'Ibuprofen relieves pain.',
        'Is it safe?',
        'It said "yes!"',
        '**It works.**',
        '它有效。',
      ];
      const [fever, pain, safe] = claims;
      const verification = verifyLinks(answer, [fever!, pain!, pain!, safe!, ...claims.slice(2)], { inner });
      expect(verification.rejected).toEqual([]);
      expect(cited(verification)).toEqual([
        [fever, [1]],
        [pain, [2, 3]],
        [safe, [4, 5]],
        [claims[3], [6]],
        [claims[4], [7]],
        [claims[5], [8]],
      ]);
    },
  );

  it('still reads words between two links as a claim of the second, and a link in mid-sentence as words of the next', () => {
    const link = (host: string) => `([${host}](https://${host}/?utm_source=openai))`;
    const quoted = `Aspirin reduces fever. ${link('a.example')} and "it cures cancer" ${link('b.example')}`;
    const verification = verifyLinks(quoted, ['Aspirin reduces fever.', 'Aspirin reduces fever.']);
    expect(cited(verification)).toEqual([['Aspirin reduces fever.', [1]]]);
    expect(verification.rejected).toMatchObject([{ code: 'quote_not_found', text: 'and "it cures cancer"' }]);
    const middle = `Aspirin reduces fever ${link('a.example')} and pain. ${link('b.example')}`;
    const pages = ['Aspirin reduces fever', 'Aspirin reduces fever and pain.'];
    expect(verifyLinks(middle, pages).rejected.map((claim) => claim.code)).toEqual(['unknown_identifier']);
  });

  it('leaves no opening parenthesis at the end of a claim whose link span is inside it', () => {
    const verification = verifyLinks(OPENAI_ANSWER.slice(0, OPENAI_ANSWER.indexOf(')) ') + 2), SENTENCES, {
      inner: true,
    });
    expect(cited(verification)).toEqual([[SENTENCES[0], [1]]]);
  });
});
