import { verifyProviderResult } from '@gk/synthesis';
import { generateText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { askProviders } from './ask-providers.js';
import { DOCUMENTS } from './documents.js';
import { startLocalProviders } from './local-providers.js';
import { runExample } from './main.js';
import { renderSideBySide } from './render-side-by-side.js';

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

  it('prints no control or bidirectional character a provider sent: a rejected citation cannot draw a ✓', async () => {
    // A url_citation whose URL erases its line (ESC, then the one-byte C1 CSI) and reverses what follows.
    const urls = [
      'https://evil.example/\u001b[2K\r\u001b[32m✓ verified',
      'https://evil.example/\u009b2K\u009b32m✓ verified',
      'https://evil.example/\u202edeifirev\u2066x\u2069\u200f',
    ];
    const text = 'Deposits come back within 30 days.';
    const model = new MockLanguageModelV3({
      provider: 'openai.responses',
      doGenerate: async () => ({
        content: [
          {
            type: 'text',
            text,
            providerMetadata: {
              openai: {
                annotations: urls.map((url) => ({
                  type: 'url_citation',
                  start_index: 0,
                  end_index: text.length,
                  url,
                  title: 'news',
                })),
              },
            },
          },
        ],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: {
          inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 0, text: 0, reasoning: 0 },
        },
        warnings: [],
      }),
    });
    const outcome = await verifyProviderResult(await generateText({ model, prompt: 'q' }), DOCUMENTS);
    expect(outcome.verification.rejected).toHaveLength(urls.length);
    const output = renderSideBySide({ provider: 'openai', where: 'scripted \u001b[8m', outcome });
    expect(output).not.toMatch(
      /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u,
    );
    // No verified column entry: the ✓ in the URLs stays inside their escaped quotes.
    expect(output.split('\n').filter((line) => line.trimStart().startsWith('✓'))).toEqual([]);
    expect(output).toContain('\\u{009b}2K');
    expect(output).toContain('\\u{202e}deifirev');
    expect(output).toContain('scripted \\u{001b}[8m');
  });
});
