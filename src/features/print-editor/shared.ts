/**
 * What the print editor lends other features (the layer rule in biome.json lets a feature import
 * another only through its shared.ts): the editor itself, which the cart opens on a print line.
 */
export { PrintEditor } from './PrintEditor.tsx';
