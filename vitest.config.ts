import { defineConfig } from 'vitest/config';

const projects = ['packages/protocol', 'packages/device-client', 'packages/amp-sim', 'packages/cloud', 'bench'];

export default defineConfig({
  test: {
    projects: projects.map((root) => ({
      extends: true,
      test: { name: root.replace('packages/', ''), root, include: ['src/**/*.test.ts', '*.test.ts'] },
    })),
    testTimeout: 20_000,
    passWithNoTests: true,
  },
});
