// Linear time when many marker citations share one long marker span (rt11 #3): reading a marker as a link reads at
// most a bounded prefix of it (a label, a destination and a title, or the URL), never the whole marker once per
// citation. n citations over a marker of about 6n characters, against 8n over 48n. The method (CPU time of n against
// 8n, least of several runs) is the repository's: see tests/adversarial/linear-time.test.ts.
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { markedAnswer, WHO_DOCUMENTS, WHO_URL as url } from '../__fixtures__/who-marker.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const FILLER = 'a `b` ';

const SHAPES = {
  // a long label (code spans and all) before a file destination, cited without a URL
  'label, no URL': (size: number) => `[${FILLER.repeat(size)}](sandbox:/mnt/data/who.csv)`,
  // the same label before the URL, cited with it
  'label, URL': (size: number) => `[${FILLER.repeat(size)}](${url})`,
  // a short link to the URL, then a long tail inside the marker span
  'tail, URL': (size: number) => `[WHO](${url}) ${FILLER.repeat(size)}`,
  // a short file link, then a long tail
  'tail, no URL': (size: number) => `[WHO](sandbox:/x) ${FILLER.repeat(size)}`,
} as const;

function make(shape: keyof typeof SHAPES): (size: number) => () => unknown {
  return (size) => {
    const { answer, citation } = markedAnswer(SHAPES[shape](size), shape.endsWith(', URL'));
    const citations = Array.from({ length: size }, () => citation);
    return () => verifyProviderCitations(answer, citations, WHO_DOCUMENTS);
  };
}

describe('verifyProviderCitations: many citations over one long marker', () => {
  it.each(Object.keys(SHAPES) as Array<keyof typeof SHAPES>)(
    'grows linearly in the citations and the marker (%s)',
    (shape) => {
      expect((make(shape)(1000)() as { status: string }).status).toBe('rejected');
      expect(growth(make(shape), 1000)).toBeLessThan(BOUND);
    },
    120_000,
  );
});
