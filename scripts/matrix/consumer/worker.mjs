// Edge-runtime entry of the runtime-matrix script (a Cloudflare Worker run by workerd through Miniflare),
// bundled with esbuild: the validators' half, returned as the response body.
import { runValidators } from './validators.mjs';

export default {
  async fetch() {
    try {
      return new Response(JSON.stringify({ validators: await runValidators() }));
    } catch (error) {
      return new Response(JSON.stringify({ error: String(error?.stack ?? error) }), { status: 500 });
    }
  },
};
