/**
 * The list previews of a start are drawn in a child process that ends when they are done
 * (server/render/previewProcess.ts, issue 31): it draws what the shop's own renderer draws, and once
 * closed it is gone, with the native memory it used.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFontSet } from '../../server/fonts.ts';
import { createImageLoader } from '../../server/render/images.ts';
import { createPreviewProcess } from '../../server/render/previewProcess.ts';
import { LIST_SAMPLE_PICTURES, samplePicturePng } from '../../server/render/sample-pictures.ts';
import { renderSheetPng } from '../../server/render/sheet-renderer.ts';
import { previewScenes } from '../../server/services/templates/previews.ts';
import { systemClock } from '../../shop/clock.ts';
import { demoTemplate } from '../support/demoTemplates.ts';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the list previews’ drawing process', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'preview-process-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('draws a template’s list preview as the renderer does, and ends when closed', async () => {
    const fonts = await loadFontSet();
    const { sheet, scenes } = previewScenes(demoTemplate('Balloon party'), {
      fonts,
      samplePictures: [...LIST_SAMPLE_PICTURES],
      today: systemClock.now(),
    });
    const drawing = createPreviewProcess({ kind: 'local', root });
    let pid: number | null = null;
    try {
      const png = Buffer.from(
        await drawing.render({ sheet, scenes, widthPx: 320, pictures: {}, samples: true }),
      );
      pid = drawing.pid();
      expect(pid).not.toBeNull();
      expect(pid).not.toBe(process.pid);
      expect(png.readUInt32BE(16)).toBe(320);
      const here = await renderSheetPng(sheet, scenes, 320, {
        fonts,
        loadImage: createImageLoader({ userPicture: async (uuid) => samplePicturePng(uuid) }),
        missingPicture: 'skip',
      });
      expect(png.equals(here)).toBe(true);
      expect(drawing.drawn()).toBe(1);
    } finally {
      await drawing.close();
    }
    expect(drawing.pid()).toBeNull();
    expect(alive(pid!)).toBe(false);
  }, 90_000);
});
