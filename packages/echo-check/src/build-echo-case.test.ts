import { parseMarkers } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { buildEchoCase, type EchoCase, type EchoDocument } from './build-echo-case.js';
import { ECHO_TEMPLATES } from './echo-templates.js';
import { findDecoyStatement } from './find-decoy-statement.js';

const MARKER = /GK-ECHO-[0-9a-f]{32}/g;

function everyText(echoCase: EchoCase): string[] {
  const documentTexts = (document: EchoDocument): string[] => [
    document.documentId,
    document.text,
    ...document.passages.flatMap((passage) => [passage.text, passage.chunkId, passage.title ?? '']),
  ];
  return [
    echoCase.question,
    echoCase.caseId,
    ...documentTexts(echoCase.positive),
    ...documentTexts(echoCase.decoy),
  ];
}

// The passage with its marker, subject and value blanked out: what the two documents share word for word.
const skeleton = (document: EchoDocument): string =>
  document.passage.text
    .replace(document.marker, '<M>')
    .replace(document.subject, '<S>')
    .replace(new RegExp(`\\b${document.value}\\b`), '<V>');

const count = (text: string, part: string): number => text.split(part).length - 1;

describe('buildEchoCase', () => {
  describe('documents', () => {
    it.each(ECHO_TEMPLATES.map((template) => template.id))(
      'gives every passage of %s real offsets in its document',
      (templateId) => {
        for (let i = 0; i < 30; i++) {
          const echoCase = buildEchoCase({ templateId });
          for (const document of [echoCase.positive, echoCase.decoy]) {
            expect(document.passages.length).toBeGreaterThanOrEqual(3);
            expect(document.passages).toContain(document.passage);
            for (const passage of document.passages) {
              expect(passage.documentId).toBe(document.documentId);
              expect(document.text.slice(passage.start, passage.end)).toBe(passage.text);
            }
          }
        }
      },
    );
    it('numbers chunks <documentId>#1.. and joins passages with one blank line', () => {
      for (const template of ECHO_TEMPLATES) {
        const echoCase = buildEchoCase({ templateId: template.id });
        for (const document of [echoCase.positive, echoCase.decoy]) {
          expect(document.documentId).toMatch(/^doc-[0-9a-f]{12}$/);
          expect(document.passages.map((passage) => passage.chunkId)).toEqual(
            document.passages.map((_, position) => `${document.documentId}#${position + 1}`),
          );
          expect(document.text).toBe(document.passages.map((passage) => passage.text).join('\n\n'));
          expect(document.passages[0]!.start).toBe(0);
          for (let position = 1; position < document.passages.length; position++) {
            const previous = document.passages[position - 1]!;
            const passage = document.passages[position]!;
            expect(passage.start).toBe(previous.end + 2);
            expect(document.text.slice(previous.end, passage.start)).toBe('\n\n');
          }
          expect(document.passages.at(-1)!.end).toBe(document.text.length);
        }
      }
    });

    it('plants A once in the positive passage, B once in the decoy passage, and C nowhere', () => {
      for (let i = 0; i < 200; i++) {
        const echoCase = buildEchoCase();
        const { positive, decoy, absentMarker } = echoCase;
        expect(new Set([positive.marker, decoy.marker, absentMarker]).size).toBe(3);
        expect(count(positive.text, positive.marker)).toBe(1);
        expect(positive.passage.text).toContain(positive.marker);
        expect(count(decoy.text, decoy.marker)).toBe(1);
        expect(decoy.passage.text).toContain(decoy.marker);
        expect(decoy.text).not.toContain(positive.marker);
        expect(positive.text).not.toContain(decoy.marker);
        for (const text of everyText(echoCase)) expect(text).not.toContain(absentMarker.slice(8));
        // Exactly two markers exist in everything a pipeline could ever be shown.
        expect(everyText(echoCase).join('\n').match(MARKER)?.sort()).toEqual(
          [positive.marker, decoy.marker, positive.marker, decoy.marker].sort(),
        );
      }
    });

    it('makes the decoy the same wording with another subject, value and marker', () => {
      for (let i = 0; i < 2000; i++) {
        const { positive, decoy, question } = buildEchoCase();
        expect(decoy.subject).not.toBe(positive.subject);
        expect(decoy.value).not.toBe(positive.value);
        expect(positive.passage.text).toContain(positive.value);
        expect(decoy.passage.text).toContain(decoy.value);
        expect(skeleton(decoy)).toBe(skeleton(positive));
        for (const hole of ['<M>', '<S>', '<V>']) expect(skeleton(positive)).toContain(hole);
        expect(question).toContain(positive.subject);
        expect(question).not.toContain(decoy.subject);
        expect(positive.subject).not.toContain(decoy.subject);
        expect(positive.value).not.toContain(decoy.value);
        expect(decoy.value).not.toContain(positive.value);
      }
    });

    it('never draws a decoy subject or value that contains, or is contained in, the positive one', () => {
      // Where containment is possible at all: product codes ("Heron Z6" in "Heron Z65"), notice periods ("14" in
      // "114") and boiling points ("41" in "141"). Thousands of draws per template make a slip all but certain to
      // show; the property itself holds on every draw.
      for (const templateId of ['product-spec', 'contract-term', 'lab-measurement']) {
        for (let round = 0; round < 4000; round++) {
          const { positive, decoy } = buildEchoCase({ templateId });
          const pairs = [
            [positive.subject, decoy.subject],
            [positive.value, decoy.value],
          ] as const;
          for (const [a, b] of pairs) {
            if (a.includes(b) || b.includes(a)) expect.fail(`${templateId}: "${a}" and "${b}" overlap`);
          }
        }
      }
    });

    it("never draws a decoy value that is part of the positive's name (`Kestrel Q27` and 27 minutes)", () => {
      for (let round = 0; round < 2000; round++) {
        const { positive, decoy } = buildEchoCase({ templateId: 'product-spec' });
        if (positive.subject.includes(decoy.value)) expect.fail(`${positive.subject} holds ${decoy.value}`);
      }
    });

    it("states the decoy's value and subject only in the decoy: never in the positive passage or question", () => {
      // So an answer stating them answered from the decoy, and the scorer always looks for them (it skips a value or
      // subject the positive passage or question states too). Checked on every template, 1,000 draws each.
      for (const { id: templateId } of ECHO_TEMPLATES) {
        for (let round = 0; round < 1000; round++) {
          const echoCase = buildEchoCase({ templateId });
          const { positive, decoy, question } = echoCase;
          const blind = {
            ...echoCase,
            question: '',
            positive: { ...positive, passage: { ...positive.passage, text: '' } },
          };
          const shown = [
            positive.passage.text,
            question,
            ...positive.passages.map((passage) => passage.text),
          ];
          for (const text of shown) {
            const found = findDecoyStatement(text, blind);
            if (found.value || found.subject)
              expect.fail(`${templateId}: ${JSON.stringify(found)} in "${text}"`);
          }
          expect(findDecoyStatement(decoy.passage.text, echoCase)).toEqual({ value: true, subject: true });
        }
      }
    });

    it('writes no citation marker into any document or question', () => {
      for (let i = 0; i < 100; i++) {
        for (const text of everyText(buildEchoCase())) expect(parseMarkers(text)).toEqual([]);
      }
    });
  });

  describe('variation', () => {
    it('varies template, question, document ids and the position of the answer-bearing passage', () => {
      const cases = Array.from({ length: 120 }, () => buildEchoCase());
      expect(new Set(cases.map((c) => c.templateId)).size).toBe(ECHO_TEMPLATES.length);
      expect(new Set(cases.map((c) => c.question)).size).toBeGreaterThan(60);
      expect(new Set(cases.flatMap((c) => [c.positive.documentId, c.decoy.documentId])).size).toBe(240);
      expect(new Set(cases.map((c) => c.positive.passages.indexOf(c.positive.passage))).size).toBeGreaterThan(
        1,
      );
    });

    it('does not reveal which document is the positive in ids or titles', () => {
      const { positive, decoy } = buildEchoCase();
      for (const text of [
        positive.documentId,
        decoy.documentId,
        positive.passage.chunkId,
        decoy.passage.chunkId,
      ]) {
        expect(text).not.toMatch(/positive|decoy|answer/i);
      }
      expect(positive.documentId).toMatch(/^doc-[0-9a-f]{12}$/);
    });

    it('names a case case-<12 hex> when no id is given', () => {
      const ids = new Set<string>();
      for (let round = 0; round < 20; round++) {
        const { caseId } = buildEchoCase();
        expect(caseId).toMatch(/^case-[0-9a-f]{12}$/);
        ids.add(caseId);
      }
      expect(ids.size).toBe(20);
    });

    it('keeps a given case id and template', () => {
      const echoCase = buildEchoCase({ caseId: 'case-7', templateId: 'recipe' });
      expect(echoCase.caseId).toBe('case-7');
      expect(echoCase.templateId).toBe('recipe');
    });
  });

  describe('word overlap', () => {
    const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

    it('gives the positive passage strictly more words of the question than the decoy, in every template', () => {
      for (let i = 0; i < 3000; i++) {
        const { question, positive, decoy } = buildEchoCase();
        const asked = words(question);
        const shared = (text: string): string[] => [...words(text)].filter((word) => asked.has(word));
        const decoyShared = shared(decoy.passage.text);
        expect(shared(positive.passage.text).length).toBeGreaterThan(decoyShared.length);
        // The decoy shares only template wording, never its subject or value, with the question.
        for (const word of decoyShared) expect(words(positive.passage.text).has(word)).toBe(true);
      }
    });
  });

  describe('unknown templates', () => {
    const known = ECHO_TEMPLATES.map((template) => template.id).join(', ');

    it('refuses an unknown template with an InvalidArgumentError naming the known ones', () => {
      for (const templateId of [
        '',
        'nope',
        '__proto__',
        'constructor',
        'x'.repeat(100_000),
        '\u0000',
        '\ud800',
        5,
        null,
      ]) {
        expect(() => buildEchoCase({ templateId: templateId as string })).toThrow(
          expect.objectContaining({ name: 'InvalidArgumentError', parameter: 'options.templateId' }),
        );
      }
      expect(() => buildEchoCase({ templateId: '__proto__' })).toThrow(/expected one of product-spec/);
    });

    it('lists every known template id, comma-separated, and the id received', () => {
      expect(() => buildEchoCase({ templateId: 'nope' })).toThrow(
        `Invalid options.templateId: expected one of ${known}, received the string "nope".`,
      );
    });

    it('never prints a long unknown id whole', () => {
      expect(() => buildEchoCase({ templateId: `${'x'.repeat(60)}TAIL` })).toThrow(
        `Invalid options.templateId: expected one of ${known}, received a string of length 64.`,
      );
    });
  });
});
