import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const node = ['packages/protocol', 'packages/device-client', 'packages/amp-sim', 'packages/cloud', 'bench'];

export default defineConfig({
  test: {
    projects: [
      ...node.map((root) => ({
        extends: true,
        test: { name: root.replace('packages/', ''), root, include: ['src/**/*.test.ts', '*.test.ts'] },
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
