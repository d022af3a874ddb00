/**
 * The text editor (S1 §2, §4, §5, §9): Insert text opens the only text slot of a page, or Choose
 * text with numbered slots when there are several; Enter text, Font, Color, Align text and Font size
 * change the instance (kept after a reload); a text too long for its slot is refused; Cancel in a
 * sub-toolbar restores; the tools wait for a text.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { fontFamiliesOf } from '../../engine/text/families.ts';
import { hasTouch, press } from './support.ts';

interface Listed {
  uuid: string;
  name: Record<string, string>;
  product: { uuid: string };
}

interface SavedFont {
  family: string;
  size: number;
  color: string;
  horizontalAlign: string;
  overrideFamily?: string;
  overrideSize?: number;
  overrideColor?: string;
  overrideHorizontalAlign?: string;
}
type Saved = { instance: { resources: Record<string, { type: string; text?: string; font?: SavedFont }> } };

async function find(page: Page, type: 'cards' | 'photogift', name: string): Promise<Listed> {
  const res = await page.request.get(`/m/api/templates/${type}`);
  expect(res.ok()).toBe(true);
  const found = ((await res.json()) as Listed[]).find((t) => t.name.en_GB === name);
  expect(found, name).toBeTruthy();
  return found!;
}

async function open(page: Page, type: 'cards' | 'photogift', name: string): Promise<Listed> {
  const template = await find(page, type, name);
  await page.goto(`/m/products/${type}/demo/${template.product.uuid}/${template.uuid}`);
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  return template;
}

/** The user text resources as saved in localStorage (what a reload restores). */
async function savedTexts(page: Page, uuid: string) {
  const raw = await page.evaluate((key) => localStorage.getItem(key), `editor:template:${uuid}`);
  expect(raw, 'the work is saved').toBeTruthy();
  const saved = JSON.parse(raw!) as Saved;
  return Object.values(saved.instance.resources).filter((r) => r.type === 'STRING');
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Editor menu' });
const editor = (page: Page) => page.getByTestId('text-editor');

test('Insert text opens the only text slot: text, Lobster, a colour, alignment and size are kept after a reload', async ({
  page,
}) => {
  const card = await open(page, 'cards', 'Balloon party');
  await press(menu(page).getByRole('button', { name: 'Insert text' }));
  const text = editor(page);
  await expect(text).toHaveAttribute('data-text', 'Have a wonderful day');
  await expect(text).toHaveAttribute('data-family', 'Pacifico');

  await press(text.getByRole('button', { name: 'Enter text' }));
  await text.getByRole('textbox', { name: 'Your text' }).fill('Happy 40th, Anna!');
  await press(text.getByRole('button', { name: 'Done' }));
  await expect(text).toHaveAttribute('data-text', 'Happy 40th, Anna!');

  // Font: the 15 families, each in its own face.
  await press(text.getByRole('button', { name: 'Font', exact: true }));
  const fonts = text.getByRole('radio');
  await expect(fonts).toHaveCount(15);
  const lobster = text.getByRole('radio', { name: 'Lobster' });
  await expect(lobster).toHaveCSS('font-family', /Lobster/);
  await press(lobster);
  await expect(lobster).toHaveAttribute('aria-checked', 'true');
  await press(text.getByRole('button', { name: 'Done' }));
  await expect(text).toHaveAttribute('data-family', 'Lobster');

  // Color: the template's own #333333 first, then the ten of S1 §9.
  await press(text.getByRole('button', { name: 'Color' }));
  const swatches = text.getByRole('radio');
  await expect(swatches).toHaveCount(11);
  await expect(swatches.first()).toHaveAccessibleName('Colour #333333');
  await press(text.getByRole('radio', { name: 'Colour #2B9BC5' }));
  await press(text.getByRole('button', { name: 'Done' }));
  await expect(text).toHaveAttribute('data-color', '#2B9BC5');

  await press(text.getByRole('button', { name: 'Align text' }));
  await press(text.getByRole('radio', { name: 'Left' }));
  await press(text.getByRole('button', { name: 'Done' }));
  await expect(text).toHaveAttribute('data-align', 'left');

  // Font size: the slider, debounced, within the engine's range (14 pt: 12 to 72).
  await press(text.getByRole('button', { name: 'Font size' }));
  const slider = text.getByRole('slider', { name: 'Font size' });
  await expect(slider).toHaveAttribute('min', '12');
  await expect(slider).toHaveAttribute('max', '72');
  // Timed in the page: three moves of the slider in one go, and the editor's saves of its work (one
  // per engine change). Moved by input events (as a finger's drag sends them), all within a frame.
  const { moves, saves } = await slider.evaluate(async (input: HTMLInputElement) => {
    const saved: number[] = [];
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key.startsWith('editor:')) saved.push(performance.now());
      return setItem.call(this, key, value);
    };
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    const moved: number[] = [];
    for (const value of ['15', '16', '17']) {
      setValue.call(input, value);
      // Timed before the event: the editor's 200 ms wait starts while it is handled, never before.
      moved.push(performance.now());
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }
    await new Promise((resolve) => setTimeout(resolve, 600));
    Storage.prototype.setItem = setItem;
    return { moves: moved, saves: saved };
  });
  await expect(text).toHaveAttribute('data-size', '17');
  // S1 §5: three quick moves are one change, made 200 ms after the last move.
  expect(moves).toHaveLength(3);
  expect(saves).toHaveLength(1);
  expect(saves[0]! - moves[2]!).toBeGreaterThanOrEqual(200);
  await press(text.getByRole('button', { name: 'Done' }));
  await press(text.getByRole('button', { name: 'Done' }));
  await expect(menu(page)).toBeVisible();

  const expected = {
    text: 'Happy 40th, Anna!',
    font: expect.objectContaining({
      overrideFamily: 'Lobster',
      overrideColor: '#2B9BC5',
      overrideHorizontalAlign: 'left',
      overrideSize: 17,
    }),
  };
  // The browser's copy is written in an idle moment after the change (editorStore).
  await expect.poll(() => savedTexts(page, card.uuid)).toEqual([expect.objectContaining(expected)]);

  // After a reload the work is there; tapping the text slot opens its editor.
  await page.reload();
  const view = page.getByTestId('editor-page');
  await expect(view).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  expect(await savedTexts(page, card.uuid)).toEqual([expect.objectContaining(expected)]);
  const box = (await view.boundingBox())!;
  // The greeting's box is x 90..144, y 48..88 of the 148 x 105 mm card.
  const at = { x: box.x + (117 / 148) * box.width, y: box.y + (68 / 105) * box.height };
  if (await hasTouch(page)) await page.touchscreen.tap(at.x, at.y);
  else await page.mouse.click(at.x, at.y);
  await expect(text).toHaveAttribute('data-text', 'Happy 40th, Anna!');
  await expect(text).toHaveAttribute('data-family', 'Lobster');
  await expect(text).toHaveAttribute('data-color', '#2B9BC5');
  await expect(text).toHaveAttribute('data-size', '17');
});

test('a text keeps the line breaks the shopper types, after Done and after a reload (issue 31)', async ({
  page,
}) => {
  const card = await open(page, 'cards', 'Balloon party');
  await press(menu(page).getByRole('button', { name: 'Insert text' }));
  const text = editor(page);
  await press(text.getByRole('button', { name: 'Enter text' }));
  const input = text.getByRole('textbox', { name: 'Your text' });
  await input.fill('');
  // Typed as a keyboard does, Enter between the lines.
  await input.pressSequentially('Dear friends,');
  await input.press('Enter');
  await input.pressSequentially('thank you ');
  await input.press('Enter');
  await input.press('Enter');
  await input.pressSequentially('Love, Anna');
  await press(text.getByRole('button', { name: 'Done' }));
  const written = 'Dear friends,\nthank you\n\nLove, Anna';
  await expect(text).toHaveAttribute('data-text', written);
  await expect.poll(() => savedTexts(page, card.uuid)).toEqual([expect.objectContaining({ text: written })]);
  await page.reload();
  await expect(page.getByTestId('editor-page')).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  expect(await savedTexts(page, card.uuid)).toEqual([expect.objectContaining({ text: written })]);
});

test('a text far too long for its slot is refused; Cancel in a sub-toolbar restores', async ({ page }) => {
  const card = await open(page, 'cards', 'Balloon party');
  await press(menu(page).getByRole('button', { name: 'Insert text' }));
  const text = editor(page);

  await press(text.getByRole('button', { name: 'Enter text' }));
  const input = text.getByRole('textbox', { name: 'Your text' });
  await input.fill('See you soon');
  await expect(text).toHaveAttribute('data-text', 'See you soon');
  await input.fill('So many words that they cannot possibly fit into this small greeting box '.repeat(6));
  await expect(text.getByRole('status')).toContainText('does not fit');
  await expect(input).toHaveValue('See you soon');
  await expect(text).toHaveAttribute('data-text', 'See you soon');
  // Cancel restores the text the editor opened with.
  await press(text.getByRole('button', { name: 'Cancel' }));
  await expect(text).toHaveAttribute('data-text', 'Have a wonderful day');

  await press(text.getByRole('button', { name: 'Color' }));
  await press(text.getByRole('radio', { name: 'Colour #C52B2B' }));
  await expect(text).toHaveAttribute('data-color', '#C52B2B');
  await press(text.getByRole('button', { name: 'Cancel' }));
  await expect(text).toHaveAttribute('data-color', '#333333');

  await press(text.getByRole('button', { name: 'Font', exact: true }));
  await press(text.getByRole('radio', { name: 'Lobster' }));
  await expect(text).toHaveAttribute('data-family', 'Lobster');
  await press(text.getByRole('button', { name: 'Cancel' }));
  await expect(text).toHaveAttribute('data-family', 'Pacifico');

  await expect
    .poll(async () => {
      const [saved] = await savedTexts(page, card.uuid);
      return [saved?.text, saved?.font?.overrideFamily, saved?.font?.overrideColor];
    })
    .toEqual(['Have a wonderful day', undefined, undefined]);
});

test('an empty text: Select text on the page, the input focused, the other tools wait for a text', async ({
  page,
}) => {
  await open(page, 'photogift', 'Canvas 40x40 with caption');
  await expect(page.getByTestId('editor-page')).toContainText('Select text');
  await press(menu(page).getByRole('button', { name: 'Insert text' }));
  const text = editor(page);
  const input = text.getByRole('textbox', { name: 'Your text' });
  await expect(input).toBeFocused();
  await press(text.getByRole('button', { name: 'Cancel' }));
  for (const name of ['Font', 'Align text', 'Font size', 'Color']) {
    await expect(text.getByRole('button', { name, exact: true })).toBeDisabled();
  }
  await press(text.getByRole('button', { name: 'Enter text' }));
  await input.fill('Summer days');
  await press(text.getByRole('button', { name: 'Done' }));
  for (const name of ['Font', 'Align text', 'Font size', 'Color']) {
    await expect(text.getByRole('button', { name, exact: true })).toBeEnabled();
  }
});

test('several text slots open Choose text with numbers on the page and numbered buttons', async ({
  page,
}) => {
  const card = await find(page, 'cards', 'Thanks from two');
  await open(page, 'cards', 'Thanks from two');

  await press(menu(page).getByRole('button', { name: 'Insert text' }));
  const choose = page.getByTestId('choose-text');
  await expect(choose.getByRole('heading', { name: 'Choose text' })).toBeVisible();
  await expect(choose.getByRole('button', { name: /^Text \d$/ })).toHaveCount(2);
  const view = page.getByTestId('editor-page');
  await expect(view.locator('[data-slot-number]')).toHaveCount(2);

  await press(choose.getByRole('button', { name: 'Text 2' }));
  const text = editor(page);
  await expect(text).toHaveAttribute('data-slot', /names/);
  await press(text.getByRole('button', { name: 'Enter text' }));
  await text.getByRole('textbox', { name: 'Your text' }).fill('Love, Kari and Ola');
  await press(text.getByRole('button', { name: 'Done' }));
  await press(text.getByRole('button', { name: 'Done' }));

  // Back in Choose text, Cancel returns to the main menu.
  await press(menu(page).getByRole('button', { name: 'Insert text' }));
  await press(page.getByTestId('choose-text').getByRole('button', { name: 'Cancel' }));
  await expect(menu(page)).toBeVisible();
  await expect
    .poll(async () => (await savedTexts(page, card.uuid)).map((r) => r.text))
    .toContain('Love, Kari and Ola');
});

test('the editor opens with only the fonts its template draws with; the font menu fetches the rest', async ({
  page,
}) => {
  const fetched = new Set<string>();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/fonts/')) fetched.add(decodeURIComponent(path.slice('/fonts/'.length)));
  });
  // Each font comes as the build's own Brotli copy (dist/fonts/*.ttf.br), not compressed again for
  // every shopper: its length is that file's.
  const sent: { file: string; encoding?: string; length?: string }[] = [];
  page.on('response', (response) => {
    const at = new URL(response.url()).pathname;
    if (!at.startsWith('/fonts/')) return;
    const headers = response.headers();
    const file = decodeURIComponent(at.slice('/fonts/'.length));
    sent.push({ file, encoding: headers['content-encoding'], length: headers['content-length'] });
  });
  const card = await find(page, 'cards', 'Balloon party');
  const template = (await (
    await page.request.get(`/m/api/templates/by-uuid/${card.uuid}`)
  ).json()) as unknown;
  const named = fontFamiliesOf(template).map((family) => `${family.replace(/ /g, '')}-Regular.ttf`);
  expect(named.length).toBeGreaterThan(0);
  await open(page, 'cards', 'Balloon party');
  // The page is drawn with the template's own fonts: nothing else came over the network.
  expect([...fetched].sort()).toEqual(named.sort());
  await expect.poll(() => sent.length).toBe(named.length);
  const built = (file: string) =>
    String(statSync(path.resolve(import.meta.dirname, '../../dist/fonts', `${file}.br`)).size);
  const byFile = (a: { file: string }, b: { file: string }) => a.file.localeCompare(b.file);
  expect(sent.sort(byFile)).toEqual(
    named.map((file) => ({ file, encoding: 'br', length: built(file) })).sort(byFile),
  );

  await press(menu(page).getByRole('button', { name: 'Insert text' }));
  await press(editor(page).getByRole('button', { name: 'Font', exact: true }));
  await expect.poll(() => fetched.size, { timeout: 45_000 }).toBe(15);
});

test('Enter text: the text field stays on screen above a keyboard, as the page scrolls to it and back', async ({
  page,
}) => {
  await open(page, 'cards', 'Balloon party');
  await press(menu(page).getByRole('button', { name: 'Insert text' }));
  await press(editor(page).getByRole('button', { name: 'Enter text' }));
  const input = editor(page).getByRole('textbox', { name: 'Your text' });
  await input.focus();
  const root = page.getByTestId('editor');
  await expect(root).not.toHaveAttribute('data-visible-area');

  /** The field's box and the visual viewport, both in CSS pixels of the layout viewport. */
  const boxes = () =>
    input.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const v = window.visualViewport!;
      return {
        field: { top: r.top, left: r.left, bottom: r.bottom, right: r.right },
        seen: {
          top: v.offsetTop,
          left: v.offsetLeft,
          bottom: v.offsetTop + v.height,
          right: v.offsetLeft + v.width,
        },
        height: v.height,
      };
    });
  const fieldOnScreen = async () => {
    const { field, seen } = await boxes();
    return (
      field.top >= seen.top - 0.5 &&
      field.left >= seen.left - 0.5 &&
      field.bottom <= seen.bottom + 0.5 &&
      field.right <= seen.right + 0.5
    );
  };
  const full = await boxes();
  expect(await fieldOnScreen()).toBe(true);

  // Headless Chromium has no on-screen keyboard, and no CDP call shrinks only the visual viewport's
  // height (setViewportSize and Emulation.setVisibleSize resize the layout viewport with it). A page
  // scale does shrink it: the lower part of the layout viewport is hidden, where the field is, as
  // under a keyboard (and the right part too).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1.6 });
  await expect.poll(async () => (await boxes()).height).toBeLessThan(full.height * 0.7);
  await expect(root).toHaveAttribute('data-visible-area', '');
  await expect.poll(fieldOnScreen).toBe(true);
  await expect(input).toBeFocused();
  await input.fill('');
  await input.pressSequentially('Hi Anna');
  await expect(editor(page)).toHaveAttribute('data-text', 'Hi Anna');
  expect(await fieldOnScreen()).toBe(true);

  // The browser pans the visual viewport down (as it does to show a focused field): the editor
  // follows it.
  await page.evaluate(() => {
    const bottom = document.createElement('div');
    bottom.style.cssText = 'position: fixed; left: 0; bottom: 0; width: 1px; height: 1px';
    document.body.append(bottom);
    bottom.scrollIntoView();
    bottom.remove();
  });
  await expect.poll(async () => (await boxes()).seen.top).toBeGreaterThan(100);
  await expect.poll(fieldOnScreen).toBe(true);

  // The keyboard goes: the editor fills the screen again.
  await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
  await expect(root).not.toHaveAttribute('data-visible-area');
  expect(await fieldOnScreen()).toBe(true);
  await press(editor(page).getByRole('button', { name: 'Done' }));
  await expect(editor(page)).toHaveAttribute('data-text', 'Hi Anna');

  // Outside text entry a zoom is a zoom: the editor is not fitted to it.
  await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1.6 });
  await expect.poll(() => page.evaluate(() => window.visualViewport!.height)).toBeLessThan(full.height * 0.7);
  // A few frames for the editor to react, had it listened.
  await page.waitForTimeout(200);
  await expect(root).not.toHaveAttribute('data-visible-area');
  await cdp.send('Emulation.setPageScaleFactor', { pageScaleFactor: 1 });
});
