import { askProviders } from './ask-providers.js';
import { QUESTION } from './documents.js';
import { startLocalProviders } from './local-providers.js';
import { renderSideBySide } from './render-side-by-side.js';

/** Asks each provider shape the question and prints its verified and rejected citations side by side. */
export async function runExample(env: Record<string, string | undefined>): Promise<string> {
  const local = await startLocalProviders();
  try {
    const runs = await askProviders(env, local);
    const header = `provider-citations: ${QUESTION}\nEach provider builds its own citations; each is checked against the two documents sent.\n`;
    return [header, ...runs.map(renderSideBySide)].join('\n');
  } finally {
    await local.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(await runExample(process.env));
}
