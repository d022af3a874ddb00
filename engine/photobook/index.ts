/** The photo book's auto-create layout (issue 33); exported through engine/index.ts. */
export * from './autoLayout.ts';
export * from './blur.ts';
export * from './bookPicture.ts';
export * from './chapterPages.ts';
export * from './chapters.ts';
export * from './duplicates.ts';
export * from './pageCount.ts';
export * from './pageLayouts.ts';
export * from './templateLayouts.ts';
