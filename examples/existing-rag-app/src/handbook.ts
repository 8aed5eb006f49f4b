import type { Passage } from '@gk/citations';

/** The app's own knowledge base: a small, made-up staff handbook (three documents). */
export const HANDBOOK: Readonly<Record<string, string>> = {
  'travel-expenses': [
    'Travel and expenses',
    'Hotel stays are reimbursed up to 180 EUR per night in most cities and up to 240 EUR per night in London, Paris and New York.',
    'Receipts are required for every expense above 25 EUR. Expenses without a receipt are reimbursed only with written approval from your manager.',
    'Flights are booked in economy class. Business class is allowed only for flights longer than eight hours.',
  ].join('\n\n'),
  'remote-work': [
    'Remote work',
    'Employees may work remotely up to three days per week after their probation period.',
    'Working from another country requires approval from the people team at least four weeks in advance, because of tax and insurance rules.',
  ].join('\n\n'),
  security: [
    'Security basics',
    'Company laptops must use full-disk encryption and lock after five minutes of inactivity.',
    'Report a lost or stolen device to the security team within 24 hours.',
  ].join('\n\n'),
};

/** The handbook split into paragraphs, each a `Passage` with exact offsets into its document. */
export function handbookPassages(): Passage[] {
  const passages: Passage[] = [];
  for (const [documentId, text] of Object.entries(HANDBOOK)) {
    let from = 0;
    text.split('\n\n').forEach((paragraph, ordinal) => {
      const start = text.indexOf(paragraph, from);
      from = start + paragraph.length;
      passages.push({ documentId, chunkId: `${documentId}#${ordinal}`, text: paragraph, start, end: from });
    });
  }
  return passages;
}

/** The app's existing retrieval: the paragraphs sharing the most words with the question. */
export function searchHandbook(question: string, limit = 3): Passage[] {
  const words = new Set(question.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []);
  return handbookPassages()
    .map((passage) => ({
      passage,
      overlap: (passage.text.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []).filter((word) => words.has(word))
        .length,
    }))
    .filter((entry) => entry.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap)
    .slice(0, limit)
    .map((entry) => entry.passage);
}
