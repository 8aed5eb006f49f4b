import type { Passage } from '@gk/citations';
import { checkArgument, InvalidArgumentError, isOptional, readOptions } from '@gk/internal';
import { ECHO_TEMPLATES, type EchoTemplate } from './echo-templates.js';
import { generateMarker } from './generate-marker.js';
import { pick, randomInt } from './random-int.js';

/** One synthetic document of an echo case, with the passage that carries its marker. */
export interface EchoDocument {
  documentId: string;
  /** The whole document; every passage's `text` equals `text.slice(passage.start, passage.end)`. */
  text: string;
  /** Every passage of the document, in order. */
  passages: Passage[];
  /** The passage carrying `marker` and `value` (one of `passages`). */
  passage: Passage;
  marker: string;
  subject: string;
  /** The answer value written in `passage`. */
  value: string;
}

/** A planted-marker case: the question, the positive document (marker A), the decoy (marker B), marker C. */
export interface EchoCase {
  caseId: string;
  templateId: string;
  question: string;
  /** Holds the answer; its passage carries marker A. */
  positive: EchoDocument;
  /** Same wording, different subject and value; its passage carries marker B. */
  decoy: EchoDocument;
  /** Marker C: written in no document, passage or question. */
  absentMarker: string;
}

/** Options for `buildEchoCase`. */
export interface BuildEchoCaseOptions {
  caseId?: string;
  /** A template id from `ECHO_TEMPLATES`; a random one when omitted. */
  templateId?: string;
}

const SEPARATOR = '\n\n';

/**
 * Builds one echo case from a template with fresh random subjects, values, markers and document ids.
 *
 * @example
 * const echoCase = buildEchoCase({ templateId: 'recipe' });
 * echoCase.positive.passage.text.includes(echoCase.positive.marker); // true
 */
export function buildEchoCase(options: BuildEchoCaseOptions = {}): EchoCase {
  const { caseId, templateId } = readOptions(options, ['caseId', 'templateId']);
  checkArgument(isOptional(caseId, 'string'), 'options.caseId', 'a string', caseId);
  const template = findTemplate(templateId);
  const subject = template.subject();
  const decoySubject = distinct(template.subject, subject);
  // No value may be part of the positive's name (`Kestrel Q27` and 27 minutes): an answer naming the positive
  // (`Q-27`) would seem to state it, the positive's own value included.
  const value = distinct(template.value, subject);
  const decoyValue = distinct(template.value, value, subject);
  return {
    caseId: caseId ?? `case-${randomHex()}`,
    templateId: template.id,
    question: template.question(subject),
    positive: buildDocument(template, subject, value),
    decoy: buildDocument(template, decoySubject, decoyValue),
    absentMarker: generateMarker(),
  };
}

function findTemplate(id: string | undefined): EchoTemplate {
  if (id === undefined) return pick(ECHO_TEMPLATES);
  const template = ECHO_TEMPLATES.find((candidate) => candidate.id === id);
  if (!template) {
    throw new InvalidArgumentError({
      parameter: 'options.templateId',
      expected: `one of ${ECHO_TEMPLATES.map((candidate) => candidate.id).join(', ')}`,
      received: id,
    });
  }
  return template;
}

// Neither may contain the other ("Heron Z6" in "Heron Z65", "14" in "114"), so each names only its own
// document. Templates draw from dozens to thousands of combinations, so a few draws always find one.
function distinct(draw: () => string, ...others: string[]): string {
  for (;;) {
    const candidate = draw();
    if (others.every((other) => !candidate.includes(other) && !other.includes(candidate))) return candidate;
  }
}

function buildDocument(template: EchoTemplate, subject: string, value: string): EchoDocument {
  const documentId = `doc-${randomHex()}`;
  const marker = generateMarker();
  const texts = template.context.map((write) => write(subject));
  const index = randomInt(0, texts.length);
  texts.splice(index, 0, template.statement(subject, marker, value));
  const title = template.title(subject);
  const passages: Passage[] = [];
  let offset = 0;
  for (const [position, text] of texts.entries()) {
    passages.push({
      documentId,
      chunkId: `${documentId}#${position + 1}`,
      text,
      start: offset,
      end: offset + text.length,
      title,
    });
    offset += text.length + SEPARATOR.length;
  }
  return {
    documentId,
    text: texts.join(SEPARATOR),
    passages,
    passage: passages[index]!,
    marker,
    subject,
    value,
  };
}

function randomHex(): string {
  return generateMarker().slice(-12);
}
