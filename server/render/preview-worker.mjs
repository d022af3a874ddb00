// The preview worker thread's entry (piscina): plain JavaScript so it loads without a TypeScript
// loader, then tsx compiles the TypeScript it imports, as `npm start` does in the main thread.
import { register } from 'tsx/esm/api';

register();
const { runPreviewTask } = await import('./previewTask.ts');
export default runPreviewTask;
