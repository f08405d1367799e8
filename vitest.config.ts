import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        // Component tests (test/renderer/components) import .vue files.
        plugins: [vue()],
        test: { name: 'unit', include: ['test/**/*.test.ts'], exclude: ['test/e2e/**', '**/node_modules/**'] },
      },
      {
        // Browser tests (test/e2e): build the renderer once, then one file at a time after the
        // unit tests (each file runs a server and Chromium; in parallel on 2 cores they crowd).
        extends: true,
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
