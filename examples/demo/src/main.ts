import { parseArgs } from 'node:util';
import { DEFAULT_MIN_COVERAGE } from '@gk/citations';
import { buildLicenceIndex } from './build-index.js';
import { carelessModel } from './careless-model.js';
import { type DemoRun, summarizeRun } from './demo-run.js';
import { loadLicences } from './load-licences.js';
import { type AnswerRecord, createLicencePipeline, type LicencePipeline } from './pipeline.js';
import { BUILT_IN_QUESTIONS } from './questions.js';
import {
  formatMs,
  neutralize,
  type RunHeader,
  renderAnswerEnd,
  renderAnswerHeading,
  renderClaim,
  renderHeader,
  renderQuestion,
} from './render.js';
import { pacedModel } from './paced-model.js';
import { selectModel } from './select-model.js';
import { createTerminalStyle } from './terminal-style.js';

const DEMONSTRATION = 'the first answer again, from a model that adds three careless claims';

const HELP = `Usage: npm run demo -- [options] ["question" ...]

Answers questions over the full texts of the SPDX licences with cited, validated answers.
Without questions it answers a built-in set of ${BUILT_IN_QUESTIONS.length}, two of which the corpus cannot answer.

Options
  --json             print everything as one JSON document (schemaVersion 1) instead of the terminal layout;
                     npm prints its banner before it unless run as npm run -s demo -- --json, or as
                     npm run demo --json (npm's own flag: npm moves the banner to stderr, the demo prints JSON)
  --top-k <n>        passages shown to the model per question (default 5)
  --policy <p>       drop-claims (default) or reject-answer
  --offline          use the extractive model even when OPENAI_API_KEY is set
  --no-support-check turn off the lexical support check (on by default; it over-refuses paraphrase)
  -h, --help         show this help

Environment
  OPENAI_API_KEY     use an OpenAI chat model instead of the offline extractive model
  OPENAI_BASE_URL    any OpenAI-compatible server, e.g. http://127.0.0.1:8080/v1
  OPENAI_MODEL       model id (default gpt-4o-mini)
  NO_COLOR           disable colours (they are only used on a terminal anyway)

Exit status: 0 when every question was answered, abstained on or refused by the checks; 1 when a model call
failed (that question's answer has error model_call_failed, and the run goes on to the next question); 2 for a bad
option.

A question that names a licence (its SPDX id, its name or a short form: Apache-2.0, the MIT License,
3-clause BSD, GPLv2 or later, Mozilla 2.0) is answered from that licence only; one that names none is answered
from across the corpus.`;

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse();
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    process.stdout.write(`${HELP}\n`);
    return 0;
  }
  // `npm run demo --json` (npm's own flag, before any `--`) sets npm_config_json for the script, and makes npm print
  // its banner on stderr: the one way to run the demo through npm with stdout left to the JSON without `-s`.
  const json = values.json === true || process.env.npm_config_json === 'true';
  const topK = values['top-k'] === undefined ? 5 : Number(values['top-k']);
  const policy = values.policy ?? 'drop-claims';
  if (!Number.isInteger(topK) || topK < 1 || topK > 50) {
    process.stderr.write('--top-k must be an integer from 1 to 50\n');
    return 2;
  }
  if (policy !== 'drop-claims' && policy !== 'reject-answer') {
    process.stderr.write('--policy must be drop-claims or reject-answer\n');
    return 2;
  }
  const questions = positionals.length > 0 ? positionals : BUILT_IN_QUESTIONS;
  const index = buildLicenceIndex(loadLicences());
  const selected = await selectModel(process.env, { offline: values.offline === true, names: index.names });
  const support = values['no-support-check'] !== true;
  // The offline model writes a whole answer at once; on a terminal it is streamed a word at a time, so that claims
  // are seen arriving as from a cloud model (GK_PACE_MS, default 8; 0 turns it off).
  const pace =
    json || process.stdout.isTTY !== true || !selected.offline ? 0 : Number(process.env.GK_PACE_MS ?? 8);
  const paced = (model: typeof selected.model) => pacedModel(model, Number.isFinite(pace) ? pace : 0);
  const pipeline = createLicencePipeline({ model: paced(selected.model), topK, policy, support, index });
  const style = createTerminalStyle(process.stdout, process.env);
  // Wrap to the terminal; to 100 columns when the output is not a terminal, so that it is the same everywhere.
  const render = { style, width: process.stdout.isTTY === true ? (process.stdout.columns ?? 100) : 100 };
  const header: RunHeader = {
    documents: index.documents.length,
    passages: index.passages.length,
    distinctPassages: index.distinctPassages,
    buildMs: index.buildMs,
    modelLabel: selected.label,
    policy,
    support,
  };
  if (!json) process.stdout.write(renderHeader(header, render));

  // On the terminal each claim is printed as soon as it is verified, while the model is still writing.
  const answer = async (
    target: LicencePipeline,
    question: string,
    ordinal: string,
  ): Promise<AnswerRecord> => {
    if (json) return target.answerQuestion(question);
    process.stdout.write(`${renderQuestion(question, ordinal, render).join('\n')}\n`);
    let claims = 0;
    const record = await target.answerQuestion(question, {
      onClaim: (claim) => {
        const heading = claims++ === 0 ? renderAnswerHeading(render) : [];
        process.stdout.write(`${[...heading, ...renderClaim(claim, render)].join('\n')}\n`);
      },
    });
    process.stdout.write(`${renderAnswerEnd(record, render)}\n`);
    return record;
  };

  const began = performance.now();
  const answers: AnswerRecord[] = [];
  for (const [position, question] of questions.entries()) {
    answers.push(await answer(pipeline, question, `${position + 1}/${questions.length}`));
  }
  // The built-in run ends with a demonstration of the checks at work: the first answer again, from a model that
  // adds three unsupported claims. The offline model never writes one, so this is how the demo shows rejections.
  let demonstration: AnswerRecord | null = null;
  if (positionals.length === 0) {
    const careless = createLicencePipeline({
      model: paced(carelessModel(selected.model)),
      topK,
      policy,
      support,
      index,
    });
    if (!json) process.stdout.write(`${style.bold('Demonstration')}  ${DEMONSTRATION}\n`);
    demonstration = await answer(careless, questions[0]!, 'demo');
  }
  const summary = summarizeRun(answers, performance.now() - began);
  // A failed model call is reported with its question, in the terminal layout or the JSON, and then in the exit code.
  const code = summary.failed > 0 || demonstration?.outcome === 'failed' ? 1 : 0;
  if (json) {
    const document: DemoRun = {
      schemaVersion: 1,
      run: {
        model: selected.label,
        offline: selected.offline,
        policy,
        support,
        minCoverage: support ? DEFAULT_MIN_COVERAGE : null,
        topK,
      },
      corpus: {
        licences: header.documents,
        passages: header.passages,
        distinctPassages: header.distinctPassages,
        buildMs: header.buildMs,
      },
      answers,
      demonstration: demonstration === null ? null : { description: DEMONSTRATION, answer: demonstration },
      summary,
    };
    process.stdout.write(`${JSON.stringify(document, null, 2)}\n`);
    return code;
  }
  process.stdout.write(
    `${style.bold('Summary')}  ${summary.answered} answered, ${summary.abstained} abstained, ` +
      `${summary.rejected} rejected${summary.failed > 0 ? `, ${summary.failed} failed` : ''}; ` +
      `${summary.claimsRejected} claims rejected; ` +
      `${summary.questions} question${summary.questions === 1 ? '' : 's'} in ${formatMs(summary.ms)}\n`,
  );
  return code;
}

function parse() {
  return parseArgs({
    allowPositionals: true,
    options: {
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      'top-k': { type: 'string' },
      policy: { type: 'string' },
      offline: { type: 'boolean' },
      'no-support-check': { type: 'boolean' },
    },
  });
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `demo failed: ${neutralize(error instanceof Error ? error.message : String(error))}\n`,
    );
    process.exit(1);
  },
);
