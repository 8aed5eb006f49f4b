import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceIndex } from './__fixtures__/licence-index.js';
import { type LocalServer, startLocalServer } from './__fixtures__/start-local-server.js';
import { createLicencePipeline } from './pipeline.js';
import { selectModel } from './select-model.js';

// A local stand-in for an OpenAI-compatible server: one verbatim claim, one paraphrase, one invented claim.
const COMPLETION =
  'The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software. [1] ' +
  'You have to keep the notice. [1] ' +
  'The license also forbids use in weapons systems. [1]';

let server: LocalServer;
let baseURL: string;
const requests: Array<{ url: string | undefined; body: { model?: string } }> = [];

beforeAll(async () => {
  server = await startLocalServer((body, request, response) => {
    requests.push({ url: request.url, body: JSON.parse(body) as { model?: string } });
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({
        id: 'chatcmpl-local',
        object: 'chat.completion',
        created: 0,
        model: 'local-model',
        choices: [{ index: 0, message: { role: 'assistant', content: COMPLETION }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  });
  baseURL = server.baseURL;
});

afterAll(() => server.close());

describe('the demo with OPENAI_API_KEY and OPENAI_BASE_URL', () => {
  it('calls the configured server with the configured model and shows what the checks reject', async () => {
    const selected = await selectModel({
      OPENAI_API_KEY: 'sk-local',
      OPENAI_BASE_URL: baseURL,
      OPENAI_MODEL: 'local-model',
    });
    const pipeline = createLicencePipeline({
      model: selected.model,
      index: licenceIndex,
    });
    const record = await pipeline.answerQuestion(
      'Does the MIT license require me to keep the copyright notice?',
    );
    expect(requests.map((request) => [request.url, request.body.model])).toEqual([
      ['/v1/chat/completions', 'local-model'],
    ]);
    expect(record.outcome).toBe('answered');
    expect(record.claims).toHaveLength(1);
    // The paraphrase is refused too: the lexical support check over-refuses (docs/limitations.md).
    expect(record.rejected.map((claim) => claim.code)).toEqual(['unsupported', 'unsupported']);
    expect(record.citations[0]?.documentId).toBe('MIT');
  }, 120_000);
});
