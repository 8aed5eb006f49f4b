// The label of an inline citation pairs its brackets as CommonMark does: `\]`, a `]` in a code span and nested brackets
// stay inside the label. A marker without a URL (container_file_citation) that reads as no link is charged to its claim
// whole, never left unread (rt10 #5).
import { describe, expect, it } from 'vitest';
import { markedAnswer, WHO_DOCUMENTS, WHO_FILE as FILE, WHO_URL as url } from '../__fixtures__/who-marker.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

const FAKE = '"aspirin cures cancer in every patient"';

/** The codes of `Aspirin reduces fever ` then `marker` then `.`, the marker cited with `url` (or as a file without). */
function codes(marker: string, withUrl = false): string[] {
  const { answer, citation } = markedAnswer(marker, withUrl);
  const verification = verifyProviderCitations(answer, [citation], WHO_DOCUMENTS);
  return verification.status === 'answered' ? [] : verification.rejected.map((claim) => claim.code);
}

describe('verifyProviderCitations: link labels read as CommonMark pairs their brackets', () => {
  it.each([
    `[WHO \\] ${FAKE}](${FILE})`,
    `[WHO \`]\` ${FAKE}](${FILE})`,
    `[WHO \`\`a]\`\` ${FAKE}](${FILE})`,
    `[WHO [2023] ${FAKE}](${FILE})`,
    `[WHO [a [b]] \\[ ${FAKE}](${FILE})`,
    `([WHO \\] ${FAKE}](${FILE}))`,
  ])('refuses a quotation in the label of a marker without a URL: %j', (marker) => {
    expect(codes(marker)).toEqual(['quote_not_found']);
  });

  it.each([
    `[WHO](${FILE}) ${FAKE} (x)`, // the link closes before the marker ends: the rest is shown
    `[WHO ${FAKE}](${FILE}) and (more)`,
    `[WHO [a](b) ${FAKE}](${FILE})`, // a label holds no link: its brackets are text
    `[WHO\n${FAKE}](${FILE})`,
    `[WHO ${FAKE} ${'x'.repeat(1000)}](${FILE})`,
    `[WHO ${FAKE}] (${FILE})`,
    `WHO ${FAKE}`,
    `[WHO ${FAKE}`,
  ])('charges the whole of a marker without a URL that reads as no link: %j', (marker) => {
    expect(codes(marker)).not.toEqual([]);
  });

  it.each([`[who.csv](${FILE})`, `[who.csv](${FILE} "the WHO data")`, `[WHO \\[2023\\]](${FILE})`, FILE, ''])(
    'accepts an honest marker without a URL: %j',
    (marker) => {
      expect(codes(marker)).toEqual([]);
    },
  );

  it.each([
    `[Nature \\[2023\\]](${url})`,
    `[WHO \`a]b\`](${url})`,
    `[WHO [2023]](${url})`,
    `[WHO [a [b]]](${url})`,
    `([WHO \\]](${url}))`,
  ])('accepts an honest url_citation whose label holds a bracket: %j', (marker) => {
    expect(codes(marker, true)).toEqual([]);
  });

  it.each([`[WHO \\] ${FAKE}](${url})`, `[WHO [2023] ${FAKE}](${url})`, `[WHO \`]\` ${FAKE}](${url})`])(
    'refuses a quotation in such a url_citation label: %j',
    (marker) => {
      expect(codes(marker, true)).toEqual(['quote_not_found']);
    },
  );

  it.each([
    `[WHO] x [y](${url})`,
    `[[WHO](${url})`,
    `[WHO [a](b)](${url})`,
    `[WHO\n](${url})`,
    `[${'['.repeat(2000)}](${url})`,
  ])('refuses a url_citation marker that is no link to its URL: %j', (marker) => {
    expect(codes(marker, true)).toEqual(['answer_mismatch']);
  });
});
