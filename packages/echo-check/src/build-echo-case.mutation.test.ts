import { describe, expect, it } from 'vitest';
import { buildEchoCase } from './build-echo-case.js';
import { ECHO_TEMPLATES } from './echo-templates.js';

// Pins the default case id, the document layout (chunk ids, blank-line separators) and the unknown-template
// message (mutation testing).

describe('buildEchoCase (mutation-pinned)', () => {
  it('names a case case-<12 hex> when no id is given', () => {
    const ids = new Set<string>();
    for (let round = 0; round < 20; round++) {
      const { caseId } = buildEchoCase();
      expect(caseId).toMatch(/^case-[0-9a-f]{12}$/);
      ids.add(caseId);
    }
    expect(ids.size).toBe(20);
  });

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

  it('lists every known template id, comma-separated, when the id is unknown', () => {
    const known = ECHO_TEMPLATES.map((template) => template.id).join(', ');
    expect(() => buildEchoCase({ templateId: 'nope' })).toThrow(
      new RangeError(`Unknown echo template: expected one of ${known}, received "nope".`),
    );
  });

  it('quotes at most 60 characters of an unknown id', () => {
    const long = `${'x'.repeat(60)}TAIL`;
    expect(() => buildEchoCase({ templateId: long })).toThrow(
      new RangeError(
        `Unknown echo template: expected one of ${ECHO_TEMPLATES.map((template) => template.id).join(', ')}, received "${'x'.repeat(60)}".`,
      ),
    );
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
});
