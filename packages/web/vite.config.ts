// The console's build: `npm run build -w @rackside/web` writes dist/, which every emulated amp serves (spec 2 §7:
// the amp serves the app in local mode) and the cloud serves with its hosting tags (cloud mode). `npm run dev -w
// @rackside/web` serves it with hot reload; point it at an amp with ?host=127.0.1.1:1234, or run it in cloud mode
// against `npm run cloud` with RACKSIDE_HOSTING=cloud (or cloud-china): /api is proxied to the cloud (docs/adr/0003).
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';

const hosting = process.env.RACKSIDE_HOSTING;

/** In development only: the tags the cloud adds to index.html (packages/cloud/src/plugins/web-app.ts). */
const cloudTags = (): Plugin => ({
  name: 'rackside-cloud-tags',
  apply: 'serve',
  transformIndexHtml: () =>
    hosting === 'cloud' || hosting === 'cloud-china'
      ? [
          { tag: 'meta', attrs: { name: 'rackside-hosting', content: hosting } },
          { tag: 'meta', attrs: { name: 'rackside-api', content: '/api' } },
        ]
      : [],
});

/**
 * The first route (docs/adr/0004): index.html fetches the amp list's chunk, its imports and its CSS beside the entry
 * instead of after it (main.tsx imports it lazily, so that cloud mode does not run it). Cloud mode fetches it too,
 * unused: 15 KB gzip, against a round trip saved on every local visit.
 */
const firstRoutePreload = (): Plugin => ({
  name: 'rackside-first-route-preload',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (html, { bundle }) => {
      const chunks = Object.values(bundle ?? {}).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const list = chunks.find((c) => c.moduleIds.some((id) => id.endsWith('/src/features/amp-list/index.ts')));
      if (!list) throw new Error('rackside-first-route-preload: no chunk for features/amp-list/index.ts');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const files = new Set<string>();
      const visit = (c: Rollup.OutputChunk) => {
        if (files.has(c.fileName)) return;
        files.add(c.fileName);
        for (const i of c.imports) {
          const next = byName.get(i);
          if (next) visit(next);
        }
      };
      visit(list);
      const css = [...files].flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
      const missing = (f: string) => !html.includes(`"/${f}"`);
      return [
        ...[...files].filter(missing).map((f): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
          injectTo: 'head',
        })),
        ...[...new Set(css)].filter(missing).map((f): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel: 'stylesheet', crossorigin: true, href: `/${f}` },
          injectTo: 'head',
        })),
      ];
    },
  },
});

/** `locale-es` for src/shared/i18n/locales/es/*.json (English is in the main chunk), else the default splitting. */
const localeChunk = (id: string): string | null => {
  const lang = /\/shared\/i18n\/locales\/([^/]+)\/[^/]+\.json$/.exec(id)?.[1];
  return lang && lang !== 'en' ? `locale-${lang}` : null;
};

export default defineConfig({
  base: '/',
  plugins: [react(), cloudTags(), firstRoutePreload()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      output: {
        // issue 4: the languages English falls back from load lazily (shared/i18n/app-i18n.ts), each as one chunk
        codeSplitting: { groups: [{ name: (id) => localeChunk(id) }] },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': process.env.RACKSIDE_CLOUD_URL ?? 'http://127.0.0.1:8090' },
  },
});
