import { formatSources, parseMarkers } from '@gk/citations';
import { InvalidArgumentError } from '@gk/internal';
import { hashPromptTemplate } from '@gk/model-kit';
import { APICallError, wrapLanguageModel } from 'ai';
import { describe, expect, it } from 'vitest';
import {
  AI_MAJOR,
  type FinishReason,
  forbiddenModel,
  generateResult,
  MockLanguageModel,
  replyResult,
  scriptedModel,
} from '../__fixtures__/mock-models.js';
import { licencePassages as passages, passage } from '../__fixtures__/passages.js';
import { DEFAULT_PROMPT, NO_SOURCE_TOKEN } from './default-prompt.js';
import { extractiveModel } from '../extractive-model/extractive-model.js';
import { redactionMiddleware } from '../redaction/redaction-middleware.js';
import { SynthesisError } from './synthesis-error.js';
import { synthesize } from './synthesize.js';

const GOOD = 'The GPL version 3 is compatible with the Apache License 2.0 [2].';
const MIT = 'The MIT License is a permissive license [1].';

// Nothing visible: soft hyphen, bidi controls, a tag character, variation selectors, Hangul fillers, ZWSP.
const INVISIBLE_ONLY = [
  '\u00ad',
  '\u202e\u2066\u200f\u061c',
  '\u{e0041}\u{e007f}',
  '\ufe0f\u{e0100}',
  '\u115f\u1160\u3164\uffa0',
  '\u200b\u200d\ufeff \u00ad\n',
];

async function synthesisError(promise: Promise<unknown>): Promise<SynthesisError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toEqual(expect.any(SynthesisError));
  return error as SynthesisError;
}

describe('synthesize', () => {
  it('answers with citations built from passages[n - 1], the model identity, prompt hash and usage', async () => {
    const model = scriptedModel(GOOD);
    const result = await synthesize({ model, question: 'Is GPL-3.0 compatible with Apache-2.0?', passages });
    expect(result.status).toBe('answered');
    expect(result.text).toBe(GOOD);
    expect(result.completion).toBe(GOOD);
    expect(result.citations).toEqual([
      {
        source: 2,
        documentId: 'gpl-3.0',
        chunkId: 'gpl-3.0#400',
        start: 400,
        end: 400 + passages[1]!.text.length,
        text: passages[1]!.text,
      },
    ]);
    expect(result.rejected).toEqual([]);
    expect(result.verification.status).toBe('answered');
    expect(result.model).toEqual({ provider: 'mock-provider', modelId: 'mock-model' });
    expect(result.promptHash).toBe(await hashPromptTemplate(DEFAULT_PROMPT));
    expect(result.usage).toEqual({ inputTokens: 11, outputTokens: 7, totalTokens: 18 });
    expect(result.attempts).toBe(1);
  });

  it('sends the default instructions and a user message holding the numbered sources and the question', async () => {
    const model = scriptedModel(GOOD);
    await synthesize({
      model,
      question: 'Is GPL-3.0 compatible?',
      passages,
      temperature: 0,
      maxOutputTokens: 300,
    });
    expect(model.doGenerateCalls).toHaveLength(1);
    const call = model.doGenerateCalls[0]!;
    expect(call.temperature).toBe(0);
    expect(call.maxOutputTokens).toBe(300);
    expect(call.prompt[0]).toEqual({ role: 'system', content: DEFAULT_PROMPT.system });
    const user = call.prompt[1]!;
    expect(user.role).toBe('user');
    const text = user.role === 'user' && user.content[0]?.type === 'text' ? user.content[0].text : '';
    expect(text).toBe(`Sources:\n\n${formatSources(passages)}\n\nQuestion: Is GPL-3.0 compatible?`);
    const whole = `${DEFAULT_PROMPT.system}\n${text}`;
    expect(parseMarkers(whole).map((marker) => marker.numbers)).toEqual([[1], [2], [3]]);
  });

  it('resolves [1][2] and [1, 2] alike and collapses duplicates in first-mention order', async () => {
    const answer =
      'The Apache License 2.0 grants an express patent license [3][1]. The GPL is a copyleft license [2, 3]. ' +
      'Licensed works may be distributed under different terms [1].';
    const result = await synthesize({ model: scriptedModel(answer), question: 'q?', passages });
    expect(result.citations.map((citation) => citation.source)).toEqual([3, 1, 2]);
    expect(result.verification.claims.map((claim) => claim.citations.map((c) => c.source))).toEqual([
      [3, 1],
      [2, 3],
      [1],
    ]);
  });

  it('treats an answer without any marker, or the no-source token, as an abstention with no citations', async () => {
    for (const completion of [
      'I could not find this in the sources.',
      NO_SOURCE_TOKEN,
      ` ${NO_SOURCE_TOKEN}\n`,
    ]) {
      const result = await synthesize({ model: scriptedModel(completion), question: 'q?', passages });
      expect(result).toMatchObject({
        status: 'abstained',
        citations: [],
        rejected: [],
        text: '',
        completion,
      });
      expect(result.verification.status).toBe('abstained');
    }
  });

  it('refuses zero passages and a blank question before any model call', async () => {
    const model = forbiddenModel();
    expect((await synthesisError(synthesize({ model, question: 'q?', passages: [] }))).code).toBe(
      'no_passages',
    );
    for (const question of ['', '   \n', ...INVISIBLE_ONLY]) {
      const error = await synthesisError(synthesize({ model, question, passages }));
      expect(error.code).toBe('empty_question');
      expect(error.attempts).toBe(0);
    }
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('refuses bad options with an InvalidArgumentError naming the option, before any model call', async () => {
    const model = forbiddenModel();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ passages: 'not a list' }, 'options.passages', 'an array of passages'],
      [{ passages: undefined }, 'options.passages', 'an array of passages'],
      [{ question: 42 }, 'options.question', 'a string'],
      [{ model: undefined }, 'options.model', 'an AI SDK language model'],
      [{ policy: 'keep-everything' }, 'options.policy', "'reject-answer' or 'drop-claims'"],
      [{ retry: { maxAttempts: 0 } }, 'options.retry.maxAttempts', 'an integer in 1..5'],
      [{ retry: { maxAttempts: 6 } }, 'options.retry.maxAttempts', 'an integer in 1..5'],
      [{ retry: { maxAttempts: 1.5 } }, 'options.retry.maxAttempts', 'an integer in 1..5'],
      [{ retry: { maxAttempts: Number.NaN } }, 'options.retry.maxAttempts', 'an integer in 1..5'],
      // A misspelt key would leave retry at one attempt, silently.
      [{ retry: { maxAttemps: 3 } }, 'options.retry.maxAttemps', 'no such option'],
      [{ retry: { maxAttempts: 2, backoff: 100 } }, 'options.retry.backoff', 'no such option'],
      [{ prompt: { system: 'x', user: 'no slots' } }, 'options.prompt', '{{sources}} exactly once, found 0'],
      [{ prompt: { system: 'Cite [1].', user: '{{sources}}{{question}}' } }, 'options.prompt', '1 citation'],
    ];
    for (const [override, parameter, expected] of cases) {
      const error = await synthesize({ model, question: 'q?', passages, ...override } as never).catch(
        (caught: unknown) => caught,
      );
      expect(error).toEqual(expect.any(InvalidArgumentError));
      expect((error as InvalidArgumentError).parameter).toBe(parameter);
      expect((error as InvalidArgumentError).message).toContain(expected);
    }
    const notAnObject = await synthesize(null as never).catch((caught: unknown) => caught);
    expect((notAnObject as InvalidArgumentError).parameter).toBe('options');
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('fails a blank completion with empty_completion', async () => {
    for (const completion of ['', ' \n\t', ...INVISIBLE_ONLY]) {
      const error = await synthesisError(
        synthesize({ model: scriptedModel(completion), question: 'q?', passages }),
      );
      expect(error.code).toBe('empty_completion');
      expect(error.verification).toBeUndefined();
      expect(error.attempts).toBe(1);
    }
  });

  it('fails any out-of-range marker under both policies, naming the numbers, never the text', async () => {
    const answer = `${GOOD} The MIT License is a permissive license [9]. It is old [0]. Huge [99999999999999999999].`;
    for (const policy of ['reject-answer', 'drop-claims'] as const) {
      const error = await synthesisError(
        synthesize({ model: scriptedModel(answer), question: 'q?', passages, policy }),
      );
      expect(error.code).toBe('marker_out_of_range');
      expect(error.message).toBe(
        'The answer cites [9], [0] and [a number past 2^53], outside the 3 source(s) shown (1..3).',
      );
      expect(error.verification?.rejected.map((claim) => claim.code)).toEqual([
        'marker_out_of_range',
        'marker_out_of_range',
        'marker_out_of_range',
      ]);
    }
  });

  it("refuses an answer with any rejected claim under 'reject-answer', carrying the verification", async () => {
    const answer = `${GOOD} Unmarked claim about licensing.`;
    const error = await synthesisError(
      synthesize({ model: scriptedModel(answer), question: 'q?', passages }),
    );
    expect(error.code).toBe('rejected_claims');
    expect(error.message).toBe(
      "1 of 2 claim(s) failed verification (1 no_marker); policy 'reject-answer' refuses the answer.",
    );
    expect(error.verification?.claims).toHaveLength(1);
    expect(error.verification?.rejected[0]).toMatchObject({
      code: 'no_marker',
      text: 'Unmarked claim about licensing.',
    });
  });

  it("keeps the survivors under 'drop-claims', cuts the rejected claims out of the text and lists them", async () => {
    const answer = `Unmarked opening claim. ${GOOD} Another unmarked claim.\nThe MIT License is a permissive license [1].`;
    const result = await synthesize({
      model: scriptedModel(answer),
      question: 'q?',
      passages,
      policy: 'drop-claims',
    });
    expect(result.status).toBe('answered');
    expect(result.text).toBe(`${GOOD}\nThe MIT License is a permissive license [1].`);
    expect(result.completion).toBe(answer);
    expect(result.rejected.map((claim) => [claim.code, claim.text])).toEqual([
      ['no_marker', 'Unmarked opening claim.'],
      ['no_marker', 'Another unmarked claim.'],
    ]);
    expect(result.citations.map((citation) => citation.source)).toEqual([2, 1]);
  });

  it("cuts every copy of a rejected claim and leaves no empty bullets under 'drop-claims'", async () => {
    const answer = [
      'Unmarked claim.',
      `- ${GOOD}`,
      '- Unmarked claim.',
      '- The MIT License is a permissive license [1].',
      '1. Unicorns wrote it [2].',
    ].join('\n');
    const result = await synthesize({
      model: scriptedModel(answer),
      question: 'q?',
      passages,
      policy: 'drop-claims',
      verify: { support: {} },
    });
    expect(result.text).toBe(`- ${GOOD}\n- The MIT License is a permissive license [1].`);
    expect(result.verification.duplicatesMerged).toBe(1);
    expect(result.rejected.map((claim) => claim.code)).toEqual(['no_marker', 'unsupported']);
  });

  it('fails an answer whose marked claims all fail with no_accepted_claims, under both policies', async () => {
    const answer = 'Unicorns wrote the GPL on the moon [2]. Bananas are licensed by NASA [1].';
    for (const policy of ['reject-answer', 'drop-claims'] as const) {
      const error = await synthesisError(
        synthesize({
          model: scriptedModel(answer),
          question: 'q?',
          passages,
          policy,
          verify: { support: {} },
        }),
      );
      expect(error.code).toBe('no_accepted_claims');
      expect(error.message).toBe('None of the 2 claim(s) in the answer verified: 2 unsupported.');
    }
  });

  it('leaves the lexical support check off unless verify.support asks for it', async () => {
    const paraphrase = 'Version three of the GPL works together with Apache software [2].';
    const relaxed = await synthesize({ model: scriptedModel(paraphrase), question: 'q?', passages });
    expect(relaxed.status).toBe('answered');
    const strict = await synthesisError(
      synthesize({ model: scriptedModel(paraphrase), question: 'q?', passages, verify: { support: {} } }),
    );
    expect(strict.code).toBe('no_accepted_claims');
    // Identifier rules are on by default: a DOI the passages do not contain is rejected even with a marker.
    const doi = await synthesisError(
      synthesize({
        model: scriptedModel('The GPL is described in doi:10.1000/xyz123 [2].'),
        question: 'q?',
        passages,
      }),
    );
    expect(doi.verification?.rejected[0]?.code).toBe('unknown_identifier');
  });

  it('makes exactly one call by default, and records attempts when a retry was opted into', async () => {
    const once = scriptedModel('Bad claim [9].', GOOD);
    const error = await synthesisError(synthesize({ model: once, question: 'q?', passages }));
    expect(error.attempts).toBe(1);
    expect(once.doGenerateCalls).toHaveLength(1);

    const twice = scriptedModel('Bad claim [9].', GOOD);
    const result = await synthesize({ model: twice, question: 'q?', passages, retry: { maxAttempts: 2 } });
    expect(result.attempts).toBe(2);
    expect(result.usage).toEqual({ inputTokens: 22, outputTokens: 14, totalTokens: 36 });
    // The retry sends the same prompt again: nothing is repaired, no "fix your citations" turn.
    expect(twice.doGenerateCalls[1]?.prompt).toEqual(twice.doGenerateCalls[0]?.prompt);

    const exhausted = scriptedModel('', 'Bad [7].', 'Unmarked claim. Marked claim [1].');
    const last = await synthesisError(
      synthesize({ model: exhausted, question: 'q?', passages, retry: { maxAttempts: 3 } }),
    );
    expect(last.code).toBe('rejected_claims');
    expect(last.attempts).toBe(3);
  });

  it('does not retry an abstention', async () => {
    const model = scriptedModel(NO_SOURCE_TOKEN, GOOD);
    const result = await synthesize({ model, question: 'q?', passages, retry: { maxAttempts: 3 } });
    expect(result).toMatchObject({ status: 'abstained', attempts: 1 });
  });

  it('passes AI SDK errors through unchanged', async () => {
    const apiError = new APICallError({
      message: 'Service Unavailable',
      url: 'http://127.0.0.1/v1/chat/completions',
      requestBodyValues: {},
      statusCode: 503,
      isRetryable: true,
    });
    const model = new MockLanguageModel({
      doGenerate: async () => {
        throw apiError;
      },
    });
    await expect(
      synthesize({ model, question: 'q?', passages, maxRetries: 0, retry: { maxAttempts: 3 } }),
    ).rejects.toBe(apiError);
    expect(model.doGenerateCalls).toHaveLength(1);
  });

  it('never puts the completion, the passages or the question into an error message', async () => {
    const secret = 'SECRET-7f3a';
    const secretPassages = [passage('doc', `The ${secret} passage states a fact.`)];
    const question = `What is ${secret}?`;
    const completions = [
      '',
      `${secret} claim [4].`,
      `${secret} first [1]. ${secret} unmarked.`,
      `${secret} bananas orbit mars quickly [1].`,
    ];
    for (const completion of completions) {
      const error = await synthesisError(
        synthesize({
          model: scriptedModel(completion),
          question,
          passages: secretPassages,
          verify: { support: {} },
        }),
      );
      expect(error.message).not.toContain(secret);
      expect(error.message).not.toContain('fact');
    }
  });

  it('restores redacted values before markers are parsed when the model is wrapped with redactionMiddleware', async () => {
    const contact = passage(
      'contact',
      'Licensing questions go to legal@example.org by e-mail. The office is in Berlin.',
    );
    const inner = extractiveModel();
    const seen: string[] = [];
    const spy = wrapLanguageModel({
      model: inner,
      middleware: {
        specificationVersion: 'v3',
        transformParams: async ({ params }) => {
          seen.push(JSON.stringify(params.prompt));
          return params;
        },
      },
    });
    const model = wrapLanguageModel({ model: spy, middleware: redactionMiddleware() });
    const result = await synthesize({
      model,
      question: 'Where do licensing questions go?',
      passages: [contact],
      verify: { support: {} },
    });
    expect(seen[0]).not.toContain('legal@example.org');
    expect(seen[0]).toContain('[EMAIL_1]');
    expect(result.text).toBe('Licensing questions go to legal@example.org by e-mail. [1]');
    expect(result.citations[0]?.documentId).toBe('contact');
    expect(result.model).toEqual({ provider: 'groundkit', modelId: 'extractive' });
  });

  it('rejects a restored value in a claim whose cited passage never held it (the model moved a token)', async () => {
    const refunds = passage('refunds', 'Refunds are handled by alice@corp.example within 30 days.');
    const complaints = passage('complaints', 'Complaints go to mallory@evil.example at any time.');
    // The model sees [EMAIL_1] and [EMAIL_2] and writes passage 2's token in a claim that cites passage 1.
    const model = wrapLanguageModel({
      model: scriptedModel('Refunds are handled by [EMAIL_2] within 30 days. [1]'),
      middleware: redactionMiddleware(),
    });
    for (const verify of [{}, { support: {} }]) {
      const error = await synthesisError(
        synthesize({ model, question: 'Who handles refunds?', passages: [refunds, complaints], verify }),
      );
      expect(error.code).toBe('no_accepted_claims');
      expect(error.verification?.rejected.map((r) => r.code)).toEqual(['unknown_identifier']);
    }
    // Written where it belongs, it is accepted.
    const right = wrapLanguageModel({
      model: scriptedModel('Refunds are handled by [EMAIL_1] within 30 days. [1]'),
      middleware: redactionMiddleware(),
    });
    const result = await synthesize({
      model: right,
      question: 'Who handles refunds?',
      passages: [refunds, complaints],
    });
    expect(result.text).toBe('Refunds are handled by alice@corp.example within 30 days. [1]');
  });

  it.each([
    ['a lone surrogate', '\ud800 patents?'],
    ['right-to-left override', '\u202e patents?'],
    ['NUL', 'patents\u0000?'],
    ['a __proto__ key', '{"__proto__": {"polluted": true}} patents?'],
    ['a fence with prose around it', 'Tell me:\n```\npatents\n```\nthanks'],
  ])('answers a question containing %s from the passages alone', async (_, question) => {
    const hostile = passage(
      'odd',
      'Patents are granted \ud83d\ude00 \u202e\u0000 by offices. {"__proto__": 1} [[[[ text.',
    );
    const result = await synthesize({
      model: extractiveModel(),
      question,
      passages: [hostile],
      verify: { support: {} },
    });
    expect(result.status).toBe('answered');
    expect(result.citations.map((citation) => citation.documentId)).toEqual(['odd']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('passes an abort through as the AI SDK raises it', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await synthesize({
      model: extractiveModel(),
      question: 'patents?',
      passages,
      abortSignal: controller.signal,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(SynthesisError.isInstance(error)).toBe(false);
  });

  it('throws the abort reason for an aborted signal even when the model does not read it, and never calls it', async () => {
    const controller = new AbortController();
    const reason = new Error('The user left the page.');
    controller.abort(reason);
    const model = scriptedModel(MIT);
    const error = await synthesize({ model, question: 'q?', passages, abortSignal: controller.signal }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBe(reason);
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('makes no further attempt once the caller has aborted', async () => {
    const controller = new AbortController();
    let calls = 0;
    // The caller aborts while the first, refused reply comes back; a model that ignores the signal would answer.
    const model = new MockLanguageModel({
      doGenerate: async () => {
        calls += 1;
        if (calls === 1) controller.abort();
        return replyResult(calls === 1 ? 'Bad claim [9].' : MIT);
      },
    });
    const error = await synthesize({
      model,
      question: 'q?',
      passages,
      retry: { maxAttempts: 3 },
      abortSignal: controller.signal,
    }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(calls).toBe(1);
  });
});

describe('synthesize: how the model stopped', () => {
  const CUT = 'The Apache License 2.0 grants an express';

  it('rejects the last claim of a completion cut at the output limit as unfinished_claim, even when it verifies', async () => {
    // Without the finish reason this last claim verifies ([1] resolves, the support check is off) and is shown.
    const completion = `${GOOD} The MIT License is a permissive [1]`;
    const result = await synthesize({
      model: scriptedModel({ text: completion, finishReason: 'length' }),
      question: 'q?',
      passages,
      policy: 'drop-claims',
    });
    expect(result).toMatchObject({ status: 'answered', text: GOOD, finishReason: 'length' });
    expect(result.claims.map((claim) => claim.text)).toEqual([GOOD]);
    expect(result.citations.map((citation) => citation.source)).toEqual([2]);
    expect(result.rejected).toEqual([
      {
        text: 'The MIT License is a permissive [1]',
        span: { start: GOOD.length + 1, end: completion.length },
        code: 'unfinished_claim',
        markers: [1],
        message:
          'Claim "The MIT License is a permissive [1]" was cut off: the model stopped (finish reason \'length\') before finishing it.',
      },
    ]);
    // The verification is verifyAnswer's own, untouched: it accepted the cut claim.
    expect(result.verification.claims).toHaveLength(2);
    expect(result.verification.citations.map((citation) => citation.source)).toEqual([2, 1]);
  });

  it('counts a finish reason the AI SDK does not define, or none, as unfinished: it never passes the last claim', async () => {
    const completion = `${GOOD} The MIT License is a permissive [1]`;
    for (const finishReason of ['banana', 'length-ish', undefined]) {
      const result = await synthesize({
        model: scriptedModel({ text: completion, finishReason: finishReason as never }),
        question: 'q?',
        passages,
        policy: 'drop-claims',
      });
      expect(result.claims.map((claim) => claim.text)).toEqual([GOOD]);
      expect(result.rejected.map((claim) => claim.code)).toEqual(['unfinished_claim']);
      expect(result.rejected[0]?.message).toContain(
        finishReason === undefined ? 'no finish reason' : 'a finish reason the AI SDK does not define',
      );
    }
  });

  it('gives a cut-off claim without a marker the same code, and keeps the finished claims under drop-claims', async () => {
    const result = await synthesize({
      model: scriptedModel({ text: `${GOOD}\n${MIT}\n${CUT}`, finishReason: 'length' }),
      question: 'q?',
      passages,
      policy: 'drop-claims',
    });
    expect(result.text).toBe(`${GOOD}\n${MIT}`);
    expect(result.rejected.map((claim) => [claim.code, claim.text])).toEqual([['unfinished_claim', CUT]]);
    expect(result.verification.rejected.map((claim) => claim.code)).toEqual(['no_marker']);
  });

  it("refuses a cut-off answer under 'reject-answer', listing the unfinished claim on the error", async () => {
    const error = await synthesisError(
      synthesize({
        model: scriptedModel({ text: `${GOOD} Unmarked claim. ${CUT}`, finishReason: 'length' }),
        question: 'q?',
        passages,
      }),
    );
    expect(error.code).toBe('rejected_claims');
    expect(error.message).toBe(
      "2 of 3 claim(s) failed verification (1 no_marker, 1 unfinished_claim); policy 'reject-answer' refuses the answer.",
    );
    expect(error.rejected.map((claim) => claim.code)).toEqual(['no_marker', 'unfinished_claim']);
    expect(error.verification?.rejected.map((claim) => claim.code)).toEqual(['no_marker', 'no_marker']);
  });

  it('fails with no_accepted_claims when the only claim was cut off, under both policies', async () => {
    for (const policy of ['reject-answer', 'drop-claims'] as const) {
      for (const text of [`${GOOD.slice(0, -1)}`, 'The GPL version 3 is compatible [2] with']) {
        const error = await synthesisError(
          synthesize({
            model: scriptedModel({ text, finishReason: 'length' }),
            question: 'q?',
            passages,
            policy,
          }),
        );
        expect(error.code).toBe('no_accepted_claims');
        expect(error.message).toBe('None of the 1 claim(s) in the answer verified: 1 unfinished_claim.');
      }
    }
  });

  it('does not take a cut-off completion without a marker for an abstention; the whole no-source token is one', async () => {
    const error = await synthesisError(
      synthesize({
        model: scriptedModel({ text: 'The GPL version 3 is compatible with', finishReason: 'length' }),
        question: 'q?',
        passages,
      }),
    );
    expect(error.code).toBe('no_accepted_claims');
    expect(error.message).toContain("finish reason 'length'");
    const token = await synthesize({
      model: scriptedModel({ text: NO_SOURCE_TOKEN, finishReason: 'length' }),
      question: 'q?',
      passages,
    });
    expect(token).toMatchObject({ status: 'abstained', finishReason: 'length' });
  });

  it('cuts a cut-off last unit that repeats an earlier claim, leaving the earlier one standing', async () => {
    const result = await synthesize({
      model: scriptedModel({ text: `${GOOD} ${MIT} ${GOOD}`, finishReason: 'length' }),
      question: 'q?',
      passages,
    });
    // The verifier merged the repeat into the first claim; nothing unfinished is shown, so nothing is refused.
    expect(result).toMatchObject({ status: 'answered', text: `${GOOD} ${MIT}`, rejected: [] });
    expect(result.claims.map((claim) => claim.text)).toEqual([GOOD, MIT]);
    expect(result.verification.duplicatesMerged).toBe(1);
  });

  it('treats a provider error, an interruption, a tool call or a named other like the output limit; only stop is finished', async () => {
    // `interrupted` exists from AI SDK 7 on (v4 models); a v3 model cannot report it.
    // Only `stop` is a natural end: a tool call or a reason the provider named `other` may stop mid-claim.
    const unfinished = (
      AI_MAJOR >= 7 ? ['error', 'interrupted', 'other', 'tool-calls'] : ['error', 'other', 'tool-calls']
    ) as FinishReason[];
    for (const finishReason of unfinished) {
      const error = await synthesisError(
        synthesize({
          model: scriptedModel({ text: `${GOOD} ${MIT}`, finishReason }),
          question: 'q?',
          passages,
        }),
      );
      expect(error.rejected.map((claim) => claim.code)).toEqual(['unfinished_claim']);
    }
    for (const finishReason of ['stop'] as const) {
      const result = await synthesize({
        model: scriptedModel({ text: `${GOOD} ${MIT}`, finishReason }),
        question: 'q?',
        passages,
      });
      expect(result).toMatchObject({
        status: 'answered',
        text: `${GOOD} ${MIT}`,
        finishReason,
        rejected: [],
      });
    }
  });

  it('treats `other` with no finish reason from the provider (a stream cut off) like the output limit', async () => {
    // The AI SDK and its providers report `other` with no raw reason when no finish reason arrived at all.
    const cut = { text: `${GOOD} ${MIT}`, finishReason: 'other', rawFinishReason: undefined } as const;
    const error = await synthesisError(synthesize({ model: scriptedModel(cut), question: 'q?', passages }));
    expect(error).toMatchObject({ code: 'rejected_claims' });
    expect(error.rejected.map((claim) => [claim.code, claim.text])).toEqual([['unfinished_claim', MIT]]);
    expect(error.rejected[0]?.message).toContain("finish reason 'other', no finish reason arrived");
    const result = await synthesize({
      model: scriptedModel(cut),
      question: 'q?',
      passages,
      policy: 'drop-claims',
    });
    expect(result).toMatchObject({ status: 'answered', text: GOOD, finishReason: 'other' });
    expect(result.rejected.map((claim) => claim.code)).toEqual(['unfinished_claim']);
    // Cut before any marker, it is no abstention.
    const unmarked = { ...cut, text: 'The GPL version 3 is compatible with' };
    await expect(
      synthesize({ model: scriptedModel(unmarked), question: 'q?', passages, policy: 'drop-claims' }),
    ).rejects.toMatchObject({ code: 'no_accepted_claims' });
  });

  it('refuses a content-filtered completion with content_filter under both policies, never as an answer', async () => {
    for (const policy of ['reject-answer', 'drop-claims'] as const) {
      for (const text of [GOOD, '']) {
        const error = await synthesisError(
          synthesize({
            model: scriptedModel({ text, finishReason: 'content-filter' }),
            question: 'q?',
            passages,
            policy,
          }),
        );
        expect(error).toMatchObject({ code: 'content_filter', attempts: 1, verification: undefined });
        expect(error.message).not.toContain('GPL');
      }
    }
    // A filtered attempt is a post-call SynthesisError: an opted-in retry may send the prompt again.
    const model = scriptedModel({ text: GOOD, finishReason: 'content-filter' }, GOOD);
    const result = await synthesize({ model, question: 'q?', passages, retry: { maxAttempts: 2 } });
    expect(result).toMatchObject({ status: 'answered', attempts: 2, finishReason: 'stop' });
  });
});

describe('synthesize call settings', () => {
  it("passes every AI SDK call setting through and keeps synthesis's own options out of the call", async () => {
    const model = scriptedModel(GOOD);
    await synthesize({
      model,
      question: 'q?',
      passages,
      temperature: 0.2,
      topP: 0.9,
      topK: 5,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      stopSequences: ['END'],
      seed: 3,
      maxOutputTokens: 99,
      headers: { 'x-test': '1' },
      policy: 'drop-claims',
      retry: { maxAttempts: 1 },
      verify: { support: {} },
    });
    const call = model.doGenerateCalls[0]!;
    expect(call).toMatchObject({
      temperature: 0.2,
      topP: 0.9,
      topK: 5,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      stopSequences: ['END'],
      seed: 3,
      maxOutputTokens: 99,
    });
    expect(call.headers).toMatchObject({ 'x-test': '1' });
    expect(Object.keys(call)).not.toEqual(expect.arrayContaining(['policy']));
  });
});

describe('SynthesisError', () => {
  it('has a stable name and code and is recognised across package copies by its brand', () => {
    const error = new SynthesisError({ code: 'no_passages', message: 'none' });
    expect(error.name).toBe('SynthesisError');
    expect(error).toBeInstanceOf(Error);
    expect(SynthesisError.isInstance(error)).toBe(true);
    const foreignCopy = Object.assign(new Error('x'), { [Symbol.for('@gk/synthesis.SynthesisError')]: true });
    expect(SynthesisError.isInstance(foreignCopy)).toBe(true);
    expect(SynthesisError.isInstance(new Error('x'))).toBe(false);
    expect(SynthesisError.isInstance(undefined)).toBe(false);
    expect(SynthesisError.isInstance({ code: 'no_passages' })).toBe(false);
    const cause = new Error('inner');
    expect(new SynthesisError({ code: 'empty_completion', message: 'm', cause }).cause).toBe(cause);
  });
});

describe('synthesize with a model id string', () => {
  it('resolves the id through the AI SDK default provider and records that model', async () => {
    const mock = new MockLanguageModel({
      provider: 'registry-provider',
      modelId: 'resolved-model',
      doGenerate: async () => generateResult('NO_SOURCE'),
    });
    const requested: string[] = [];
    const global = globalThis as { AI_SDK_DEFAULT_PROVIDER?: unknown };
    const previous = global.AI_SDK_DEFAULT_PROVIDER;
    global.AI_SDK_DEFAULT_PROVIDER = {
      languageModel: (id: string) => {
        requested.push(id);
        return mock;
      },
    };
    try {
      const result = await synthesize({
        model: 'registry-provider/resolved-model',
        question: 'Is there a warranty?',
        passages: [{ documentId: 'd', chunkId: 'd#0', text: 'No warranty.', start: 0, end: 12 }],
      });
      expect(requested).toEqual(['registry-provider/resolved-model']);
      expect(result.model).toEqual({ provider: 'registry-provider', modelId: 'resolved-model' });
      expect(result.status).toBe('abstained');
    } finally {
      global.AI_SDK_DEFAULT_PROVIDER = previous;
    }
  });
});
