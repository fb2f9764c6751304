/**
 * The baseline of the bundle and Lighthouse benches: a minimal React 19 app (createRoot, StrictMode, one heading)
 * built by Vite with @vitejs/plugin-react and the console's build options.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './browser';

/** The built baseline: its dist folder (index.html, assets/) and how long Vite took. */
export interface ReactBaseline {
  readonly dist: string;
  readonly buildMs: number;
}

// under the repository's node_modules so that react and react-dom resolve as they do for the console
const DIR = join(REPO_ROOT, 'node_modules/.cache/rackside-bench/react-baseline');

let built: Promise<ReactBaseline> | undefined;

/** Builds the baseline once per process (the bundle and Lighthouse benches of one run share it). */
export function reactBaseline(): Promise<ReactBaseline> {
  built ??= buildReactBaseline();
  return built;
}

async function buildReactBaseline(): Promise<ReactBaseline> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(join(DIR, 'src'), { recursive: true });
  writeFileSync(
    join(DIR, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head><meta charset="UTF-8" /><title>Baseline</title></head>\n' +
      '  <body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body>\n</html>\n',
  );
  writeFileSync(
    join(DIR, 'src/main.jsx'),
    "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\n\n" +
      "createRoot(document.getElementById('root')).render(\n  <StrictMode>\n    <h1>Hello</h1>\n  </StrictMode>,\n);\n",
  );
  const { build } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const t0 = performance.now();
  // packages/web/vite.config.ts, less the dev server
  await build({
    root: DIR,
    configFile: false,
    logLevel: 'silent',
    base: '/',
    plugins: [react()],
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
  });
  return { dist: join(DIR, 'dist'), buildMs: performance.now() - t0 };
}
