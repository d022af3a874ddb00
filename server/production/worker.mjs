// The render worker thread's entry (piscina): plain JavaScript so it loads without a TypeScript
// loader, then tsx compiles the TypeScript it imports, as `npm start` does in the main thread.
import { register } from 'tsx/esm/api';

register();
const { runRenderTask } = await import('./renderTask.ts');
export default runRenderTask;
