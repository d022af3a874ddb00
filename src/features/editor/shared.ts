/**
 * What the editor lends other features (the layer rule in biome.json lets a feature import another
 * only through its shared.ts): the editor screen the cart opens on a template line, and the page
 * canvas, fonts and picture loader the author harness draws with. The editor's stylesheet comes along,
 * since the screen needs it wherever it opens.
 */
import './editor.css';

export { loadBrowserFonts } from './browserFonts.ts';
export { EditorNotReady } from './EditorNotReady.tsx';
export { EditorScreen } from './EditorScreen.tsx';
export { lineStorageKey } from './editorRules.ts';
export { PageCanvas, pagePixels } from './PageCanvas.tsx';
export { type BrowserPictureLoader, createBrowserPictureLoader, pictureKey } from './pictures.ts';
export { useEditorTemplate } from './useEditorTemplate.ts';
