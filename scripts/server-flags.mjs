// Node flags of a shop server process (npm start, the load bench). A young generation of 4 MB per
// semi-space instead of V8's default, which is sized from the machine's memory: an idle shop keeps
// ~100 MB less heap, for a few more short collections (docs/decisions.md, issue 16).
// --expose-gc: the shop gives memory back once a load has passed, with V8's last-resort collection
// (server/wiring/idleMemory.ts, issue 28).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--expose-gc'];

/**
 * The flags for a server on the database `env` names. On PGlite (no DATABASE_URL) also
 * --liftoff-only: WebAssembly runs on V8's baseline compiler only. Tiering PGlite's 9 MB module up to
 * TurboFan kept about 80 MB more resident for good (an idle shop on PGlite 300 → 245 MB), and PGlite's
 * queries were no slower without it. The flag is the whole process's: the print workers' HarfBuzz
 * then runs on the baseline compiler too (a 13-page calendar 9.9 → 10.5 s), so a shop on PostgreSQL,
 * whose main thread runs no WebAssembly, goes without it (docs/decisions.md, "Server memory").
 */
export function serverNodeFlags(env = process.env) {
  return env.DATABASE_URL ? SERVER_NODE_FLAGS : [...SERVER_NODE_FLAGS, '--liftoff-only'];
}

// glibc's malloc as a shop server process runs it. Two arenas: sharp's and the render workers' threads
// otherwise fragment the heap, and the server keeps hundreds of MB it no longer uses
// (bench/production.bench.ts). Fixed mmap and trim thresholds of 128 KB: with glibc's sliding
// threshold, the buffers of a start's migrating, seeding and list previews were carved out of the
// heap and stayed behind freed; mapped on their own they go back when freed (a first start on PGlite
// idled at 287 MB instead of 339 MB; docs/decisions.md, "Server memory").
export const SERVER_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};
