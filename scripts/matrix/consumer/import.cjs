// CommonJS code loading the ESM-only packages with import(), which every supported Node version allows.
// Prints one JSON line.
(async () => {
  const { verifyAnswer } = await import('@gk/citations');
  const { safeDecodeJson } = await import('@gk/citations/decode');
  const { runEchoCheck } = await import('@gk/echo-check');
  const { safeParseEchoReport } = await import('@gk/eval-schema');
  const { judgeFaithfulness } = await import('@gk/judge');
  const { extractiveModel, synthesize } = await import('@gk/synthesis');
  const { runCli } = await import('@gk/cli');
  const text = 'The software is provided "as is".';
  const passages = [{ documentId: 'MIT', chunkId: 'MIT#0', start: 0, end: text.length, text }];
  const answer = await synthesize({
    model: extractiveModel(),
    question: 'How is the software provided?',
    passages,
  });
  const loaded = [safeDecodeJson, runEchoCheck, safeParseEchoReport, judgeFaithfulness, runCli].every(
    (value) => typeof value === 'function',
  );
  const verified = verifyAnswer(`${text} [1]`, passages);
  console.log(JSON.stringify({ loaded, verify: verified.status, synthesize: answer.status }));
})().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
