import { createRequire } from 'node:module';

/** The version of `@gk/cli`, read from its package.json (one folder up from both `src/` and `dist/`). */
export const CLI_VERSION: string = (createRequire(import.meta.url)('../package.json') as { version: string })
  .version;
