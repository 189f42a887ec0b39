/**
 * `react-dom/static` for the build's prerender when the app is drawn by Preact (vite.config.ts
 * points that import here; decision 015). Only what web/prerender.tsx uses: `prerender(app)`
 * resolves once every lazy part has loaded, with the whole HTML in one piece (no streamed
 * boundaries, so no inline script), as React's does with `progressiveChunkSize: Infinity`.
 */
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';

export async function prerender(
  app: VNode,
  _options?: { progressiveChunkSize?: number },
): Promise<{ prelude: ReadableStream<Uint8Array> }> {
  const html = await renderToStringAsync(app);
  return { prelude: new Blob([html]).stream() };
}
