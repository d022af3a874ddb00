// A picture decode thread (pictureDecode.ts DecodeThreads): decodes the pictures it is sent, one at
// a time, until it is ended. Plain JavaScript so it loads without a TypeScript loader, then tsx
// compiles the TypeScript it imports, as the render workers do (production/worker.mjs).
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { decodePicture } = await import('./pictureDecode.ts');
parentPort.on('message', async (task) => {
  try {
    parentPort.postMessage({ result: await decodePicture(task) });
  } catch (err) {
    parentPort.postMessage({ error: String(err?.stack ?? err) });
  }
});
