// Node flags of a shop server process (npm start, the load bench). A young generation of 4 MB per
// semi-space instead of V8's default, which is sized from the machine's memory: an idle shop keeps
// ~100 MB less heap, for a few more short collections (docs/decisions.md, issue 16).
// --expose-gc: the shop gives memory back once a load has passed, with V8's last-resort collection
// (server/wiring/idleMemory.ts, issue 28).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4', '--expose-gc'];
