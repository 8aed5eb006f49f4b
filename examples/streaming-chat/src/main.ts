import { buildLicenceIndex } from '../../demo/src/build-index.js';
import { loadLicences } from '../../demo/src/load-licences.js';
import { selectModel } from '../../demo/src/select-model.js';
import { createChatServer, publicLabel } from './create-chat-server.js';
import { pacedModel } from '../../demo/src/paced-model.js';

// Read through one reference: these are the example's settings.
const environment = process.env;

const port = Number(environment['PORT'] || 3000);
// The offline model answers at once; a person sees the stream better a word at a time (0 turns pacing off).
const pace = Number(environment['GK_PACE_MS'] ?? 40);

const selected = await selectModel(environment);
const began = performance.now();
const index = buildLicenceIndex(loadLicences());
const server = createChatServer({
  model: selected.offline ? pacedModel(selected.model, pace) : selected.model,
  index,
  modelLabel: selected.label,
});
server.listen(port, '127.0.0.1', () => {
  process.stdout.write(
    [
      'groundkit streaming chat: verified claims, live',
      `  corpus  ${index.documents.length} licences, ${index.passages.length} passages, indexed in ${Math.round(performance.now() - began)} ms`,
      // The label may hold OPENAI_BASE_URL, and a base URL may hold a password or key: never logged whole.
      `  model   ${publicLabel(selected.label)}`,
      `  open    http://127.0.0.1:${port}/`,
      '',
    ].join('\n'),
  );
});
