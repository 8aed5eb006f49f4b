// The suites that touch the AI SDK, run against another install of it (AI SDK 7 in the runtime matrix):
// `ai`, `ai/test`, `ai/package.json` and the `@ai-sdk/*` providers resolve from GK_AI_SDK_DIR, a node_modules folder,
// instead of the workspace. Everything else is the root configuration.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergeConfig } from 'vitest/config';
import base from '../../vitest.config.ts';

// Read through one reference: these are script settings, not inputs of a cached turbo task.
const environment = process.env;

const modules = environment['GK_AI_SDK_DIR'];
if (modules === undefined || modules === '') {
  throw new Error('GK_AI_SDK_DIR must name a node_modules folder that holds ai and the @ai-sdk/* providers');
}

/** The file a package's exports map gives an ESM import of `subpath`. */
function entry(name: string, subpath: string): string {
  const folder = join(modules as string, name);
  const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
    exports: Record<string, string | { import?: string; default?: string }>;
  };
  const target = manifest.exports[subpath];
  const file = typeof target === 'string' ? target : (target?.import ?? target?.default);
  if (file === undefined) throw new Error(`${name} exports no ${subpath}`);
  return join(folder, file);
}

const exact = (specifier: string, name: string, subpath: string) => ({
  find: new RegExp(`^${specifier.replace(/[/.]/g, '\\$&')}$`),
  replacement: entry(name, subpath),
});

export const AI_SDK_SUITES = [
  'packages/model-kit/src/**/*.test.ts',
  'packages/synthesis/src/**/*.test.ts',
  'packages/judge/src/**/*.test.ts',
  'examples/*/src/**/*.test.ts',
  'tests/contract.test.ts',
  'tests/adversarial/synthesize.test.ts',
  'tests/adversarial/judge.test.ts',
  'tests/adversarial/echo-check.test.ts',
];

const config = mergeConfig(base, {
  resolve: {
    alias: [
      exact('ai', 'ai', '.'),
      exact('ai/test', 'ai', './test'),
      exact('ai/package.json', 'ai', './package.json'),
      exact('@ai-sdk/openai', '@ai-sdk/openai', '.'),
      exact('@ai-sdk/anthropic', '@ai-sdk/anthropic', '.'),
      exact('@ai-sdk/google', '@ai-sdk/google', '.'),
    ],
  },
});
// Replaced, not merged: only the suites above, and no JSON report over the workspace run's.
config.test.include = AI_SDK_SUITES;
config.test.reporters = ['default'];
export default config;
