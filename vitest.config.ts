import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './test/longFirstSequencer.ts';

const ONCE = [
  'test/server/fuzz.test.ts',
  'test/server/render/pdf-renderer.test.ts',
  'test/server/picture-decode-memory.test.ts',
];

const server = {
  environment: 'node' as const,
  testTimeout: 30_000,
  hookTimeout: 60_000,
  globalSetup: ['test/server/seeded-pglite.ts'],
};

// Each runner has its own folder: vitest never picks up the Playwright specs in test/e2e.
export default defineConfig({
  test: {
    // Two files at a time even on a 2-core machine (vitest's default there is one): the server files
    // spend most of their time waiting on PostgreSQL, pg-boss, pdftoppm and the render workers, so a
    // second file fills that wait. The server suite on PostgreSQL went from 754 s to 348 s, on PGlite
    // from 361 s to 128 s (CI stays under its 30 minutes). At most 4 on larger machines: each file
    // opens its own database connections.
    maxWorkers: Math.min(4, Math.max(2, availableParallelism())),
    sequence: { sequencer: LongFirstSequencer },
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
          exclude: ONCE,
          // The files of a worker share one module graph: importing the server (fastify, sharp,
          // canvas, pg-boss, the AWS SDK…) once per worker instead of once per file halves the run.
          // Each file still builds its own apps and databases; nothing in the server keeps state in
          // a module that a second app would see.
          isolate: false,
        },
      },
      {
        // Files that run once, on the machine's clock (npm test's faked-clock pass leaves them out):
        // the fuzz suite (random input, no decision made from the date; it mocks password hashing, so
        // it is isolated and the mock never reaches another file) and the print PDF comparisons
        // (pixels, dated by the test's own order), and the decoders' memory (a child process decoding
        // pictures; neither the database nor the date plays a part). Each is minutes on a 2-core CI
        // machine.
        test: { ...server, name: 'server-once', include: ONCE, isolate: true },
      },
    ],
  },
});
