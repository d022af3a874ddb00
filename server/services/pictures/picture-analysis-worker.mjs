// The picture analysis thread's entry (piscina, analysisPool.ts): plain JavaScript so it loads without
// a TypeScript loader, then tsx compiles the TypeScript it imports, as the render workers do
// (production/worker.mjs). The detector's weights load on the first picture and stay for the next.
import { register } from 'tsx/esm/api';

register();
const { analysePicture, signalsOfPicture } = await import('./pictureAnalysis.ts');
export default ({ bytes, original }) => analysePicture(bytes, original);
/** The photo book's signals alone (issue 33), for a picture whose regions were found before them. */
export const signals = ({ bytes, original }) => signalsOfPicture(bytes, original);
