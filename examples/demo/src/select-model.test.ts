import { beforeAll, describe, expect, it } from 'vitest';
import { buildLicenceNames, type LicenceNames } from './build-licence-names.js';
import { loadLicences } from './load-licences.js';
import { OFFLINE_LABEL, PLAIN_OFFLINE_LABEL, selectModel } from './select-model.js';

let names: LicenceNames;
beforeAll(() => {
  names = buildLicenceNames(loadLicences());
}, 60_000);

describe('selectModel', () => {
  it('uses the offline extractive model without a key, with an empty key, or when offline is asked for', async () => {
    for (const [env, options] of [
      [{}, {}],
      [{ OPENAI_API_KEY: '' }, {}],
      [{ OPENAI_API_KEY: 'sk-test' }, { offline: true }],
    ] as const) {
      const selected = await selectModel(env, { ...options, names });
      expect(selected.offline).toBe(true);
      expect(selected.model.modelId).toBe('extractive');
      expect(selected.label).toBe(OFFLINE_LABEL);
      expect((await selectModel(env, options)).label).toBe(PLAIN_OFFLINE_LABEL);
    }
  });

  it('uses an OpenAI chat model with the key, honouring OPENAI_BASE_URL and OPENAI_MODEL, and says which', async () => {
    const selected = await selectModel(
      { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1', OPENAI_MODEL: 'local-model' },
      { names },
    );
    expect(selected.offline).toBe(false);
    expect(selected.model.modelId).toBe('local-model');
    expect(selected.label).toBe('openai chat local-model at http://127.0.0.1:8080/v1');
    // Credentials, a query or a fragment in the base URL are never printed.
    const proxied = await selectModel({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_MODEL: 'local-model',
      OPENAI_BASE_URL: 'https://user:hunter2@proxy.internal/v1?api-key=abc#frag',
    });
    expect(proxied.label).toBe('openai chat local-model at https://proxy.internal/v1');
    expect((await selectModel({ OPENAI_API_KEY: 'sk-test' }, { names })).label).toBe(
      'openai chat gpt-4o-mini at https://api.openai.com/v1',
    );
  });
});
