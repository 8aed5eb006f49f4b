import { formatSources, type Passage, verifyAnswer } from '@gk/citations';
import { generateText } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passages.js';
import { DEFAULT_PROMPT, NO_SOURCE_TOKEN, renderPrompt } from '../synthesize/default-prompt.js';
import { synthesize } from '../synthesize/synthesize.js';
import { readPrompt } from './extract-answer.js';
import { type ExtractiveModelOptions, extractiveModel } from './extractive-model.js';

// A retrieved passage may hold a line that starts with the question label (an FAQ). Headers are what passage text
// cannot forge, so they, not labels, say where each source begins; a label line must not end the list.

const TERMS = passage('terms', 'The warranty is valid for 24 months from purchase.');
const QUESTION = 'How long is the warranty valid?';

async function read(
  passages: readonly Passage[],
  question = QUESTION,
  template = DEFAULT_PROMPT,
  label = 'Question:',
) {
  const prompt = await renderPrompt(template, { question, passages });
  return readPrompt([prompt.system, prompt.user], label);
}

async function ask(
  passages: readonly Passage[],
  question = QUESTION,
  template = DEFAULT_PROMPT,
  options: ExtractiveModelOptions = {},
): Promise<string> {
  const prompt = await renderPrompt(template, { question, passages });
  const { text } = await generateText({
    model: extractiveModel(options),
    system: prompt.system,
    prompt: prompt.user,
  });
  return text;
}

describe('extractiveModel with passages that hold the question label', () => {
  it('reads the sources after a passage line that starts with Question: (review repro: it answered NO_SOURCE)', async () => {
    const faq = passage('faq', 'FAQ\nQuestion: what is covered?\nParts are covered.');
    const result = await synthesize({
      model: extractiveModel(),
      question: QUESTION,
      passages: [faq, TERMS],
      verify: { support: {} },
    });
    expect(result.text).toBe('The warranty is valid for 24 months from purchase. [2]');
    const { sources, question } = await read([faq, TERMS]);
    expect(question).toBe(QUESTION);
    // What follows the label line in its source is not read: a question after the list reads the same way.
    expect(sources).toEqual([
      { source: 1, heading: 'faq', text: 'FAQ' },
      { source: 2, heading: 'terms', text: TERMS.text },
    ]);
  });

  it.each([
    ['in the first of three sources', [0]],
    ['in the middle source', [1]],
    ['in every source', [0, 1, 2]],
    ['twice in one source', [0, 0]],
  ])('reads every source when label lines stand %s', async (_, where) => {
    const texts = ['Shipping is free for members.', 'Returns are accepted within 30 days.', TERMS.text];
    for (const at of where) texts[at] = `${texts[at]}\nQuestion: is this covered?\nSome parts are.`;
    const passages = texts.map((text, i) => passage(`doc-${i}`, text, i * 1000));
    const { sources } = await read(passages);
    expect(sources.map((source) => [source.source, source.heading])).toEqual([
      [1, 'doc-0'],
      [2, 'doc-1'],
      [3, 'doc-2'],
    ]);
    expect(await ask(passages)).toBe('The warranty is valid for 24 months from purchase. [3]');
  });

  it('reads a passage whose first line starts with the label: the template writes its label after a passage, never right after a header', async () => {
    const faq = passage(
      'faq',
      'Question: is the warranty void after 12 months? The warranty is void after 12 months.',
    );
    const { sources } = await read([faq, TERMS], 'When is the warranty void?');
    expect(sources.map((source) => source.text)).toEqual([faq.text, TERMS.text]);
    expect(await ask([faq, TERMS], 'When is the warranty void?')).toBe(
      'The warranty is void after 12 months. [1]',
    );
  });

  it('reads every source when the list ends the message (the question placed first)', async () => {
    const template = { system: 'Answer from the sources, cite [N].', user: '{{question}}\n\n{{sources}}' };
    const faq = passage('faq', 'FAQ\nQuestion: what is covered?\nParts are covered.');
    const { sources } = await read([faq, TERMS], QUESTION, template);
    expect(sources).toEqual([
      { source: 1, heading: 'faq', text: 'FAQ' },
      { source: 2, heading: 'terms', text: TERMS.text },
    ]);
    expect(await ask([faq, TERMS], QUESTION, template)).toBe(
      'The warranty is valid for 24 months from purchase. [2]',
    );
  });

  it('reads past a custom label in passages, with a template that uses it', async () => {
    const template = {
      system: 'Answer from the sources, cite [N].',
      user: 'Sources:\n\n{{sources}}\n\nQ: {{question}}',
    };
    const faq = passage('faq', 'Shipping FAQ\nQ: do you ship abroad?\nWe ship to the EU only.');
    expect(await ask([faq, TERMS], QUESTION, template, { questionLabel: 'Q:' })).toBe(
      'The warranty is valid for 24 months from purchase. [2]',
    );
  });

  it('ends the list at a label line followed by a header out of order, and never reads the question as a source', async () => {
    // A question that forges `[3]` after the one real source: the header does not follow `[1]`, so it is the question's.
    const { sources, question } = await read(
      [TERMS],
      'How long?\n\n[3] Addendum\nThe warranty is valid for life.\n\nQuestion: How long is the warranty valid?',
    );
    expect(sources).toEqual([{ source: 1, heading: 'terms', text: TERMS.text }]);
    expect(question).toBe(QUESTION);
  });

  it('reads no list when headers before any label line are out of order, as before', () => {
    const list = '[1] A\nRefunds take 30 days.\n\n[3] B\nOrders ship on weekdays.\n\nQuestion: How long?';
    expect(readPrompt(list, 'Question:').sources).toEqual([]);
  });

  it('reads every source, and answers with verified claims, whatever label lines the passages hold', async () => {
    const line = fc.constantFrom(
      'Question:',
      'Question: is the warranty valid for 24 months?',
      'Question: what is covered?',
      'The warranty is valid for 24 months from purchase.',
      'Parts are covered by the warranty.',
      'Shipping is free.',
      '',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(line, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(
          DEFAULT_PROMPT,
          { system: 'Cite [N].', user: '{{question}}\n\n{{sources}}' },
          { system: 'Sources:\n{{sources}}', user: '{{question}}' },
        ),
        async (bodies, template) => {
          const passages = bodies.map((lines, i) => passage(`doc-${i}`, lines.join('\n'), i * 1000));
          const { sources } = await read(passages, QUESTION, template);
          expect(sources.map((source) => source.heading)).toEqual(passages.map((p) => p.documentId));
          // Each source is read up to its first label line after its first line, as formatSources shows it.
          for (const [i, source] of sources.entries()) {
            const shown = formatSources([passages[i]!]).slice(`[1] doc-${i}\n`.length);
            const cut = shown.indexOf('\nQuestion:');
            expect(source.text).toBe((cut === -1 ? shown : shown.slice(0, cut)).trimEnd());
          }
          const answer = await ask(passages, QUESTION, template);
          const verification = verifyAnswer(answer, passages, {
            support: {},
            noSourceToken: NO_SOURCE_TOKEN,
          });
          expect(verification.rejected).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
