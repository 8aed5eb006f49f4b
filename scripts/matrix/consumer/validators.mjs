// The validators' half of the runtime-matrix script: @gk/citations, @gk/eval-schema and @gk/echo-check, imported
// by package name. It runs unchanged in Node, Bun, Deno, Chromium (bundled) and workerd (bundled), asserts what
// it must, and returns a summary that holds nothing random, so every runtime must return the same one.
import { locateQuote, parseMarkers, toCodePointOffset, toUtf8ByteOffset, verifyAnswer } from '@gk/citations';
import { safeDecodeJson } from '@gk/citations/decode';
import { assertEchoClean, runEchoCheck } from '@gk/echo-check';
import { countEchoCases, ndcgAtK, recallAtK, safeParseEchoReport } from '@gk/eval-schema';
import { z } from 'zod';

/** Passages as a retriever returns them: real licence sentences with their offsets in the licence text. */
export const PASSAGES = [
  passage(
    'MIT',
    'MIT#warranty',
    1072,
    'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED. ' +
      'IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM.',
  ),
  passage(
    'Apache-2.0',
    'Apache-2.0#3',
    5604,
    'Each Contributor hereby grants to You a perpetual, worldwide, non-exclusive, no-charge, royalty-free, ' +
      'irrevocable patent license to make, have made, use, offer to sell, sell, import, and otherwise transfer the Work.',
  ),
];

function passage(documentId, chunkId, start, text) {
  return { documentId, chunkId, start, end: start + text.length, text };
}

function check(condition, what) {
  if (!condition) throw new Error(`runtime matrix: ${what}`);
}

function verifySummary() {
  const answer =
    'The software is provided "as is", without warranty of any kind [1]. ' +
    'Each Contributor grants You a royalty-free patent license [2]. ' +
    'The Court of Justice upheld it in ECLI:EU:C:2019:1046 [2]. ' +
    'Nobody reads licences. ' +
    'A source that was never shown agrees [9007199254740993].';
  const verification = verifyAnswer(answer, PASSAGES, { identifiers: ['ecli'] });
  check(verification.status === 'answered', `verifyAnswer status ${verification.status}`);
  const codes = verification.rejected.map((claim) => claim.code);
  check(
    codes.join() === 'unknown_identifier,no_marker,marker_out_of_range',
    `verifyAnswer rejected ${codes.join()}`,
  );
  return {
    status: verification.status,
    claims: verification.claims.map((claim) => ({
      text: claim.text,
      span: claim.span,
      citations: claim.citations.map(({ source, documentId, chunkId, start, end }) => ({
        source,
        documentId,
        chunkId,
        start,
        end,
      })),
    })),
    rejected: verification.rejected.map(({ code, markers, span }) => ({ code, markers, span })),
  };
}

function textSummary() {
  const text = 'Café 👩‍💻 says: see [1][3], [2, 4], [PERSON_1] and [sic].';
  const markers = parseMarkers(text).map(({ numbers, start, end }) => ({ numbers, start, end }));
  check(markers.length === 3, `parseMarkers found ${markers.length} markers`);
  const quote = locateQuote('provided “as is”, without warranty', PASSAGES[0].text, { ignoreCase: true });
  check(quote !== null, 'locateQuote found nothing');
  return {
    markers,
    quote,
    codePoint: toCodePointOffset(text, text.indexOf('says')),
    utf8: toUtf8ByteOffset(text, text.indexOf('says')),
  };
}

function decodeSummary() {
  const Answer = z.object({ answer: z.string(), sources: z.array(z.number().int().positive()) });
  const inputs = {
    fenced: '```json\n{"answer":"yes","sources":[1,2]}\n```',
    prose: 'Sure! Here it is: ```json\n{"answer":"yes","sources":[1]}\n``` Hope this helps.',
    trailing: '{"answer":"yes","sources":[1]} and more',
    proto: '{"answer":"yes","sources":[1],"__proto__":{"admin":true}}',
    unknownKey: '{"answer":"yes","sources":[1],"confidence":0.9}',
    empty: '',
    brackets: '['.repeat(100_000),
    loneSurrogate: '{"answer":"\\ud800","sources":[1]}',
  };
  const results = {};
  for (const [name, text] of Object.entries(inputs)) {
    const decoded = safeDecodeJson(text, Answer);
    results[name] = decoded.success ? { data: decoded.data } : { code: decoded.error.code };
  }
  check(results.fenced.data?.sources?.length === 2, 'the fenced JSON did not decode');
  check(results.proto.code === 'forbidden_key', `__proto__ gave ${JSON.stringify(results.proto)}`);
  check(
    results.trailing.code === 'trailing_content',
    `trailing content gave ${JSON.stringify(results.trailing)}`,
  );
  return results;
}

/** A pipeline without a model: cite the passage sharing most words with the question, quoting its best sentence. */
function lexicalPipeline({ question, passages }) {
  const words = (text) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const asked = words(question);
  const overlap = (text) => [...words(text)].filter((word) => asked.has(word)).length;
  let best = 0;
  for (let i = 1; i < passages.length; i++) {
    if (overlap(passages[i].text) > overlap(passages[best].text)) best = i;
  }
  const sentences = passages[best].text.split(/(?<=[.!?])\s+/);
  const sentence = sentences.reduce((a, b) => (overlap(b) > overlap(a) ? b : a));
  return `${sentence} [${best + 1}]`;
}

async function echoSummary() {
  const report = await runEchoCheck({ pipeline: lexicalPipeline, cases: 2 });
  assertEchoClean(report);
  const parsed = safeParseEchoReport(JSON.parse(JSON.stringify(report)));
  check(parsed.success, 'the echo report does not validate against EchoReport');
  return {
    schemaVersion: report.schemaVersion,
    cases: report.cases.map(({ caseId, outcome, leaked }) => ({ caseId, outcome, leaked })),
    counts: countEchoCases(report.cases),
  };
}

function metricSummary() {
  const ranked = ['MIT#warranty', 'GPL-3.0#7', 'Apache-2.0#3', 'MIT#warranty'];
  const gains = new Map([
    ['Apache-2.0#3', 2],
    ['MIT#warranty', 1],
  ]);
  return {
    recallAt2: recallAtK(ranked, ['Apache-2.0#3', 'MIT#warranty'], 2),
    recallNoGold: recallAtK(ranked, [], 2),
    ndcgAt3: ndcgAtK(ranked, gains, 3),
  };
}

/** Runs the validators' checks; throws on a wrong result, returns the summary every runtime must share. */
export async function runValidators() {
  return {
    verify: verifySummary(),
    text: textSummary(),
    decode: decodeSummary(),
    echo: await echoSummary(),
    metrics: metricSummary(),
  };
}
