/**
 * The 15 editor fonts as CSS font faces, so the Font sub-toolbar shows each family in its own face
 * (S1 §4). Same files as the engine's FontSet (/fonts/{file}); registered once per page load.
 * Only the buttons use these faces: the page itself is drawn from the scene's shaped glyphs.
 */
import { FONT_CATALOGUE } from '../../../../engine/index.ts';

let registered = false;

export function registerFontFaces(): void {
  if (registered || typeof document === 'undefined' || typeof FontFace === 'undefined') return;
  registered = true;
  for (const { family, file } of FONT_CATALOGUE) {
    const face = new FontFace(family, `url(/fonts/${encodeURIComponent(file)})`, { display: 'swap' });
    document.fonts.add(face);
    face.load().catch((error: unknown) => console.warn(`The font face ${family} could not be loaded`, error));
  }
}
