import { describe, expect, it } from 'vitest';
import { loadLicences } from '../../demo/src/load-licences.js';
import { GOLDEN_SET } from './golden-set.js';

describe('GOLDEN_SET', () => {
  const texts = new Map(loadLicences().map((licence) => [licence.id, licence.text]));

  it('has 10 to 20 questions with unique ids and at least one gold span each', () => {
    expect(GOLDEN_SET.length).toBeGreaterThanOrEqual(10);
    expect(GOLDEN_SET.length).toBeLessThanOrEqual(20);
    expect(new Set(GOLDEN_SET.map((golden) => golden.id)).size).toBe(GOLDEN_SET.length);
    for (const golden of GOLDEN_SET) expect(golden.gold.length).toBeGreaterThan(0);
  });

  it('quotes every gold span exactly: document.slice(start, end) === text', () => {
    for (const golden of GOLDEN_SET) {
      for (const span of golden.gold) {
        const document = texts.get(span.documentId);
        expect(document, span.documentId).toBeDefined();
        expect(span.start).toBeLessThan(span.end);
        expect(document?.slice(span.start, span.end)).toBe(span.text);
      }
    }
  });
});
