#!/usr/bin/env node
// The runtime matrix: the packed tarballs, installed by consumer projects outside the workspace (no workspace
// links, `--engine-strict`), run the same script (scripts/matrix/consumer) in Node 20, 22 and 24 with AI SDK 6
// and 7, in Bun and Deno, in headless Chromium and in workerd (Cloudflare's runtime, through Miniflare); every
// runtime must print the same summary. Node 22/24, Bun and Deno come from their npm packages; Chromium is the
// system's (/usr/bin/chromium, or GK_CHROMIUM). Each row prints its time; any failed row fails the run. The
// runtime binaries and the browser and edge tools are cached for a week in ~/.cache/groundkit-matrix
// (GK_MATRIX_CACHE to move it, GK_MATRIX_CACHE=off for none); consumers are installed fresh every run.
//
//   npm run matrix                      # build, pack, every row
//   npm run matrix -- --only node22,bun # rows whose key (name before the colon, no spaces) starts with a word
//   npm run matrix -- --keep            # keep the work folder (printed) for a look afterwards
import { CHROMIUM, CHROMIUM_ARGS } from '../chromium.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { once } from 'node:events';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { runAiSdkSuites } from './ai-sdk-suites.mjs';
import { npmCli } from './npm-cli.mjs';

const environment = process.env;
const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const { values: flags } = parseArgs({
  options: { only: { type: 'string' }, keep: { type: 'boolean' }, 'no-build': { type: 'boolean' } },
});
const only = flags.only?.split(',').map((word) => word.trim()) ?? [];

const work = mkdtempSync(join(tmpdir(), 'gk-matrix-'));
const rows = [];
const started = performance.now();

/** Runs a command; returns stdout, or throws an error whose message ends with the command's last output lines. */
function run(command, args, { cwd = work, env = {}, input } = {}) {
  const result = spawnSync(command, args, {
    cwd,
    env: { ...environment, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-25).join('\n');
    const error = new Error(
      `${[command, ...args].join(' ').slice(0, 300)} exited with ${result.status}\n${output}`,
    );
    error.output = `${result.stdout}\n${result.stderr}`;
    throw error;
  }
  return result.stdout;
}

/** Runs one row, timed; a thrown error fails the row and is printed in full, never swallowed. */
/** A row's key: its name up to the colon, without spaces or dots ('node 22 · ai 7: ...' is 'node22ai7'). */
const keyOf = (name) =>
  name
    .split(':')[0]
    .replace(/[\s·]+/g, '')
    .toLowerCase();
/** Whether --only asks for a row: some word starts its key (`--only node20,bun` runs node20ai6, bunai7, ...). */
const wanted = (name) => only.length === 0 || only.some((word) => keyOf(name).startsWith(keyOf(word)));

async function row(name, body, { setup = false } = {}) {
  if (!setup && !wanted(name)) return undefined;
  const start = performance.now();
  process.stdout.write(`▸ ${name}\n`);
  try {
    const value = await body();
    const seconds = (performance.now() - start) / 1000;
    rows.push({ name, status: 'pass', seconds, note: value?.note ?? '' });
    if (setup) setupRows += 1;
    process.stdout.write(`  ✓ ${name} (${seconds.toFixed(1)} s)${value?.note ? `: ${value.note}` : ''}\n`);
    return value;
  } catch (error) {
    const seconds = (performance.now() - start) / 1000;
    rows.push({ name, status: 'FAIL', seconds, note: String(error.message).split('\n')[0] });
    process.stdout.write(
      `  ✗ ${name} (${seconds.toFixed(1)} s)\n${String(error.stack ?? error).replace(/^/gm, '    ')}\n`,
    );
    if (setup) throw error;
    return undefined;
  }
}

/** The platform binary packages of a runtime on the registry, for this machine. */
function nodePackage() {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'win' }[process.platform];
  if (os === undefined) throw new Error(`no node binary package on the registry for ${process.platform}`);
  return `node-${os}-${process.arch}`;
}

function findFile(folder, name) {
  if (!existsSync(folder)) return undefined;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name === name) return join(entry.parentPath ?? entry.path, entry.name);
  }
  return undefined;
}

function writeJson(file, value) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** The last line of stdout that parses as JSON (runtimes may print warnings before it). */
function lastJson(stdout) {
  const line = stdout
    .trim()
    .split('\n')
    .reverse()
    .find((text) => text.startsWith('{'));
  if (line === undefined) throw new Error(`no JSON line in the output:\n${stdout.slice(-2000)}`);
  return JSON.parse(line);
}

/** Fails with the first differing path when a runtime's summary is not the reference's. */
function assertSame(actual, expected, what) {
  if (isDeepStrictEqual(actual, expected)) return;
  const path = firstDifference(actual, expected, '$');
  throw new Error(`${what} differs from the Node 20 · ai 6 reference at ${path}`);
}

function firstDifference(a, b, path) {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return `${path}: ${JSON.stringify(a)?.slice(0, 200)} instead of ${JSON.stringify(b)?.slice(0, 200)}`;
  }
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!isDeepStrictEqual(a[key], b[key])) return firstDifference(a[key], b[key], `${path}.${key}`);
  }
  return path;
}

const CACHE_DAYS = 7;
const cacheRoot = environment['GK_MATRIX_CACHE'] || join(homedir(), '.cache', 'groundkit-matrix');

/**
 * A folder for an install that is large and changes rarely (runtime binaries, browser and edge tools): kept in
 * the cache folder (GK_MATRIX_CACHE, `off` for none) for up to seven days, keyed by what it installs, so a run
 * neither downloads nor writes and deletes a gigabyte every time. Returns the folder and the age of its install.
 */
function cachedInstall(name, spec, install) {
  const key = createHash('sha256')
    .update(JSON.stringify([spec, process.platform, process.arch]))
    .digest('hex');
  const folder = cacheRoot === 'off' ? join(work, name) : join(cacheRoot, `${name}-${key.slice(0, 12)}`);
  const stamp = join(folder, 'installed.json');
  if (existsSync(stamp)) {
    const { at } = JSON.parse(readFileSync(stamp, 'utf8'));
    const days = (Date.now() - Date.parse(at)) / 86_400_000;
    if (days < CACHE_DAYS) return { folder, cached: `cached ${days.toFixed(1)} days ago` };
  }
  // Installed beside the cache entry and renamed into place, so a run never sees half an install.
  const fresh = `${folder}.${process.pid}`;
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh, { recursive: true });
  install(fresh);
  writeJson(join(fresh, 'installed.json'), { at: new Date().toISOString(), spec });
  rmSync(folder, { recursive: true, force: true });
  renameSync(fresh, folder);
  return { folder, cached: 'installed now' };
}

const tarballs = [];
const runtimes = {};
let setupRows = 0;
let toolsModules;
let reference;

try {
  await row(
    'pack: build and npm pack every package',
    () => {
      if (!flags['no-build']) run('npm', ['run', 'build', '--silent'], { cwd: root });
      const folder = join(work, 'tarballs');
      mkdirSync(folder);
      for (const name of readdirSync(join(root, 'packages')).sort()) {
        const manifest = join(root, 'packages', name, 'package.json');
        // Private workspace packages (the shared kit) are bundled into the others and never published.
        if (!existsSync(manifest) || JSON.parse(readFileSync(manifest, 'utf8')).private === true) continue;
        const [packed] = JSON.parse(
          run('npm', ['pack', '--json', '--pack-destination', folder], { cwd: join(root, 'packages', name) }),
        );
        tarballs.push(join(folder, packed.filename));
      }
      return { note: tarballs.map((file) => file.slice(folder.length + 1)).join(', ') };
    },
    { setup: true },
  );

  await row(
    'runtimes: node 20.0.0, 22 and 24, bun, deno from their npm packages',
    () => {
      const platform = nodePackage();
      const dependencies = {
        node20first: `npm:${platform}@20.0.0`,
        node22: `npm:${platform}@^22`,
        node24: `npm:${platform}@^24`,
        bun: '^1',
        deno: '^2',
      };
      const systemMajor = Number(process.versions.node.split('.')[0]);
      if (systemMajor !== 20) dependencies.node20 = `npm:${platform}@^20`;
      const { folder, cached } = cachedInstall('runtimes', dependencies, (target) => {
        writeJson(join(target, 'package.json'), { name: 'gk-matrix-runtimes', private: true, dependencies });
        // The launcher packages' install scripts only link the platform binary, which we call directly instead.
        run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
          cwd: target,
        });
      });
      const modules = join(folder, 'node_modules');
      runtimes.node20 = systemMajor === 20 ? process.execPath : join(modules, 'node20', 'bin', 'node');
      runtimes.node20first = join(modules, 'node20first', 'bin', 'node');
      runtimes.node22 = join(modules, 'node22', 'bin', 'node');
      runtimes.node24 = join(modules, 'node24', 'bin', 'node');
      runtimes.bun = findFile(join(modules, '@oven'), process.platform === 'win32' ? 'bun.exe' : 'bun');
      runtimes.deno = findFile(join(modules, '@deno'), process.platform === 'win32' ? 'deno.exe' : 'deno');
      const versions = [];
      for (const [name, binary] of Object.entries(runtimes)) {
        if (binary === undefined || !existsSync(binary))
          throw new Error(`${name}: no binary in its npm package`);
        versions.push(`${name} ${run(binary, ['--version']).trim().split('\n')[0]}`);
      }
      return { note: `${versions.join(', ')} (${cached})` };
    },
    { setup: true },
  );

  /** Installs the tarballs, an `ai` spec and zod the way a user would, with `node`'s npm and engine checks on. */
  const consumer = (name, node, aiSpec) => {
    const folder = join(work, name);
    mkdirSync(folder);
    cpSync(join(here, 'consumer'), folder, { recursive: true });
    writeJson(join(folder, 'package.json'), { name: `gk-matrix-${name}`, private: true, type: 'module' });
    run(
      node,
      [
        npmCli(),
        'install',
        '--engine-strict',
        '--no-audit',
        '--no-fund',
        '--loglevel=warn',
        ...tarballs,
        aiSpec,
        'zod@^4',
      ],
      {
        cwd: folder,
      },
    );
    const installed = JSON.parse(
      readFileSync(join(folder, 'node_modules', 'ai', 'package.json'), 'utf8'),
    ).version;
    return { folder, ai: installed };
  };

  // One consumer per Node version and ai major, installed on first use (a filtered run needs only some).
  const AI_SPECS = { 6: 'ai@^6', 7: 'ai@^7' };
  const consumers = new Map();
  const ensureConsumer = (version, major) => {
    const name = `node${version}-ai${major}`;
    if (!consumers.has(name)) {
      // Node 20 installs `ai` as a user would (`npm install ai`): npm takes the newest major its engines allow.
      const spec = version === 20 ? 'ai' : AI_SPECS[major];
      const installed = consumer(name, runtimes[`node${version}`], spec);
      if (Number(installed.ai.split('.')[0]) !== major)
        throw new Error(`${spec} installed ai ${installed.ai}`);
      consumers.set(name, { ...installed, spec });
    }
    return consumers.get(name);
  };
  // The summary every other runtime must match: Node 20 with the `ai` npm picks there.
  const referenceSummary = () => {
    if (reference === undefined) {
      const { folder } = ensureConsumer(20, 6);
      reference = lastJson(run(runtimes.node20, ['main.mjs'], { cwd: folder }));
    }
    return reference;
  };
  /**
   * The `gk` command from the installed @gk/cli tarball, through its node_modules/.bin link and with this row's
   * Node first on PATH (the bin starts with `#!/usr/bin/env node`): `gk verify -` on one JSONL line.
   */
  let cliReference;
  const checkCli = (binary, folder) => {
    if (!existsSync(join(folder, 'node_modules', '@gk', 'cli'))) return '';
    const text = 'The software is provided "as is".';
    const line = { id: 'q1', answer: 'The software is provided as is [1]. It was written in 1850 [2].' };
    line.passages = [{ documentId: 'MIT', chunkId: 'MIT#0', start: 0, end: text.length, text }];
    const env = {
      PATH: `${dirname(binary)}${process.platform === 'win32' ? ';' : ':'}${environment['PATH']}`,
    };
    const output = lastJson(
      run(join(folder, 'node_modules', '.bin', 'gk'), ['verify', '-'], {
        cwd: folder,
        env,
        input: `${JSON.stringify(line)}\n`,
      }),
    );
    if (output.verification?.status !== 'answered' || output.verification.rejected.length !== 1) {
      throw new Error(`gk verify printed ${JSON.stringify(output).slice(0, 300)}`);
    }
    cliReference ??= output;
    assertSame(output, cliReference, 'gk verify');
    return ', gk verify';
  };

  /** CommonJS callers: `require()` of ESM where the runtime has it, `import()` everywhere. */
  const checkCommonJs = (binary, folder, loaders = ['require.cjs', 'import.cjs']) => {
    for (const loader of loaders) {
      const loaded = lastJson(run(binary, [loader], { cwd: folder }));
      if (!loaded.loaded || loaded.verify !== 'answered' || loaded.synthesize !== 'answered') {
        throw new Error(`${loader}: ${JSON.stringify(loaded)}`);
      }
    }
  };

  for (const [version, major] of [
    [20, 6],
    [22, 6],
    [22, 7],
    [24, 6],
    [24, 7],
  ]) {
    const spec = version === 20 ? 'ai' : AI_SPECS[major];
    await row(
      `node ${version} · ai ${major}: install the tarballs (${spec}), run the script, require() and import()`,
      () => {
        const node = runtimes[`node${version}`];
        const { folder, ai } = ensureConsumer(version, major);
        const summary =
          version === 20 ? referenceSummary() : lastJson(run(node, ['main.mjs'], { cwd: folder }));
        assertSame(summary, referenceSummary(), `node ${version} · ai ${major}`);
        checkCommonJs(node, folder);
        const cli = checkCli(node, folder);
        return { note: `ai ${ai}, node ${run(node, ['--version']).trim()}${cli}` };
      },
    );
    if (version === 20) {
      await row('node 20 · ai 7: npm refuses it (ai 7 declares node >= 22, engine checks are on)', () => {
        try {
          consumer('node20-ai7', runtimes.node20, 'ai@^7');
        } catch (error) {
          if (/EBADENGINE|Unsupported engine/.test(error.output ?? error.message)) {
            return { note: 'EBADENGINE, as expected' };
          }
          throw error;
        }
        throw new Error('npm --engine-strict installed ai@7 on Node 20');
      });
    }
  }

  await row(
    'node 20.0.0 · ai 6: the first Node 20 runs the script and import(); require() of ESM needs 20.19',
    () => {
      const { folder } = ensureConsumer(20, 6);
      const node = runtimes.node20first;
      // npm 11 does not run on Node 20.0.0, so the Node 20 install stands in: its engines are checked against 20.0.0.
      const semver = createRequire(npmCli())('semver');
      const refused = [];
      for (const file of readdirSync(join(folder, 'node_modules'), { recursive: true })) {
        if (!/^(?:.*\/)?(?:@[^/]+\/)?[^/@][^/]*\/package\.json$/.test(file.replaceAll('\\', '/'))) continue;
        const manifest = JSON.parse(readFileSync(join(folder, 'node_modules', file), 'utf8'));
        const range = manifest.engines?.node;
        if (manifest.name && range && !semver.satisfies('20.0.0', range))
          refused.push(`${manifest.name} (${range})`);
      }
      if (refused.length > 0) throw new Error(`engines refuse Node 20.0.0: ${refused.join(', ')}`);
      assertSame(
        lastJson(run(node, ['main.mjs'], { cwd: folder })),
        referenceSummary(),
        'node 20.0.0 · ai 6',
      );
      checkCommonJs(node, folder, ['import.cjs']);
      checkCli(node, folder);
      try {
        run(node, ['require.cjs'], { cwd: folder });
      } catch (error) {
        if (/ERR_REQUIRE_ESM/.test(error.output ?? '')) {
          return {
            note: `${run(node, ['--version']).trim()}, require(): ERR_REQUIRE_ESM, as the READMEs say`,
          };
        }
        throw error;
      }
      throw new Error('require() of ESM worked on Node 20.0.0: the READMEs say it needs 20.19');
    },
  );

  // The lowest release of each major in the peer range `^6.0.0 || ^7.0.0`, so the range claims nothing untested.
  for (const [version, spec] of [
    [20, 'ai@6.0.0'],
    [22, 'ai@7.0.0'],
  ]) {
    await row(
      `node ${version} · ${spec.replace('@', ' ')}: the lowest release of the major runs the script`,
      () => {
        const node = runtimes[`node${version}`];
        const { folder, ai } = consumer(`node${version}-${spec.replace('@', '')}`, node, spec);
        assertSame(lastJson(run(node, ['main.mjs'], { cwd: folder })), referenceSummary(), `ai ${ai}`);
        return { note: `ai ${ai}, node ${run(node, ['--version']).trim()}` };
      },
    );
  }

  for (const runtime of ['bun', 'deno']) {
    for (const major of [6, 7]) {
      await row(`${runtime} · ai ${major}: the same script, packages from node_modules`, () => {
        const { folder } = ensureConsumer(22, major);
        const denoDir = join(work, `deno-dir-${major}`);
        const command =
          runtime === 'bun'
            ? ['main.mjs']
            : [
                'run',
                '--node-modules-dir=manual',
                '--no-remote',
                '--allow-read',
                '--allow-env',
                '--allow-sys',
                'main.mjs',
              ];
        const env = { DENO_DIR: denoDir, DENO_NO_UPDATE_CHECK: '1' };
        const summary = lastJson(run(runtimes[runtime], command, { cwd: folder, env }));
        assertSame(summary, referenceSummary(), `${runtime} · ai ${major}`);
        // Deno resolved every import from node_modules: nothing was fetched into its own npm cache.
        const denoNpm = join(denoDir, 'npm');
        if (
          runtime === 'deno' &&
          existsSync(denoNpm) &&
          readdirSync(denoNpm, { recursive: true }).length > 0
        ) {
          throw new Error(`deno fetched npm packages into ${denoDir}`);
        }
        if (runtime === 'bun') checkCommonJs(runtimes.bun, folder);
        return { note: run(runtimes[runtime], ['--version']).trim().split('\n')[0] };
      });
    }
  }

  await row(
    'ai 7 suites: every AI SDK test suite of the repository on ai@7 and its provider majors, Node 22',
    () => {
      runAiSdkSuites({ node: runtimes.node22, work });
    },
  );

  if (wanted('chromium') || wanted('workerd')) {
    await row(
      'browser and edge tools: playwright-core, miniflare (workerd) from npm, Node 22',
      () => {
        const tools = ['playwright-core@^1', 'miniflare@^4'];
        const { folder, cached } = cachedInstall('tools', tools, (target) => {
          writeJson(join(target, 'package.json'), { name: 'gk-matrix-tools', private: true, type: 'module' });
          // Miniflare declares node >= 22; the platform's workerd binary arrives as an optional dependency.
          const install = ['install', '--engine-strict', '--ignore-scripts', '--no-audit', '--no-fund'];
          run(runtimes.node22, [npmCli(), ...install, '--loglevel=error', ...tools], { cwd: target });
        });
        toolsModules = join(folder, 'node_modules');
        return { note: cached };
      },
      { setup: true },
    );
  }

  /** esbuild (the repository's) bundles an entry of the consumer, resolving the packages from its node_modules. */
  const bundle = (entry, platformOptions) => {
    const { folder } = ensureConsumer(22, 7);
    const outfile = join(work, entry.replace('.mjs', '.bundle.js'));
    run(
      join(root, 'node_modules', '.bin', 'esbuild'),
      [
        join(folder, entry),
        '--bundle',
        '--minify',
        '--format=esm',
        `--outfile=${outfile}`,
        '--log-level=warning',
        ...platformOptions,
      ],
      { cwd: folder },
    );
    return { outfile, bytes: readFileSync(outfile).length };
  };

  await row(
    'chromium: @gk/citations, @gk/echo-check, @gk/eval-schema bundled by esbuild, headless',
    async () => {
      if (!existsSync(CHROMIUM))
        throw new Error(`${CHROMIUM} does not exist (apt-get install chromium, or set GK_CHROMIUM)`);
      const { outfile, bytes } = bundle('browser.mjs', ['--platform=browser']);
      const { chromium } = await import(
        pathToFileURL(join(toolsModules, 'playwright-core', 'index.mjs')).href
      );
      // Served from 127.0.0.1, a secure context like any https page, as a web app would serve its bundle.
      const files = {
        '/': [
          'text/html',
          '<!doctype html><meta charset="utf-8"><script type="module" src="/app.js"></script>',
        ],
        '/app.js': ['text/javascript', readFileSync(outfile)],
      };
      const server = createServer((request, response) => {
        const [type, body] = files[request.url] ?? ['text/plain', 'not found'];
        response.writeHead(files[request.url] ? 200 : 404, { 'content-type': type });
        response.end(body);
      }).listen(0, '127.0.0.1');
      await once(server, 'listening');
      const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
      try {
        const page = await browser.newPage();
        const errors = [];
        page.on('pageerror', (error) => errors.push(String(error)));
        await page.goto(`http://127.0.0.1:${server.address().port}/`);
        await page.waitForFunction(() => globalThis.__gkMatrix !== undefined);
        const result = JSON.parse(await page.evaluate(() => globalThis.__gkMatrix));
        if (result.error || errors.length > 0) throw new Error(result.error ?? errors.join('\n'));
        assertSame(result.validators, referenceSummary().validators, 'chromium');
        return { note: `${browser.version()}, bundle ${(bytes / 1024).toFixed(0)} KB minified` };
      } finally {
        await browser.close();
        server.close();
      }
    },
  );

  await row('workerd: the same three packages as a Cloudflare Worker (Miniflare), bundled by esbuild', () => {
    const { outfile, bytes } = bundle('worker.mjs', [
      '--platform=browser',
      '--conditions=workerd,worker,browser',
    ]);
    const body = run(runtimes.node22, [join(here, 'edge.mjs'), outfile, toolsModules]);
    const result = lastJson(body);
    if (result.error) throw new Error(result.error);
    assertSame(result.validators, referenceSummary().validators, 'workerd');
    return {
      note: `workerd ${result.runtime ?? ''}, bundle ${(bytes / 1024).toFixed(0)} KB minified`.replace(
        '  ',
        ' ',
      ),
    };
  });

  await row('types · ai 7: a TypeScript consumer type-checks against ai@7 with skipLibCheck: false', () => {
    const { folder } = ensureConsumer(22, 7);
    cpSync(join(root, 'scripts', 'consumer', 'main.ts'), join(folder, 'main.ts'));
    cpSync(join(root, 'scripts', 'consumer', 'tsconfig.json'), join(folder, 'tsconfig.json'));
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const dev = [
      `@types/node@${manifest.devDependencies['@types/node']}`,
      // The AI SDK's types import json-schema; the READMEs tell skipLibCheck: false users to add its types.
      '@types/json-schema@^7.0.15',
    ];
    const install = [
      'install',
      '--engine-strict',
      '--no-audit',
      '--no-fund',
      '--loglevel=warn',
      '--save-dev',
    ];
    run(runtimes.node22, [npmCli(), ...install, ...dev], { cwd: folder });
    // The repository's TypeScript reads the consumer's node_modules: the tarballs' .d.ts files and ai@7's.
    const typescript = join(root, 'node_modules', 'typescript');
    run(runtimes.node22, [join(typescript, 'bin', 'tsc'), '--noEmit', '-p', '.'], { cwd: folder });
    return {
      note: `typescript ${JSON.parse(readFileSync(join(typescript, 'package.json'), 'utf8')).version}`,
    };
  });
} catch (error) {
  process.stdout.write(
    `\nA setup row failed, so the rows after it could not run: ${String(error.message).split('\n')[0]}\n`,
  );
} finally {
  const total = (performance.now() - started) / 1000;
  const width = Math.max(...rows.map((r) => r.name.length), 10);
  process.stdout.write(`\nruntime matrix (${total.toFixed(1)} s in all)\n`);
  for (const r of rows) {
    process.stdout.write(
      `  ${r.status.padEnd(4)}  ${r.seconds.toFixed(1).padStart(6)} s  ${r.name.padEnd(width)}  ${r.note}\n`,
    );
  }
  if (flags.keep) process.stdout.write(`work folder kept: ${work}\n`);
  else if (process.platform === 'win32') rmSync(work, { recursive: true, force: true });
  else {
    // Deleting some 20,000 installed files takes tens of seconds on slow disks: a detached rm does it after us.
    spawn('rm', ['-rf', work], { detached: true, stdio: 'ignore' }).unref();
    process.stdout.write(`work folder ${work} is being removed in the background\n`);
  }
}

if (rows.length === setupRows || rows.some((r) => r.status !== 'pass')) {
  if (rows.length === setupRows) process.stdout.write(`\nno row matched --only ${flags.only}\n`);
  process.stdout.write('\n✗ the runtime matrix failed\n');
  process.exit(1);
}
process.stdout.write('\n✓ every runtime printed the same summary from the packed tarballs\n');
