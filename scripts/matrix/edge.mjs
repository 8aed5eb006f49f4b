// Runs a bundled Cloudflare Worker once in workerd through Miniflare and prints its response body. Started by
// run.mjs with Node 22 (Miniflare declares node >= 22): node edge.mjs <worker bundle> <node_modules with miniflare>
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [bundle, modules] = process.argv.slice(2);
const resolveTool = createRequire(join(modules, 'resolve.js')).resolve;
const { Miniflare } = await import(pathToFileURL(resolveTool('miniflare')).href);
const miniflare = new Miniflare({
  modules: true,
  script: readFileSync(bundle, 'utf8'),
  compatibilityDate: '2025-09-01',
  compatibilityFlags: [],
});
try {
  const response = await miniflare.dispatchFetch('http://localhost/');
  const body = await response.json();
  const { version } = JSON.parse(readFileSync(join(modules, 'workerd', 'package.json'), 'utf8'));
  console.log(JSON.stringify({ ...body, runtime: version }));
} finally {
  await miniflare.dispose();
}
