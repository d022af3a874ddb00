/**
 * One print file, drawn in a worker thread (pool.ts): a print line's JPEG or a template line's PDF.
 * The file is written under a temporary name and renamed, so the order's folder only ever holds whole
 * files; its sha256 and size are taken from the bytes written.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PRINT_DPI } from '../../engine/image.ts';
import { pageScene } from '../../engine/scene.ts';
import type { Template } from '../../engine/template.ts';
import type { FontSet } from '../../engine/text/fonts.ts';
import { loadFontSet } from '../fonts.ts';
import { renderPdf } from '../render/pdf-renderer.ts';
import { lineInstance, type StoredTemplate } from '../services/templateLines.ts';
import type { ManifestFile } from './manifest.ts';
import { writeAtomic } from './manifest.ts';
import { renderPrintJpeg } from './printJpeg.ts';

export type RenderTask =
  | {
      kind: 'print';
      /** The final path of the file. */
      out: string;
      name: string;
      /** The picture's upright source file (original or master). */
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
      /** The source file of every picture the line uses, by uuid. */
      pictureSources: Record<string, string>;
      title: string;
      author: string;
      /** When the order was placed: the day the line's instance is made on, the same on every re-run. */
      orderedAt: string;
    };

export interface RenderResult {
  file: ManifestFile;
  warnings: string[];
}

let fonts: Promise<FontSet> | null = null;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export async function runRenderTask(task: RenderTask): Promise<RenderResult> {
  if (task.kind === 'print') {
    const original = await readFile(task.source);
    const print = await renderPrintJpeg({
      original,
      picture: task.picture,
      image: task.image,
      product: task.product,
    }).catch((error: Error) => {
      // The lab reads this: say which picture, not only what the decoder said.
      throw new Error(`The picture ${task.picture.name} could not be printed: ${error.message}`);
    });
    await writeAtomic(task.out, print.jpeg);
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
  const instance = lineInstance(task.template, task.stored, new Date(task.orderedAt));
  // Every page of the template is printed, also those the editor does not show (clientIgnore).
  const scenes = task.template.pages.map((page) => pageScene(task.template, instance, page.id, fontSet));
  const pdf = await renderPdf(scenes, {
    fonts: fontSet,
    userPicture: async (uuid: string) => {
      const file = task.pictureSources[uuid];
      return file ? readFile(file) : null;
    },
    title: task.title,
    author: task.author,
    creationDate: new Date(task.orderedAt),
  });
  await writeAtomic(task.out, pdf.pdf);
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
    },
    warnings: pdf.warnings,
  };
}
