// A sentence the verifier split at a soft line break is one sentence when rendered: cutting one part of it and
// showing the other may show the opposite of what the model said. Both paths cut every part, streamed or not,
// however the completion arrives.
import { describe, expect, it } from 'vitest';
import type { FinishReason } from '../__fixtures__/mock-models.js';
import { scriptedModel } from '../__fixtures__/mock-models.js';
import { licencePassages as passages } from '../__fixtures__/passages.js';
import { streamingModel } from '../__fixtures__/streaming-models.js';
import type { SynthesisPolicy } from '../synthesize/apply-synthesis-policy.js';
import { buildSynthesisRow } from '../synthesize/build-synthesis-row.js';
import { SynthesisError } from '../synthesize/synthesis-error.js';
import { synthesize } from '../synthesize/synthesize.js';
import { streamSynthesize } from './stream-synthesize.js';

const question = 'What do the licences require?';
const verify = { support: {} }; // FABRICATED is unsupported
const MIT = 'The MIT License is a permissive license [1].';
const GPL = 'The GPL is a copyleft license [2]';
const FABRICATED = 'The GPL requires a fee of 500 euros per copy [2].';

interface Seen {
  error?: string;
  status?: string;
  text?: string;
  claims?: string[];
  rejected?: string[];
}

const seen = (result: Awaited<ReturnType<typeof synthesize>>): Seen => ({
  status: result.status,
  text: result.text,
  claims: result.claims.map((claim) => claim.text),
  rejected: result.rejected.map((claim) => `${claim.code}: ${claim.text}`),
});

async function generated(completion: string, policy: SynthesisPolicy, finishReason: FinishReason) {
  const model = scriptedModel({ text: completion, finishReason });
  try {
    return seen(await synthesize({ model, question, passages, policy, verify }));
  } catch (error) {
    if (!SynthesisError.isInstance(error)) throw error;
    return { error: error.code };
  }
}

/** The stream's outcome, after checking that the text it released is the text it returns. */
async function streamed(
  chunks: readonly string[],
  policy: SynthesisPolicy,
  finishReason: FinishReason,
): Promise<Seen> {
  const model = streamingModel({ chunks, ending: { finishReason } });
  const { events, result } = streamSynthesize({ model, question, passages, policy, verify });
  let released = '';
  try {
    for await (const event of events) {
      if (event.type === 'claim' || event.type === 'done') released += event.text;
    }
    const outcome = await result;
    expect(released).toBe(outcome.text);
    return seen(outcome);
  } catch (error) {
    if (!SynthesisError.isInstance(error)) throw error;
    expect(released).not.toContain('GPL'); // every refusal here is of a sentence about the GPL: never shown
    return { error: error.code };
  }
}

/** The same outcome from `synthesize` and from the stream, one character at a time and in chunks. */
async function outcome(
  completion: string,
  policy: SynthesisPolicy = 'drop-claims',
  finishReason: FinishReason = 'stop',
): Promise<Seen> {
  const whole = await generated(completion, policy, finishReason);
  const cuts = [
    [...completion],
    completion.split(/(?<=[ \n])/),
    completion.split(/(?=\n)/),
    [completion.slice(0, 7), completion.slice(7)],
    [completion],
  ];
  for (const chunks of cuts) expect(await streamed(chunks, policy, finishReason)).toEqual(whole);
  return whole;
}

describe('a sentence split at a soft line break', () => {
  it('cuts what carries on a rejected unit: the rest never shows as a verified answer', async () => {
    for (const lead of [
      'It is false that',
      'Some people wrongly claim:',
      'Only if you pay a fee of 500 EUR first, then',
      '*It is false that*',
    ]) {
      for (const layout of ['\n', '\r\n', ' \n  ', '  \n']) {
        expect(await outcome(`${lead}${layout}${GPL}.`)).toEqual({ error: 'no_accepted_claims' });
        expect(await outcome(`${MIT}\n\n${lead}${layout}${GPL}.`)).toEqual({
          status: 'answered',
          text: MIT,
          claims: [MIT],
          rejected: [`no_marker: ${lead}`, `part_of_rejected_sentence: ${GPL}.`],
        });
      }
    }
  });

  it('cuts a whole chain of lines, inside a block quote or a list item too', async () => {
    const chain = `${MIT}\n\nIt is false that\nthe notice says\n${GPL}.`;
    expect(await outcome(chain)).toMatchObject({ text: MIT, claims: [MIT] });
    // The emptied quote lines stay (`>`), as they do for any unit cut inside a block quote.
    const quoted = await outcome(`${MIT}\n\n> It is false that\n> ${GPL}.`);
    expect(quoted).toMatchObject({ status: 'answered', claims: [MIT] });
    expect(quoted.text).not.toContain('GPL');
    expect(await outcome(`- ${MIT}\n- It is false that\n  ${GPL}.`)).toMatchObject({ text: `- ${MIT}` });
    // A repeat that stands alone stays: the claim is the repeat's place.
    const repeated = `It is false that\n${GPL}.\n\n${GPL}.`;
    expect(await outcome(repeated)).toMatchObject({
      text: `${GPL}.`,
      claims: [`${GPL}.`],
      rejected: ['no_marker: It is false that', `part_of_rejected_sentence: ${GPL}.`],
    });
  });

  it('cuts an accepted unit whose sentence goes on in a rejected one (the qualifier is never dropped)', async () => {
    for (const rest of ['unless the MIT License says otherwise.', 'only in fairy tales.', FABRICATED]) {
      expect(await outcome(`${GPL}\n${rest}`)).toEqual({ error: 'no_accepted_claims' });
      expect(await outcome(`${MIT}\n${GPL}\n${rest}`)).toMatchObject({
        status: 'answered',
        text: MIT,
        claims: [MIT],
      });
    }
  });

  it('cuts the lines before a cut-off last unit of the same sentence', async () => {
    const cutOff = `${MIT}\n${GPL}\nThe MIT License is a permissive license [1]`;
    expect(await outcome(cutOff, 'drop-claims', 'length')).toMatchObject({
      text: MIT,
      rejected: [
        `part_of_rejected_sentence: ${GPL}`,
        'unfinished_claim: The MIT License is a permissive license [1]',
      ],
    });
    // The cut-off unit repeats the claim before it: no rejection of its own, yet its sentence is cut.
    const repeat = `${MIT}\n${GPL}\n${GPL}`;
    expect(await outcome(repeat, 'drop-claims', 'length')).toMatchObject({ text: MIT, claims: [MIT] });
    expect(await outcome(repeat, 'reject-answer', 'length')).toEqual({ error: 'rejected_claims' });
  });

  it('keeps units a sentence end, a blank line or a new block separates from a cut one', async () => {
    const cases = [
      [`An unmarked sentence.\n${GPL}.`, `${GPL}.`],
      [`It is false that\n\n${GPL}.`, `${GPL}.`],
      [`It is false that\n## ${GPL}.`, `## ${GPL}.`],
      [`${GPL}.\nAn unmarked sentence.`, `${GPL}.`],
      [`${GPL}.\n\nunless the MIT License says otherwise.`, `${GPL}.`],
      [`${MIT}\n${GPL}.`, `${MIT}\n${GPL}.`],
      [`${GPL}\n${MIT}`, `${GPL}\n${MIT}`],
    ] as const;
    for (const [completion, text] of cases)
      expect(await outcome(completion)).toMatchObject({ status: 'answered', text });
  });

  it('gives the same refusal under reject-answer, streamed or not', async () => {
    expect(await outcome(`It is false that\n${GPL}.`, 'reject-answer')).toEqual({ error: 'rejected_claims' });
    expect(await outcome(`${GPL}\nonly in fairy tales.`, 'reject-answer')).toEqual({
      error: 'rejected_claims',
    });
  });
});

describe('the row of a refused stream', () => {
  async function rows(completion: string, policy: SynthesisPolicy) {
    const whole = await synthesize({
      model: scriptedModel(completion),
      question,
      passages,
      policy,
      verify,
    }).catch((error: unknown) => error as SynthesisError);
    const stream = streamSynthesize({
      model: streamingModel({ chunks: [...completion] }),
      question,
      passages,
      policy,
      verify,
    });
    const streamedError = await stream.result.catch((error: unknown) => error as SynthesisError);
    expect(SynthesisError.isInstance(whole) && SynthesisError.isInstance(streamedError)).toBe(true);
    return [
      buildSynthesisRow({ queryId: 'q', synthesis: whole }),
      buildSynthesisRow({ queryId: 'q', synthesis: streamedError }),
    ];
  }

  it('counts the claims written, released ones included, as synthesize does', async () => {
    for (const [completion, policy, written] of [
      [`${MIT}\n${GPL}.\n${FABRICATED}`, 'reject-answer', 3],
      [`${MIT} ${GPL}. An unmarked sentence.`, 'reject-answer', 3],
      [`${MIT}\n${MIT}\n${GPL}.\nA claim citing a source never shown [9].`, 'drop-claims', 3],
      [`${MIT}\n${GPL}.\nA claim citing a source never shown [9].`, 'reject-answer', 3],
    ] as const) {
      const [whole, streamedRow] = await rows(completion, policy);
      expect(whole!.claimsWritten).toBe(written);
      expect(streamedRow).toEqual(whole);
    }
  });

  it('counts what the stream read before it stopped', async () => {
    const [, streamedRow] = await rows(`${MIT}\n${FABRICATED}\n${GPL}.`, 'reject-answer');
    expect(streamedRow).toMatchObject({
      status: 'rejected',
      rejectionCode: 'rejected_claims',
      claimsWritten: 2,
    });
  });
});
