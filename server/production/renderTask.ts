/**
 * One print file, drawn in a worker thread (pool.ts): a print line's JPEG or a template line's PDF.
 * The worker reads the pictures from the storage and writes the file there itself (the task names
 * the storage and the keys), so neither the bytes nor the work pass through the event loop. A
 * storage write is all or nothing, so the order's folder only ever holds whole files; the file's
 * sha256 and size are taken from the bytes written.
 */

import { createHash } from 'node:crypto';
import type { CoverSize, FontSet, Template } from '../../engine/index.ts';
import {
  isBook,
  materialiseBook,
  materialiseCover,
  PRINT_DPI,
  pageScene,
  printsOnSpine,
  startMonthOf,
} from '../../engine/index.ts';
import { calendarHolidays, lineInstance } from '../../shop/index.ts';
import { loadFontSet } from '../fonts.ts';
import { renderPdf } from '../render/pdf-renderer.ts';
import { artReader } from '../render/templateArt.ts';
import type { StoredTemplate } from '../services/templates/templateLines.ts';
import type { ManifestFile } from '../storage/manifest.ts';
import type { StorageConfig } from '../storage/objectStore.ts';
import { objectStoreFor } from '../storage/open.ts';
import { renderPrintJpeg } from './printJpeg.ts';

export type RenderTask = (
  | {
      kind: 'print';
      /** The file's key in the storage. */
      out: string;
      name: string;
      /** The key of the picture's upright source (original or master). */
      source: string;
      picture: { width: number; height: number; name: string };
      image: {
        filter: 'original' | 'bw' | 'sepia';
        cropRect: { x: number; y: number; width: number; height: number } | null;
        adaption: 0 | 1;
      };
      product: { widthMm: number; heightMm: number; whiteBorder: boolean };
    }
  | {
      kind: 'template';
      out: string;
      name: string;
      template: Template;
      stored: StoredTemplate;
      /** The source key of every picture the line uses, by uuid. */
      pictureSources: Record<string, string>;
      title: string;
      author: string;
      /** When the order was placed: the day the line's instance is made on, the same on every re-run. */
      orderedAt: string;
      /** The order's portal language (its `locale`). */
      language: string;
      /** Its portal's holiday place (`holidayRegion`), null for the language's default. */
      holidayRegion?: string | null;
      /** A photo book line's file: its cover spread or its inner pages (absent: every page of the template). */
      book?: BookPrintPart;
    }
) & {
  /** The shop's storage, as plain data: the thread opens its own client. */
  storage: StorageConfig;
};

/** Which of a photo book's two files a task draws; the cover at its book's spine and turn-in. */
export type BookPrintPart = { part: 'cover'; cover: CoverSize } | { part: 'pages' };

export interface RenderResult {
  file: ManifestFile;
  warnings: string[];
}

let fonts: Promise<FontSet> | null = null;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function runRenderTask(task: RenderTask): Promise<RenderResult> {
  const storage = objectStoreFor(task.storage);
  if (task.kind === 'print') {
    const original = await storage.get(task.source);
    if (!original) throw new Error(`The picture ${task.picture.name} is missing from the storage`);
    const print = await renderPrintJpeg({
      original,
      picture: task.picture,
      image: task.image,
      product: task.product,
    }).catch((error: Error) => {
      // The lab reads this: say which picture, not only what the decoder said.
      throw new Error(`The picture ${task.picture.name} could not be printed: ${error.message}`);
    });
    await storage.put(task.out, print.jpeg);
    return {
      file: {
        name: task.name,
        sha256: sha256(print.jpeg),
        bytes: print.jpeg.length,
        widthMm: print.widthMm,
        heightMm: print.heightMm,
        dpi: print.dpi,
      },
      warnings: print.warnings.map((w) => `${task.picture.name}: ${w}`),
    };
  }
  fonts ??= loadFontSet();
  const fontSet = await fonts;
  const printed = printedTemplate(task);
  const scenes = await printScenes(task, fontSet);
  const pdf = await renderPdf(scenes, {
    fonts: fontSet,
    userPicture: async (uuid: string) => {
      const key = task.pictureSources[uuid];
      return key ? storage.get(key) : null;
    },
    art: artReader(storage),
    title: task.title,
    author: task.author,
    creationDate: new Date(task.orderedAt),
  });
  await storage.put(task.out, pdf.pdf);
  const trim = pdf.pages[0]!;
  return {
    file: {
      name: task.name,
      sha256: sha256(pdf.pdf),
      bytes: pdf.pdf.length,
      widthMm: trim.trimWidthMm,
      heightMm: trim.trimHeightMm,
      // Without a shopper's picture the file is vector text and the template's art.
      dpi: Number.isFinite(pdf.minPpi) ? Math.floor(pdf.minPpi) : PRINT_DPI,
      pages: scenes.length,
      // A folded card: the lab reads from the manifest which page goes on which side, and where it folds.
      ...(printed.printLayout ? { printLayout: printed.printLayout } : {}),
      ...(printed.folds?.length ? { folds: printed.folds } : {}),
      ...(task.book ? { bookPart: task.book.part } : {}),
      ...(task.book?.part === 'cover' ? task.book.cover : {}),
    },
    warnings: [...pdf.warnings, ...spineWarnings(task)],
  };
}

/** The lab is told when a cover's spine text was left off: the spine is too thin for it (printsOnSpine). */
function spineWarnings(task: Extract<RenderTask, { kind: 'template' }>): string[] {
  const { template, book } = task;
  if (book?.part !== 'cover' || !isBook(template)) return [];
  const cover = template.partTypes.find((pt) => pt.id === template.book.cover);
  const parts = [...(cover?.renderParts ?? []), ...template.pages[0]!.renderParts];
  return parts.some((part) => !printsOnSpine(part, book.cover))
    ? [`The spine (${book.cover.spineMm} mm) is too thin for its text: the cover is printed without it`]
    : [];
}

/**
 * The scenes a template line prints: every page of the template, also those the editor does not show
 * (clientIgnore), drawn in the order's language with the holidays of its portal's place and the
 * shopper's own dates (issue 18).
 */
export async function printScenes(
  task: Pick<
    Extract<RenderTask, { kind: 'template' }>,
    'template' | 'stored' | 'orderedAt' | 'language' | 'holidayRegion' | 'book'
  >,
  fontSet: FontSet,
) {
  const instance = lineInstance(task.template, task.stored, new Date(task.orderedAt));
  const holidays = await calendarHolidays(
    { locale: task.language, holidayRegion: task.holidayRegion },
    instance.year,
    startMonthOf(instance),
  );
  const printed = printedTemplate(task);
  return printed.pages.map((page) => pageScene(printed, instance, page.id, fontSet, task.language, holidays));
}

/**
 * The template a task prints: the line's own, or one of a photo book's two files as plain pages (its
 * page ids are the instance's, so the shopper's pictures and texts find their slots).
 */
function printedTemplate(
  task: Pick<Extract<RenderTask, { kind: 'template' }>, 'template' | 'stored' | 'book'>,
) {
  const { template, book } = task;
  if (!book) return template;
  if (!isBook(template)) throw new Error(`Template ${template.uuid} is no photo book`);
  return book.part === 'cover'
    ? materialiseCover(template, book.cover)
    : materialiseBook(template, task.stored.bookPages ?? []);
}
