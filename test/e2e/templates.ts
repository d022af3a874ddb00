/** What the template-product specs share: pictures, templates and products through the real calls. */
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createInstance, type Instance } from '../../engine/instance.ts';
import { parseTemplate, type Template } from '../../engine/template.ts';
import type { Product } from '../../shop/contract.ts';

export interface Picture {
  uuid: string;
  width: number;
  height: number;
}

/** One flat-colour picture through the real upload with the page's session (the session owns it). */
export async function uploadPicture(
  page: Page,
  { width = 1200, height = 900, background = '#3a7bd5' } = {},
): Promise<Picture> {
  const buffer = await sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();
  const res = await page.request.post('/m/api/pictures', {
    multipart: { file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer } },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { files: Picture[] }).files[0]!;
}

/** A template as the server serves it, parsed by the engine. */
export async function templateOf(page: Page, uuid: string): Promise<Template> {
  const res = await page.request.get(`/m/api/templates/by-uuid/${uuid}`);
  expect(res.ok()).toBe(true);
  const parsed = parseTemplate(await res.json());
  if (!parsed.ok) throw new Error(`The template ${uuid} does not parse`);
  return parsed.template;
}

/** A product of the price list. */
export async function productOf(page: Page, uuid: string): Promise<Product> {
  const res = await page.request.get('/m/api/products');
  expect(res.ok()).toBe(true);
  const { products } = (await res.json()) as { products: Product[] };
  const product = products.find((p) => p.uuid === uuid);
  expect(product, `the product ${uuid}`).toBeTruthy();
  return product!;
}

/** A demo template by its English name, with its product. */
export async function demoTemplate(
  page: Page,
  type: 'cards' | 'calendars' | 'photogift',
  name: string,
): Promise<{ template: Template; product: Product }> {
  const list = (await (await page.request.get(`/m/api/templates/${type}`)).json()) as {
    uuid: string;
    name: { en_GB: string };
  }[];
  const listed = list.find((t) => t.name.en_GB === name);
  expect(listed, `the demo template ${name}`).toBeTruthy();
  const template = await templateOf(page, listed!.uuid);
  return { template, product: await productOf(page, template.product.uuid) };
}

/** Every user picture slot filled with the picture (whole), every user text with `text`. */
export function filled(template: Template, picture: Picture, text: string): Instance {
  const instance: Instance = createInstance(template, new Date());
  for (const [fullId, value] of Object.entries(instance.resources)) {
    instance.resources[fullId] =
      value.type === 'IMAGE'
        ? {
            type: 'IMAGE',
            image: {
              ...picture,
              rotation: 0,
              effect: 'original',
              cropRect: { x: 0, y: 0, width: 1, height: 1 },
            },
          }
        : { ...value, text, font: { ...value.font, text } };
  }
  return instance;
}

/** A demo card (by its English name) opened in the editor by its address, its first page drawn. */
export async function openDemoCard(page: Page, name: string): Promise<void> {
  const res = await page.request.get('/m/api/templates/cards');
  expect(res.ok()).toBe(true);
  const listed = (await res.json()) as {
    uuid: string;
    name: Record<string, string>;
    categories: string[];
    product: { uuid: string };
  }[];
  const card = listed.find((t) => t.name.en_GB === name);
  expect(card, `the demo card ${name}`).toBeTruthy();
  await page.goto(
    `/m/products/cards/${encodeURIComponent(card!.categories[0]!)}/${card!.product.uuid}/${card!.uuid}`,
  );
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
}
