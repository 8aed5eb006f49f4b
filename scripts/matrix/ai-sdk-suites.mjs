#!/usr/bin/env node
// Runs every test suite that touches the AI SDK against AI SDK 7 (`ai@7` and the provider majors paired with it:
// `@ai-sdk/openai@4`, `@ai-sdk/anthropic@4`, `@ai-sdk/google@4`), which the
// workspace does not install: the workspace develops against AI SDK 6 so that `npm install` is clean on Node 20
// (AI SDK 7 declares Node >= 22). The SDK is installed into a temporary folder outside the repository, and the
// suites resolve `ai`, `ai/test` and the providers from there (scripts/matrix/vitest.ai-sdk.config.ts).
//
//   node scripts/matrix/ai-sdk-suites.mjs            # with this Node
//   GK_NODE=/path/to/node22 node scripts/matrix/ai-sdk-suites.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { npmCli } from './npm-cli.mjs';

// Read through one reference: these are script settings, not inputs of a cached turbo task.
const environment = process.env;

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

/**
 * The provider packages the workspace's suites import, at the major that pairs with AI SDK 7 (the workspace
 * pairs 3 with AI SDK 6): a provider major builds models of the specification its `ai` major implements.
 */
export const AI_SDK_7 = {
  ai: '^7.0.0',
  '@ai-sdk/openai': '^4.0.0',
  '@ai-sdk/anthropic': '^4.0.0',
  '@ai-sdk/google': '^4.0.0',
};

/** Installs AI SDK 7 with `node` (engine checks on) and runs the AI SDK suites with it; throws on failure. */
export function runAiSdkSuites({ node = process.execPath, work, packages = AI_SDK_7 } = {}) {
  const folder = join(work, 'ai-sdk');
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  const dependencies = { ...packages, zod: '^4.0.0' };
  writeFileSync(
    join(folder, 'package.json'),
    `${JSON.stringify({ name: 'gk-ai-sdk', private: true, type: 'module', dependencies }, null, 2)}\n`,
  );
  execFileSync(
    node,
    [
      npmCli(),
      'install',
      '--no-audit',
      '--no-fund',
      '--loglevel=warn',
      '--engine-strict',
      '--ignore-scripts',
    ],
    { cwd: folder, stdio: 'inherit' },
  );
  execFileSync(
    node,
    [
      join(root, 'node_modules', 'vitest', 'vitest.mjs'),
      'run',
      '--config',
      'scripts/matrix/vitest.ai-sdk.config.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        GK_AI_SDK_DIR: join(folder, 'node_modules'),
        GK_AI_MAJOR: packages.ai.replace(/\D*(\d+).*/, '$1'),
      },
    },
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const work = mkdtempSync(join(tmpdir(), 'gk-ai-sdk-'));
  try {
    runAiSdkSuites({ node: environment['GK_NODE'] || process.execPath, work });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
