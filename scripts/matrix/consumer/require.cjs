// CommonJS code loading the ESM-only packages with require(), as Node >= 20.19 and >= 22.12 (and Bun) allow.
// Prints one JSON line.
const { verifyAnswer } = require('@gk/citations');
const { safeDecodeJson } = require('@gk/citations/decode');
const { runEchoCheck } = require('@gk/echo-check');
const { safeParseEchoReport } = require('@gk/eval-schema');
const { judgeFaithfulness } = require('@gk/judge');
const { extractiveModel, synthesize } = require('@gk/synthesis');
const { runCli } = require('@gk/cli');

const text = 'The software is provided "as is".';
const passages = [{ documentId: 'MIT', chunkId: 'MIT#0', start: 0, end: text.length, text }];
synthesize({ model: extractiveModel(), question: 'How is the software provided?', passages }).then(
  (answer) => {
    const loaded = [safeDecodeJson, runEchoCheck, safeParseEchoReport, judgeFaithfulness, runCli].every(
      (value) => typeof value === 'function',
    );
    const verified = verifyAnswer(`${text} [1]`, passages);
    console.log(JSON.stringify({ loaded, verify: verified.status, synthesize: answer.status }));
  },
  (error) => {
    console.error(error);
    process.exitCode = 1;
  },
);
