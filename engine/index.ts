/**
 * The engine's public entry: src/ and server/ import the engine only from here (the lint's layer rule
 * in biome.json holds it). Every module is pure, with no top-level side effects, so a screen that imports
 * one function from here bundles only what that function needs; HarfBuzz is imported lazily by
 * text/fonts.ts (bench/start-page-bundle.bench.ts checks the start page stays free of it and Konva).
 */

export * from './book.ts';
export * from './calendar.ts';
export * from './draw.ts';
export * from './gesture.ts';
export * from './guides.ts';
export * from './harness.ts';
export * from './image.ts';
export * from './instance.ts';
export * from './languages.ts';
export * from './photobook/index.ts';
export * from './pictureRegions.ts';
export * from './preflight.ts';
export * from './previewSheet.ts';
export * from './quality.ts';
export * from './scene.ts';
export * from './spineText.ts';
export * from './suggestedCrop.ts';
export * from './template.ts';
export * from './text/index.ts';
