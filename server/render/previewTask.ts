/**
 * A thumbnail drawn in a worker thread (previewPool.ts): the page scenes of its preview sheet
 * (engine/previewSheet.ts), built on the event loop (cheap), are drawn there with Konva on
 * @napi-rs/canvas (tens to hundreds of milliseconds of CPU a page), so the shop keeps answering while
 * thumbnails are drawn.
 */
import type { FontSet, PageScene, PreviewSheet } from '../../engine/index.ts';
import { loadFontSet } from '../fonts.ts';
import type { StorageConfig } from '../storage/objectStore.ts';
import { objectStoreFor } from '../storage/open.ts';
import { createImageLoader } from './images.ts';
import { samplePicturePng } from './sample-pictures.ts';
import { renderSheetPng } from './sheet-renderer.ts';
import { artReader } from './templateArt.ts';

export interface PreviewTask {
  /** Where the pages go: every printed part of the product in one picture. */
  sheet: PreviewSheet;
  /** The sheet's pages, in the order of its cells. */
  scenes: PageScene[];
  /** The whole sheet's width. */
  widthPx: number;
  /** The shopper's pictures the scene draws, by uuid, as JPEG bytes of a fitting derivative. */
  pictures: Record<string, Uint8Array>;
  /**
   * The shop's storage, as plain data: a published template's art is stored there, not on disk
   * (render/templateArt.ts), so the thread opens its own client, as production's does.
   */
  storage: StorageConfig;
  /** A list preview: the sample pictures (render/sample-pictures.ts) are drawn here, by their uuids. */
  samples?: boolean;
}

let fonts: Promise<FontSet> | null = null;

/** Answers the thumbnail as PNG bytes; a picture not given leaves its slot empty. */
export async function runPreviewTask(task: PreviewTask): Promise<Uint8Array> {
  fonts ??= loadFontSet();
  const loadImage = createImageLoader({
    art: artReader(objectStoreFor(task.storage)),
    userPicture: async (uuid) => task.pictures[uuid] ?? (task.samples ? samplePicturePng(uuid) : null),
  });
  const png = await renderSheetPng(task.sheet, task.scenes, task.widthPx, {
    fonts: await fonts,
    loadImage,
    missingPicture: 'skip',
  });
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
