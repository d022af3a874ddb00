/**
 * Konva in Node, set up once: canvases and images come from @napi-rs/canvas (Skia, the engine Chromium
 * draws with), and the 15 editor fonts are registered with it so any `fillText` fallback uses the same
 * faces as the editor. The renderers draw shaped glyph OUTLINES (engine/draw.ts), not fillText.
 */
import path from 'node:path';
import { createCanvas, DOMMatrix, GlobalFonts, Image, Path2D } from '@napi-rs/canvas';
import Konva from 'konva';
import { FONT_CATALOGUE } from '../../engine/index.ts';
import { FONTS_DIR } from '../fonts.ts';

let ready = false;

/** Idempotent: point Konva at @napi-rs/canvas and register the fonts. Returns the Konva namespace. */
export function setupNodeKonva(fontsDir: string = FONTS_DIR): typeof Konva {
  if (ready) return Konva;
  const g = globalThis as Record<string, unknown>;
  g.DOMMatrix ??= DOMMatrix;
  g.Path2D ??= Path2D;
  Konva.Util.createCanvasElement = () => {
    // Konva writes canvas.style in places; a Node canvas has none.
    const canvas = createCanvas(300, 300) as unknown as { style?: object };
    canvas.style ??= {};
    return canvas as unknown as HTMLCanvasElement;
  };
  Konva.Util.createImageElement = () => new Image() as unknown as HTMLImageElement;
  // One device pixel per stage pixel: the stage is sized in output pixels already.
  Konva.pixelRatio = 1;
  // No redraw scheduled on a timer whenever a node changes: the renderer draws once, explicitly, and
  // a batched draw would otherwise repeat the whole page later (or hit an already released canvas).
  Konva.autoDrawEnabled = false;
  for (const { family, file } of FONT_CATALOGUE) {
    if (!GlobalFonts.registerFromPath(path.join(fontsDir, file), family)) {
      throw new Error(`@napi-rs/canvas could not register ${file} as "${family}"`);
    }
  }
  ready = true;
  return Konva;
}
