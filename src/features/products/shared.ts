/**
 * What the product pages lend other features (the layer rule in biome.json lets a feature import
 * another only through its shared.ts): a category's link (the content pages' promotions) and the
 * prints' size range (the upload page).
 */
export { CategoryLink } from './CategoryLink.tsx';
export { type PrintSizeRange, printSizeRange } from './useProductsPage.ts';
