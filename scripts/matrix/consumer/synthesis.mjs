// The AI SDK half of the runtime-matrix script: @gk/synthesis and @gk/judge on whichever `ai` major the consumer
// installed, imported by package name. Offline: the extractive model answers through the redaction middleware.
import { runEchoCheck } from '@gk/echo-check';
import { judgeFaithfulness } from '@gk/judge';
import { scriptedJudge } from '@gk/judge/test';
import {
  DEFAULT_PROMPT,
  extractiveModel,
  redactionMiddleware,
  renderPrompt,
  synthesize,
} from '@gk/synthesis';
import { streamText, wrapLanguageModel } from 'ai';
import { PASSAGES } from './validators.mjs';

const EMAIL = 'legal@example.org';
const CONTACT_TEXT = `Licensing questions go to ${EMAIL} by e-mail. The legal office is in Berlin.`;
const CONTACT = {
  documentId: 'handbook',
  chunkId: 'handbook#contact',
  start: 310,
  end: 310 + CONTACT_TEXT.length,
  text: CONTACT_TEXT,
};

function check(condition, what) {
  if (!condition) throw new Error(`runtime matrix: ${what}`);
}

/** The extractive model behind a recorder, behind the redaction middleware: what the model saw is kept. */
function recordedModel() {
  const inner = extractiveModel();
  const seen = [];
  const recorder = {
    specificationVersion: inner.specificationVersion,
    provider: inner.provider,
    modelId: inner.modelId,
    supportedUrls: inner.supportedUrls,
    doGenerate: (options) => {
      seen.push(JSON.stringify(options.prompt));
      return inner.doGenerate(options);
    },
    doStream: (options) => {
      seen.push(JSON.stringify(options.prompt));
      return inner.doStream(options);
    },
  };
  return { model: wrapLanguageModel({ model: recorder, middleware: redactionMiddleware() }), seen };
}

/** Runs the synthesis checks; throws on a wrong result, returns the summary every runtime must share. */
export async function runSynthesis() {
  const passages = [CONTACT, ...PASSAGES];
  const question = 'Where do licensing questions go?';
  const { model, seen } = recordedModel();

  const result = await synthesize({ model, question, passages, verify: { support: {} } });
  check(result.status === 'answered', `synthesize status ${result.status}`);
  check(result.text.includes(EMAIL), 'the e-mail address was not restored in the answer');
  check(
    seen.length === 1 && !seen[0].includes(EMAIL) && seen[0].includes('[EMAIL_1]'),
    'the model saw the e-mail',
  );

  let streamed = '';
  const prompt = await renderPrompt(DEFAULT_PROMPT, { question, passages });
  const stream = streamText({ model, system: prompt.system, prompt: prompt.user });
  for await (const delta of stream.textStream) streamed += delta;
  check(streamed === result.completion && !seen[1].includes(EMAIL), 'streaming did not redact and restore');

  const { verdict, judge } = await judgeFaithfulness({
    model: scriptedJudge({
      respond: (prompt) =>
        JSON.stringify({
          faithful: prompt.includes(EMAIL),
          unsupportedClaims: [],
          reasoning: 'The answer quotes source 1.',
        }),
    }),
    question,
    answer: result.text,
    passages,
  });
  check(verdict.faithful, 'the scripted judge did not see the answer');

  const report = await runEchoCheck({
    pipeline: ({ question: asked, passages: shown }) =>
      synthesize({ model, question: asked, passages: shown }),
    cases: 2,
  });
  check(
    report.cases.every((c) => c.outcome === 'grounded' && !c.leaked),
    `echo check ${JSON.stringify(report.cases)}`,
  );

  return {
    synthesize: {
      status: result.status,
      text: result.text,
      citations: result.citations.map(({ source, documentId, start, end }) => ({
        source,
        documentId,
        start,
        end,
      })),
      model: result.model,
      promptHash: result.promptHash,
      usage: result.usage,
      modelSawToken: seen[0].includes('[EMAIL_1]'),
    },
    stream: streamed,
    judge: { verdict, provider: judge.provider, modelId: judge.modelId, promptHash: judge.promptHash },
    echo: report.cases.map(({ caseId, outcome, leaked }) => ({ caseId, outcome, leaked })),
  };
}
