import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const node = ['packages/protocol', 'packages/device-client', 'packages/amp-sim', 'packages/cloud', 'bench'];

export default defineConfig({
  test: {
    projects: [
      ...node.map((root) => ({
        extends: true,
        test: {
          name: root.replace('packages/', ''),
          root,
          include: ['src/**/*.test.ts', '*.test.ts'],
          // one module graph per worker for the Node projects, not one per file: the cloud's files each imported
          // Fastify, drizzle, PGlite and the rest again (import 170 s summed); on one quiet machine the cloud project
          // took 474 s isolated and 347 s not, every file passing either way (no file mocks a module, one fakes
          // timers and restores them). The console's files stay isolated: their language and DOM leak between files
          isolate: false,
        },
      })),
      {
        extends: true,
        test: {
          name: 'web',
          root: 'packages/web',
          // happy-dom (docs/adr/0010): a fresh DOM per file in a fraction of jsdom's set-up (faster single files; no
          // CI-wide gain measured); the few files that need what only jsdom models (a native <select>'s value, a File's name in FormData,
          // labels of nested inputs) say `@vitest-environment jsdom` at their top
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup.ts'],
          // the libraries the console's files import, each pre-bundled once into one module (vite's dep optimizer)
          // instead of hundreds of files loaded again in every test file: the whole web project 351 → 301 s on the
          // same quiet machine (import 160 → 118 s summed); a fresh cache costs ~5 s to build
          deps: {
            optimizer: {
              client: {
                enabled: true,
                include: [
                  '@mui/material',
                  '@mui/material/*',
                  '@emotion/react',
                  '@emotion/styled',
                  '@reduxjs/toolkit',
                  '@reduxjs/toolkit/query/react',
                  'react-redux',
                  'react-router',
                  'react-router/dom',
                  'react-hook-form',
                  '@hookform/resolvers/zod',
                  'i18next',
                  'react-i18next',
                  'zod',
                  'libphonenumber-js',
                  '@testing-library/react',
                  '@testing-library/user-event',
                ],
              },
            },
          },
        },
      },
    ],
    testTimeout: 20_000,
    // vitest's default is one worker fewer than the cores: one worker on a 2-core CI machine, while most files wait on
    // sockets, timers and child processes; two at least halve the wall time there
    maxWorkers: Math.max(2, availableParallelism()),
    passWithNoTests: true,
    // .ci/run sets RACKSIDE_REPORT_DIR to collect counts from every runner
    reporters: process.env.RACKSIDE_REPORT_DIR
      ? ['default', ['json', { outputFile: `${process.env.RACKSIDE_REPORT_DIR}/vitest.json` }]]
      : ['default'],
  },
});
