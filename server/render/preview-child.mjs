// The list previews' drawing process at start (previewProcess.ts): plain JavaScript so it loads
// without a TypeScript loader, then tsx compiles the TypeScript it imports. Each message is a
// PreviewTask with an id; the answer is its PNG or its error, under the same id.
import { register } from 'tsx/esm/api';

register();
const { runPreviewTask } = await import('./previewTask.ts');
process.on('message', async ({ id, task }) => {
  try {
    process.send({ id, png: await runPreviewTask(task) });
  } catch (error) {
    process.send({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
process.send({ ready: true });
