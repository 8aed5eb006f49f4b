import { describe, expect, it } from 'vitest';
import { askProviders } from './ask-providers.js';
import { startLocalProviders } from './local-providers.js';
import { runExample } from './main.js';

describe('provider-citations example', () => {
  it('asks each provider shape through the local servers and prints verified beside rejected citations', async () => {
    const output = await runExample({});
    for (const where of [
      'local Messages API server',
      'local Responses API server',
      'local Gemini API server',
    ]) {
      expect(output).toContain(where);
    }
    expect(output).toContain('✓ "the notice period is three months 📅"');
    expect(output).toContain('✗ span_mismatch');
    expect(output).toContain('within 14 days after the tenant leaves');
    expect(output.match(/✗ unknown_document/g)).toHaveLength(2);
    expect(output.match(/status answered/g)).toHaveLength(3);
  });

  it('verifies two citations and rejects one for each provider, with codes', async () => {
    const local = await startLocalProviders();
    try {
      const runs = await askProviders({}, local);
      expect(runs.map((run) => [run.provider, run.outcome.verification.citations.length])).toEqual([
        ['anthropic', 2],
        ['openai', 2],
        ['google', 2],
      ]);
      expect(runs.map((run) => run.outcome.verification.rejected.map((r) => r.code))).toEqual([
        ['span_mismatch'],
        ['unknown_document'],
        ['unknown_document'],
      ]);
      for (const run of runs) {
        for (const citation of run.outcome.verification.citations) {
          expect(citation.text.length).toBeGreaterThan(0);
        }
      }
    } finally {
      await local.close();
    }
  });

  it('stays on the local server, and says why, when a key comes without the store it needs', async () => {
    const local = await startLocalProviders();
    try {
      const env = { OPENAI_API_KEY: 'sk-unused', GOOGLE_GENERATIVE_AI_API_KEY: 'unused' };
      const [, openai, google] = await askProviders(env, local);
      expect(openai!.where).toContain('OPENAI_API_KEY is set, OPENAI_VECTOR_STORE_ID is not');
      expect(google!.where).toContain('GOOGLE_GENERATIVE_AI_API_KEY is set, GEMINI_FILE_SEARCH_STORE is not');
    } finally {
      await local.close();
    }
  });
});
