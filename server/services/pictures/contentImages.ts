/**
 * Content pictures (shop/contentImages.ts): their own size, read once, for the page's width and
 * height; and a photo's resized copies, made by sharp (in libuv's threads, not on the event loop) the
 * first time they are asked for and kept on disk.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  CONTENT_IMAGE_FILE,
  type ContentImageFormat,
  type ContentImageWidth,
  resizableFile,
} from '../../../shop/index.ts';
import { writeFileAtomic } from '../../storage/atomicFile.ts';

export interface ImageSize {
  width: number;
  height: number;
}

const IMG_PREFIX = '/m/img/';

export class ContentImages {
  private readonly sizes = new Map<string, Promise<ImageSize | null>>();
  private readonly making = new Map<string, Promise<Buffer>>();

  constructor(
    /** public/img: the pictures content pages name as /m/img/…. */
    private readonly imgDir: string,
    /** Where the resized copies are kept (DATA_DIR/content-images). */
    private readonly cacheDir: string,
  ) {}

  /** The own size of a picture named `/m/img/<file>` (SVG included); null for anything else. */
  sizeOf(src: string): Promise<ImageSize | null> {
    const file = src.startsWith(IMG_PREFIX) ? src.slice(IMG_PREFIX.length) : null;
    if (!file || !CONTENT_IMAGE_FILE.test(file)) return Promise.resolve(null);
    let size = this.sizes.get(file);
    if (!size) {
      size = sharp(path.join(this.imgDir, file))
        .metadata()
        .then(
          ({ width, height, autoOrient }) =>
            width && height
              ? { width: autoOrient?.width ?? width, height: autoOrient?.height ?? height }
              : null,
          () => null,
        );
      this.sizes.set(file, size);
    }
    return size;
  }

  /**
   * The photo `file` at `width` px in `format`: the kept copy, or made now (once, however many ask at
   * the same time). Null when there is no such photo.
   */
  async resized(file: string, width: ContentImageWidth, format: ContentImageFormat): Promise<Buffer | null> {
    if (!resizableFile(`${IMG_PREFIX}${file}`)) return null;
    const source = path.join(this.imgDir, file);
    const sourceStat = await stat(source).catch(() => null);
    if (!sourceStat?.isFile()) return null;
    // A replaced photo is a new copy: its change time is in the name.
    const kept = path.join(this.cacheDir, `${file}.${Math.round(sourceStat.mtimeMs)}.${width}.${format}`);
    const cached = await readFile(kept).catch(() => null);
    if (cached) return cached;
    let made = this.making.get(kept);
    if (!made) {
      made = this.make(source, kept, width, format).finally(() => this.making.delete(kept));
      this.making.set(kept, made);
    }
    return made;
  }

  private async make(source: string, kept: string, width: number, format: ContentImageFormat) {
    const resize = sharp(source).autoOrient().resize({ width, withoutEnlargement: true });
    const encoded =
      format === 'avif'
        ? resize.avif({ quality: 55, effort: 4 })
        : format === 'webp'
          ? resize.webp({ quality: 75 })
          : resize.jpeg({ quality: 80, mozjpeg: true, progressive: true });
    const bytes = await encoded.toBuffer();
    await writeFileAtomic(kept, bytes);
    return bytes;
  }
}
