// The suites that touch the AI SDK, run against another install of it (AI SDK 7 in the runtime matrix):
// `ai`, `ai/test`, `ai/package.json` and the `@ai-sdk/*` providers resolve from GK_AI_SDK_DIR, a node_modules folder,
// instead of the workspace. Everything else is the root configuration.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vitest/config';
import base from '../../vitest.config.ts';
import { EXCLUDED } from '../test-projects.ts';
import { LONG_RUN_SUITES, SDK_FREE_SUITES } from './sdk-free-suites.ts';

// Read through one reference: these are script settings, not inputs of a cached turbo task.
const environment = process.env;

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
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

/** The AI SDK provider packages installed beside `ai`: each is aliased when the folder holds it. */
const PROVIDERS = ['@ai-sdk/openai', '@ai-sdk/anthropic', '@ai-sdk/google'].filter((name) =>
  existsSync(join(modules as string, name, 'package.json')),
);

const exact = (specifier: string, name: string, subpath: string) => ({
  find: new RegExp(`^${specifier.replace(/[/.]/g, '\\$&')}$`),
  replacement: entry(name, subpath),
});

/** Repository-level tests that reach the AI SDK: they import it, a provider, or a package built on it. */
const TOUCHES_AI_SDK =
  /from '(?:ai|ai\/[^']+|@ai-sdk\/[^']+|@gk\/(?:synthesis|judge|model-kit)(?:\/[^']+)?)'/;
const repositoryTests = readdirSync(join(root, 'tests'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => TOUCHES_AI_SDK.test(readFileSync(join(root, 'tests', file), 'utf8')))
  .map((file) => `tests/${file.replaceAll('\\', '/')}`);

export const AI_SDK_SUITES = [
  'packages/model-kit/src/**/*.test.ts',
  'packages/synthesis/src/**/*.test.ts',
  'packages/judge/src/**/*.test.ts',
  'examples/*/src/**/*.test.ts',
  ...repositoryTests,
];

const config = mergeConfig(base, {
  resolve: {
    alias: [
      exact('ai', 'ai', '.'),
      exact('ai/test', 'ai', './test'),
      exact('ai/package.json', 'ai', './package.json'),
      ...PROVIDERS.map((name) => exact(name, name, '.')),
    ],
  },
});
// Replaced, not merged: only the suites above, each file in a fresh process (no projects), and no JSON report over
// the workspace run's.
config.test.projects = undefined;
config.test.include = AI_SDK_SUITES;
config.test.exclude = [...EXCLUDED, ...SDK_FREE_SUITES, ...LONG_RUN_SUITES];
config.test.reporters = ['default'];
export default config;
