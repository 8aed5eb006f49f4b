import { streamText, wrapLanguageModel } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MockLanguageModel, textStream } from '../__fixtures__/mock-models.js';
import { promptSeenByModel } from '../__fixtures__/prompt-seen-by-model.js';
import {
  generatedThrough,
  partTexts,
  providerStream,
  restoredParts,
} from '../__fixtures__/restored-parts.js';
import type { CallOptions, GenerateResult, StreamPart } from '../model-types.js';
import { DEFAULT_REDACTION_PATTERNS } from './default-redaction-patterns.js';
import { redactionMiddleware } from './redaction-middleware.js';
import { compilePatterns, Redactor } from './redactor.js';

const EMAIL = 'ada.lovelace@example.org';
const PERSON = { name: 'person', pattern: /\bAda Lovelace\b/ };
const WHOLE =
  'Mail ada.lovelace@example.org or call +44 20 7946 0958 from 192.168.10.42 with key ' +
  'sk-proj-abcdefghijklmnop1234567890, db password=hunter2; Ada Lovelace signs.';
const VALUES = [
  'ada.lovelace@example.org',
  '+44 20 7946 0958',
  '192.168.10.42',
  'sk-proj-',
  'hunter2',
  'Ada Lovelace',
];

type Prompt = CallOptions['prompt'];

/** What the model reads when `prompt` goes through the middleware. */
const seenBy = (prompt: Prompt): Promise<Prompt> =>
  promptSeenByModel(prompt, redactionMiddleware({ patterns: [PERSON] }));

/** `text` cut at `cuts` (positions, any order, repeats allowed). */
function cut(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts)].sort((a, b) => a - b);
  return [0, ...points].map((start, i) => text.slice(start, points[i] ?? text.length));
}

const joinedText = (parts: readonly unknown[]): string =>
  (parts as Array<{ text?: string }>).map((part) => part.text ?? '').join('');

describe('redactionMiddleware: values split across the text parts of one message', () => {
  const redactedWhole = new Redactor(compilePatterns([...DEFAULT_REDACTION_PATTERNS, PERSON]), [
    WHOLE,
  ]).redact(WHOLE);
  const cuts = fc.array(fc.integer({ min: 1, max: WHOLE.length - 1 }), { minLength: 1, maxLength: 8 });

  it('sends user, assistant and reasoning runs exactly as the joined text redacted, however it is cut', async () => {
    await fc.assert(
      fc.asyncProperty(cuts, async (points) => {
        const pieces = cut(WHOLE, points);
        const seen = await seenBy([
          { role: 'user', content: pieces.map((text) => ({ type: 'text', text })) },
          { role: 'assistant', content: pieces.map((text) => ({ type: 'reasoning', text })) },
          { role: 'assistant', content: pieces.map((text) => ({ type: 'text', text })) },
        ]);
        for (const message of seen) {
          expect(joinedText(message.content as unknown[])).toBe(redactedWhole);
          for (const value of VALUES) expect(JSON.stringify(message)).not.toContain(value);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('redacts the text items of a tool result as one text', async () => {
    await fc.assert(
      fc.asyncProperty(cuts, async (points) => {
        const [message] = await seenBy([
          {
            role: 'tool',
            content: [
              {
                type: 'tool-result',
                toolCallId: '1',
                toolName: 'lookup',
                output: {
                  type: 'content',
                  value: cut(WHOLE, points).map((text) => ({ type: 'text', text })),
                },
              },
            ],
          },
        ]);
        const output = (message!.content[0] as { output: { value: unknown[] } }).output;
        expect(joinedText(output.value)).toBe(redactedWhole);
      }),
      { numRuns: 100 },
    );
  });

  it('puts a token in the part where its value starts and drops a part it empties, unless it has options', async () => {
    const [message] = await seenBy([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Mail ada@exa' },
          { type: 'text', text: 'mple' },
          { type: 'text', text: '.org now; key sk-proj-abcdefghij' },
          {
            type: 'text',
            text: 'klmnopqrstuvwxyz0123456789',
            providerOptions: { anthropic: { cacheControl: {} } },
          },
          { type: 'text', text: ' thanks' },
        ],
      },
    ]);
    expect(message?.content).toEqual([
      { type: 'text', text: 'Mail [EMAIL_1]' },
      { type: 'text', text: ' now; key [SECRET_1]' },
      { type: 'text', text: '', providerOptions: { anthropic: { cacheControl: {} } } },
      { type: 'text', text: ' thanks' },
    ]);
  });

  it('reserves a token written literally across two parts, so it never stands for a value', async () => {
    const [message] = await seenBy([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Template [EMA' },
          { type: 'text', text: `IL_1] stays; ${EMAIL} goes.` },
        ],
      },
    ]);
    expect(joinedText(message!.content as unknown[])).toBe('Template [EMAIL_1] stays; [EMAIL_2] goes.');
  });

  it('keeps runs apart where another part stands between them', async () => {
    const [message] = await seenBy([
      {
        role: 'user',
        content: [
          { type: 'text', text: `To ${EMAIL}` },
          { type: 'file', mediaType: 'image/png', data: new Uint8Array([1]) },
          { type: 'text', text: 'from 10.0.0.1' },
        ],
      },
    ]);
    expect((message!.content as unknown[]).map((part) => (part as { text?: string }).text)).toEqual([
      'To [EMAIL_1]',
      undefined,
      'from [IPV4_1]',
    ]);
  });

  it('hides a value split across parts end to end, through streamText', async () => {
    const inner = new MockLanguageModel({ doStream: async () => ({ stream: textStream(['ok']) }) });
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const result = streamText({
      model,
      system: 'Be brief.',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Mail ada@exa' },
            { type: 'text', text: 'mple.org please; key sk-proj-abcdefghij' },
            { type: 'text', text: 'klmnopqrstuvwxyz0123456789ABCD' },
          ],
        },
      ],
    });
    await result.consumeStream();
    const seen = JSON.stringify(inner.doStreamCalls[0]?.prompt);
    for (const value of ['ada@exa', 'mple.org', 'abcdefghij', 'klmnop']) expect(seen).not.toContain(value);
    expect(seen).toContain('Mail [EMAIL_1]');
    expect(seen).toContain(' please; key [SECRET_1]');
  });
});

const text = (id: string, ...deltas: string[]): StreamPart[] => [
  { type: 'text-start', id },
  ...deltas.map((delta) => ({ type: 'text-delta' as const, id, delta })),
  { type: 'text-end', id },
];

/** The parts the middleware streams for `parts`, the prompt holding EMAIL. */
const restored = (parts: readonly StreamPart[]) => restoredParts(parts, `Mail ${EMAIL}.`);

describe('redactionMiddleware: tokens split across stream parts', () => {
  const TOKEN = '[EMAIL_1]';

  it('restores a token split between two text parts at every point, however the next part arrives', async () => {
    for (let at = 1; at < TOKEN.length; at++) {
      const rest = `${TOKEN.slice(at)} now`;
      for (const deltas of [[rest], [...rest]]) {
        const out = await restored([...text('a', 'Write to ', TOKEN.slice(0, at)), ...text('b', ...deltas)]);
        expect(partTexts(out)).toEqual({ a: `Write to ${EMAIL}`, b: ' now' });
      }
    }
  });

  it('restores every token cut by part boundaries, with deltas cut anywhere', async () => {
    const answer = `Mail [EMAIL_1] now, [EMAIL_1] again, [NOT_A_TOKEN] [EMAIL_2] and [EMAIL_1][EMAIL_1] [EMA`;
    const positions = fc.uniqueArray(fc.integer({ min: 1, max: answer.length - 1 }), { maxLength: 10 });
    await fc.assert(
      fc.asyncProperty(positions, positions, async (ends, cuts) => {
        const boundaries = [...ends].sort((a, b) => a - b);
        const parts = cut(answer, boundaries).flatMap((piece, i) => {
          const start = i === 0 ? 0 : (boundaries[i - 1] as number);
          const inside = cuts.filter((c) => c > start && c < start + piece.length).map((c) => c - start);
          return text(`p${i}`, ...cut(piece, inside));
        });
        const out = await restored(parts);
        expect(Object.values(partTexts(out)).join('')).toBe(answer.replaceAll('[EMAIL_1]', EMAIL));
      }),
      { numRuns: 300 },
    );
  });

  it('gives result.text and the steps the restored value', async () => {
    const inner = new MockLanguageModel({
      doStream: async () => ({
        stream: providerStream([...text('a', 'Write to [EMA'), ...text('b', 'IL_1] now')]),
      }),
    });
    const model = wrapLanguageModel({ model: inner, middleware: redactionMiddleware() });
    const result = streamText({ model, prompt: `Mail ${EMAIL}.` });
    expect(await result.text).toBe(`Write to ${EMAIL} now`);
    expect((await result.content).map((part) => (part as { text?: string }).text)).toEqual([
      `Write to ${EMAIL}`,
      ' now',
    ]);
  });

  it('restores reasoning split between two reasoning parts', async () => {
    const out = await restored([
      { type: 'reasoning-start', id: 'r1' },
      { type: 'reasoning-delta', id: 'r1', delta: 'I will mail [EMAIL' },
      { type: 'reasoning-end', id: 'r1' },
      { type: 'reasoning-start', id: 'r2' },
      { type: 'reasoning-delta', id: 'r2', delta: '_1] now' },
      { type: 'reasoning-end', id: 'r2' },
    ]);
    expect(partTexts(out, 'reasoning')).toEqual({ r1: `I will mail ${EMAIL}`, r2: ' now' });
  });

  it('leaves text that does not complete a token in the part that holds it', async () => {
    const cases: Array<[string, string]> = [
      ['see [EMA', 'X] and ['],
      ['see [EMAIL_1', '0] ok'],
      ['see [', 'NOT_A_TOKEN_1]'],
      ['see [EMAIL_', ''],
    ];
    for (const [a, b] of cases) {
      const out = await restored([...text('a', a), ...text('b', ...(b === '' ? [] : [b]))]);
      expect(partTexts(out)).toEqual({ a, b });
    }
  });

  it('holds nothing past a part in between or the end of the stream, and keeps each part its text', async () => {
    const between: StreamPart[][] = [
      [
        { type: 'reasoning-start', id: 'r' },
        { type: 'reasoning-delta', id: 'r', delta: 'hm' },
        { type: 'reasoning-end', id: 'r' },
      ],
      [{ type: 'tool-call', toolCallId: 'c', toolName: 'x', input: '{}' }],
    ];
    for (const parts of between) {
      const out = await restored([...text('a', 'Write to [EMA'), ...parts, ...text('b', 'IL_1] now')]);
      expect(partTexts(out)).toMatchObject({ a: 'Write to [EMA', b: 'IL_1] now' });
    }
    const out = await restored(text('a', 'Write to [EMA'));
    expect(partTexts(out)).toEqual({ a: 'Write to [EMA' });
    expect(out.at(-1)?.type).toBe('finish');
  });
});

describe('redactionMiddleware: tokens split across generated parts', () => {
  const generated = (content: GenerateResult['content']) => generatedThrough(content, `Mail ${EMAIL}.`);

  it('restores a token split across consecutive text or reasoning parts', async () => {
    const result = await generated([
      { type: 'reasoning', text: 'I will mail [EMA' },
      { type: 'reasoning', text: 'IL_1].' },
      { type: 'text', text: 'Write to [' },
      { type: 'text', text: 'EMAIL_' },
      { type: 'text', text: '1] now' },
    ]);
    expect(result.text).toBe(`Write to ${EMAIL} now`);
    expect(result.reasoningText).toBe(`I will mail ${EMAIL}.`);
  });
});
