import { defineConfig } from 'vitest/config';

const projects = ['packages/protocol', 'packages/device-client', 'packages/amp-sim', 'packages/cloud', 'bench'];

export default defineConfig({
  test: {
    projects: projects.map((root) => ({
      extends: true,
      test: { name: root.replace('packages/', ''), root, include: ['src/**/*.test.ts', '*.test.ts'] },
    })),
    testTimeout: 20_000,
    // .ci/run sets RACKSIDE_REPORT_DIR to collect counts from every runner
    reporters: process.env.RACKSIDE_REPORT_DIR
      ? ['default', ['json', { outputFile: `${process.env.RACKSIDE_REPORT_DIR}/vitest.json` }]]
      : ['default'],
    passWithNoTests: true,
  },
});
