import { expect, test } from '@playwright/test';

interface Listed {
  uuid: string;
  type: string;
  pages: { id: string }[];
}

/** The demo templates as the API lists them (cards, calendars, photo gifts). */
async function demoTemplates(request: import('@playwright/test').APIRequestContext): Promise<Listed[]> {
  const lists = await Promise.all(
    ['cards', 'calendars', 'photogift'].map(async (type) => {
      const res = await request.get(`/m/api/templates/${type}`);
      expect(res.ok()).toBe(true);
      return (await res.json()) as Listed[];
    }),
  );
  return lists.flat();
}

test.describe('author harness', () => {
  test('every demo template: no problems, and browser and server renders of every page agree', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const templates = await demoTemplates(request);
    expect(templates.length).toBeGreaterThan(0);
    const report: Record<string, number> = {};
    for (const t of templates) {
      await page.goto(`/m/dev/harness/${t.uuid}`);
      await expect(page.getByTestId('no-problems')).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('problem')).toHaveCount(0);
      await expect(page.getByTestId('page')).toHaveCount(t.pages.length);
      await expect(page.getByTestId('diff')).toHaveCount(t.pages.length, { timeout: 30_000 });
      await expect(page.getByTestId('page-error')).toHaveCount(0);
      const diffs = await page.getByTestId('diff').evaluateAll((els) =>
        els.map((el) => ({
          id: el.getAttribute('data-page-id'),
          percent: Number(el.getAttribute('data-diff-percent')),
        })),
      );
      // Soft: one run reports every page over the limit, not only the first.
      for (const d of diffs) expect.soft(d.percent, `${t.uuid} page ${d.id}`).toBeLessThan(1);
      report[t.uuid] = Math.max(...diffs.map((d) => d.percent));
    }
    console.log(`max diff % per template: ${JSON.stringify(report)}`);
  });

  test('the screen: picker, year switch for a calendar, renders side by side', async ({ page, request }) => {
    const listed = await demoTemplates(request);
    const calendar = listed.find((t) => t.type === 'CALENDAR')!;
    await page.setViewportSize({ width: 1500, height: 1000 });
    await page.goto('/m/dev/harness');
    const picker = page.getByTestId('template-picker');
    // Every listed template, after the "Choose a template…" prompt.
    await expect(picker.locator('option')).toHaveCount(listed.length + 1);
    await picker.selectOption(calendar.uuid);
    await expect(page).toHaveURL(new RegExp(`/m/dev/harness/${calendar.uuid}$`));
    const year = page.getByTestId('year');
    await expect(year).toBeVisible({ timeout: 20_000 });
    const options = await year.locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(1);
    await year.selectOption(options.at(-1)!);
    await expect(page.getByTestId('diff')).toHaveCount(calendar.pages.length, { timeout: 30_000 });
    await expect(page.getByTestId('no-problems')).toBeVisible();
    await page.screenshot({ path: '.tmp/harness.png' });
  });

  test('a broken template file shows its problems and nothing else', async ({ page }) => {
    await page.goto('/m/dev/harness');
    const broken = {
      uuid: 'not-a-uuid',
      version: 1,
      name: { en_GB: 'Broken' },
      type: 'CARDS',
      categories: [],
      product: {
        uuid: '0b7f5d38-9a51-4f0e-8c2a-1d0a9c7b6e01',
        name: 'Card',
        formatSize: { widthMm: 148, heightMm: 105 },
      },
      hasUserText: false,
      numUserImages: 0,
      numUserParts: 0,
      preview: { large: 'x.png' },
      dimensions: { width: 148, height: 105 },
      separateFromBackground: false,
      supportedYears: [],
      year: null,
      resources: [],
      partTypes: [
        {
          id: 'front',
          resources: [],
          renderParts: [
            { resourceId: 'r', type: 'WOBBLE', size: { width: 10, height: 10 }, position: { x: 0, y: 0 } },
          ],
        },
      ],
      pages: [{ id: 'p1', typeId: 'front' }],
    };
    await page.getByTestId('template-file').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(broken)),
    });
    const problems = page.getByTestId('problem');
    await expect(page.getByTestId('problems')).toBeVisible({ timeout: 20_000 });
    await expect(problems.filter({ hasText: 'uuid' })).not.toHaveCount(0);
    await expect(problems.filter({ hasText: 'renderParts' })).not.toHaveCount(0);
    await expect(page.getByTestId('no-problems')).toHaveCount(0);
    await expect(page.getByTestId('page')).toHaveCount(0);

    // Not JSON at all: one problem saying so.
    await page.getByTestId('template-file').setInputFiles({
      name: 'not-json.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{ "uuid": '),
    });
    await expect(problems).toHaveCount(1);
    await expect(problems).toContainText('not JSON');
  });
});
