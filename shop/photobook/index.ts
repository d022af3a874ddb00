/** Photo book rules (issue 33): pages, spine, cover spread and the book products. */
export * from './cover.ts';
export * from './pages.ts';
export * from './products.ts';
export * from './spine.ts';
