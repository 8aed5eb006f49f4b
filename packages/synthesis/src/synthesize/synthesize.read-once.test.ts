// ADR 0059's rule for `synthesize` and `streamSynthesize`: the passages are read once, into frozen plain copies, and
// the prompt, the verification and the citations all use those copies (a review showed the model one text and cited
// another, through a `text` getter that changed after a few reads).
import type { Passage } from '@gk/citations';
import { convertArrayToReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { MockLanguageModel, usage } from '../__fixtures__/mock-models.js';
import { streamSynthesize } from '../stream-synthesize/stream-synthesize.js';
import { synthesize } from './synthesize.js';

const SHOWN = 'The MIT License is a permissive license.';
const LATER = 'The MIT License is a copyleft license...';
const ANSWER = 'The MIT License is a copyleft licence [1].';

/** A passage whose `text` answers `SHOWN` to its first `switchAt - 1` reads and `LATER` from then on. */
function changingPassage(switchAt: number): { passage: Passage; reads: () => number } {
  let reads = 0;
  const passage = {
    documentId: 'mit',
    chunkId: 'c0',
    start: 0,
    end: SHOWN.length,
    get text() {
      reads++;
      return reads >= switchAt ? LATER : SHOWN;
    },
  };
  return { passage, reads: () => reads };
}

/** A model that answers `ANSWER` both ways, recording the prompt it was sent. */
function recordingModel(): { model: MockLanguageModel; prompt: () => string } {
  let prompt = '';
  const model = new MockLanguageModel({
    doGenerate: async (options) => {
      prompt = JSON.stringify(options.prompt);
      return {
        content: [{ type: 'text', text: ANSWER }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      };
    },
    doStream: async (options) => {
      prompt = JSON.stringify(options.prompt);
      return {
        stream: convertArrayToReadableStream([
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: ANSWER },
          { type: 'text-end', id: 't' },
          { type: 'finish', usage, finishReason: { unified: 'stop', raw: 'stop' } },
        ]),
      };
    },
  });
  return { model, prompt: () => prompt };
}

const paths = [
  ['synthesize', (options: Parameters<typeof synthesize>[0]) => synthesize(options)],
  ['streamSynthesize', (options: Parameters<typeof synthesize>[0]) => streamSynthesize(options).result],
] as const;

describe.each(paths)('%s reads each passage once', (_, run) => {
  it.each([2, 3, 4, 5])(
    'checks and cites the text the model was shown, whichever read a getter changes at (read %i)',
    async (switchAt) => {
      const { passage, reads } = changingPassage(switchAt);
      const { model, prompt } = recordingModel();
      const outcome = await run({
        model,
        question: 'What kind of licence is MIT?',
        passages: [passage],
        verify: { support: {} },
      }).then(
        (result) => ({ status: result.status, cited: result.citations.map((citation) => citation.text) }),
        (error: { rejected?: { code: string }[] }) => ({
          status: 'refused',
          rejected: error.rejected?.map((claim) => claim.code),
        }),
      );
      expect(reads()).toBe(1);
      // The model saw the permissive text, so its "copyleft" answer is unsupported by what it was shown.
      expect(prompt()).toContain('permissive');
      expect(prompt()).not.toContain('copyleft license...');
      expect(outcome).toEqual({ status: 'refused', rejected: ['unsupported'] });
    },
  );

  it('reads a Proxy list once for its length and once for each item', async () => {
    const { passage } = changingPassage(Number.POSITIVE_INFINITY);
    const seen: PropertyKey[] = [];
    const list = new Proxy([passage], {
      get(target, key, receiver) {
        seen.push(key);
        return Reflect.get(target, key, receiver);
      },
    });
    const { model } = recordingModel();
    await run({ model, question: 'What kind of licence is MIT?', passages: list }).catch(() => {});
    expect(seen.filter((key) => key === 'length')).toHaveLength(1);
    expect(seen.filter((key) => key === '0')).toHaveLength(1);
  });

  it('uses a copy: a passage changed or added after the call starts is never cited', async () => {
    const list: Passage[] = [{ documentId: 'mit', chunkId: 'c0', text: SHOWN, start: 0, end: SHOWN.length }];
    const { model } = recordingModel();
    const pending = run({ model, question: 'What kind of licence is MIT?', passages: list });
    list[0] = { documentId: 'mit', chunkId: 'c0', text: LATER, start: 0, end: LATER.length };
    list.push({ documentId: 'gpl', chunkId: 'c1', text: LATER, start: 0, end: LATER.length });
    const result = await pending;
    expect(result.citations.map((citation) => citation.text)).toEqual([SHOWN]);
  });
});
