import { defineConfig } from 'vitest/config';

const server = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  globalSetup: ['test/server/seeded-pglite.ts'],
};

// Each runner has its own folder: vitest never picks up the Playwright specs in test/e2e.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker (fonts, HarfBuzz, the engine are imported once, not per file):
          // 21 s instead of 160 s. Tests that stub a global or the timers put them back after.
          isolate: false,
        },
      },
      {
        test: {
          ...server,
          name: 'server',
          include: ['test/server/**/*.test.ts'],
          exclude: ['test/server/fuzz.test.ts'],
          // The files of a worker share one module graph: importing the server (fastify, sharp,
          // canvas, pg-boss, the AWS SDK…) once per worker instead of once per file halves the run.
          // Each file still builds its own apps and databases; nothing in the server keeps state in
          // a module that a second app would see.
          isolate: false,
        },
      },
      {
        // The fuzz suite mocks password hashing (cheaper scrypt) for its own app: isolated, so the
        // mock never reaches another file's module graph.
        test: { ...server, name: 'server-fuzz', include: ['test/server/fuzz.test.ts'], isolate: true },
      },
    ],
  },
});
