import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';
import { createInstance } from '../../engine/instance.ts';
import { contrastRatio, parseHex } from '../../engine/preflight.ts';
import { pageScene } from '../../engine/scene.ts';
import type { Template } from '../../engine/template.ts';
import { loadFontSet } from '../../server/fonts.ts';
import { createImageLoader } from '../../server/render/images.ts';
import { renderPreviewPng } from '../../server/render/page-renderer.ts';
import { runPreflight } from '../../server/services/templates/preflight.ts';
import { systemClock } from '../../shop/clock.ts';
import { cardTemplate, font } from '../fixtures/templates.ts';
import { demoTemplate, demoTemplateFolder } from '../support/demoTemplates.ts';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/templates');
const frozen = (file: string): unknown => JSON.parse(readFileSync(path.join(fixtures, file), 'utf8'));
const folderOf = demoTemplateFolder;

describe('the contrast rule, on the pixels under the text', () => {
  // A card whose background art is one flat colour, and a fixed text on it.
  const root = mkdtempSync(path.join(tmpdir(), 'preflight-'));
  mkdirSync(path.join(root, 'art'));
  writeFileSync(
    path.join(root, 'art', 'bg.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="1000"><rect width="1500" height="1000" fill="#8E1B1B"/></svg>',
  );
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const cardWithText = (color: string): Template => {
    const t = cardTemplate();
    t.resources[4]!.font = font({ color, text: 'Happy birthday' });
    const inside = t.partTypes[1]!;
    inside.renderParts = [
      {
        resourceId: 'background',
        type: 'IMAGE',
        size: { width: 150, height: 100 },
        position: { x: 0, y: 0 },
      },
      { ...inside.renderParts[0]!, font: font({ color }) },
    ];
    return t;
  };

  it('reports a text the colour of the art under it, naming the page, part and path', async () => {
    const problems = (await runPreflight(cardWithText('#8E1B1B'), { templatesRoot: root })).filter(
      (p) => p.rule === 'low-contrast',
    );
    // The inside part type is drawn on two pages.
    expect(problems.map((p) => [p.pageId, p.part, p.path])).toEqual([
      ['p2', 'fixed', 'partTypes[1].renderParts[1].font.color'],
      ['mask', 'fixed', 'partTypes[1].renderParts[1].font.color'],
    ]);
    expect(problems[0]!.boxMm).toEqual({ x: 10, y: 40, width: 130, height: 20 });
  });

  it('passes a text that stands out from the art, and a dark text on the white page', async () => {
    const problems = await runPreflight(cardWithText('#FFFFFF'), { templatesRoot: root });
    expect(problems.filter((p) => p.rule === 'low-contrast')).toEqual([]);
    const onWhite = cardTemplate();
    expect(
      (await runPreflight(onWhite, { templatesRoot: root })).filter((p) => p.rule === 'low-contrast'),
    ).toEqual([]);
  });
});

describe('the three demo designs that were drawn wrong', () => {
  it('are caught by the preflight as they were', async () => {
    const rules = async (file: string, name: string) =>
      (await runPreflight(frozen(file), { templatesRoot: folderOf(name) })).map((p) => `${p.rule} ${p.part}`);
    // The heading lies on the red and blue balloons.
    expect(await rules('balloon-party-v2.json', 'Balloon party')).toEqual(['low-contrast heading']);
    // The greeting's resource said the frame's own red, its render part white: the shop drew the red.
    expect(await rules('snowy-frame-v1.json', 'Snowy frame')).toEqual(['font-conflict greeting']);
    // The age and the wish said centred as resources, left and right as render parts.
    expect(await rules('big-number-v1.json', 'Big number')).toEqual([
      'font-conflict age',
      'font-conflict wish',
    ]);
  });

  it.each(['Balloon party', 'Big number', 'Snowy frame'])('%s passes the preflight now', async (name) => {
    expect(await runPreflight(demoTemplate(name), { templatesRoot: folderOf(name) })).toEqual([]);
  });

  it.each(['Balloon party', 'Big number', 'Snowy frame'])(
    "%s prints its texts visibly: the text's colour fills part of each text box",
    async (name) => {
      const t = demoTemplate(name);
      const fonts = await loadFontSet();
      const scene = pageScene(t, createInstance(t, systemClock.now()), t.pages[0]!.id, fonts);
      const widthPx = 600;
      const png = await renderPreviewPng(scene, widthPx, {
        fonts,
        loadImage: createImageLoader({ templatesRoot: folderOf(name) }),
        missingPicture: 'skip',
      });
      const image = await loadImage(png);
      const canvas = createCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(image, 0, 0);
      const pxPerMm = widthPx / scene.widthMm;
      for (const item of scene.items) {
        if (item.kind !== 'text' || item.empty) continue;
        const [x, y, w, h] = [item.xMm, item.yMm, item.widthMm, item.heightMm].map((v) =>
          Math.round(v * pxPerMm),
        );
        const data = ctx.getImageData(x!, y!, w!, h!).data;
        const ink = parseHex(item.color);
        let inked = 0;
        for (let p = 0; p < data.length; p += 4) {
          if (contrastRatio({ r: data[p]!, g: data[p + 1]!, b: data[p + 2]! }, ink) <= 1.15) inked++;
        }
        // Letters in the text's colour cover some of the box, and most of it is not that colour: the
        // backdrop differs (red on the red frame would fill the box).
        expect(inked, `${name} ${item.id}`).toBeGreaterThan((w! * h!) / 100);
        expect(inked, `${name} ${item.id}`).toBeLessThan((w! * h!) / 2);
      }
    },
  );
});

// Every current demo design passes the preflight, calendars included (their week numbers and faint
// outside days are printed faint on purpose): test/server/catalogue.test.ts checks each folder as
// `npm run templates -- check` does, with the catalogue's counts.
