/**
 * Publishing templates without a restart (docs/template-format.md "Publishing"): the folders of
 * TEMPLATES_DIR at start and on every change, POST /lab/api/templates with the lab's password, the
 * round trip of a by-uuid answer, and versions by uuid.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '../../engine/template.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';

const PASSWORD = 'template author password for tests';
const auth = { authorization: `Bearer ${PASSWORD}` };
const FOLDERS = path.resolve(import.meta.dirname, '../fixtures/template-folders');
const folderJson = (name: string) =>
  JSON.parse(readFileSync(path.join(FOLDERS, name, 'template.json'), 'utf8'));
const leaves = readFileSync(path.join(FOLDERS, 'author-card', 'art', 'leaves.svg')).toString('base64');

describe.each(databaseKinds())('publishing templates on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;
  let templatesDir: string;
  let previewsDir: string;

  const cards = async () => (await app.inject({ url: '/m/api/templates/cards' })).json<Template[]>();
  const byName = async (name: string) => (await cards()).find((c) => c.name.en_GB === name);
  const publish = (payload: object, headers: Record<string, string> = auth) =>
    app.inject({ method: 'POST', url: '/lab/api/templates', headers, payload });

  /** Polls the card list until a template of that name is listed; answers the milliseconds it took. */
  async function listedWithin(name: string, ms: number): Promise<number> {
    const start = Date.now();
    while (Date.now() - start < ms) {
      if (await byName(name)) return Date.now() - start;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`"${name}" was not listed within ${ms} ms`);
  }

  beforeAll(async () => {
    templatesDir = mkdtempSync(path.join(tmpdir(), 'templates-'));
    previewsDir = mkdtempSync(path.join(tmpdir(), 'previews-'));
    cpSync(path.join(FOLDERS, 'author-card'), path.join(templatesDir, 'author-card'), { recursive: true });
    t = await startTestApp(kind, { templatesDir, previewsDir, labPassword: PASSWORD });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
    rmSync(templatesDir, { recursive: true, force: true });
    rmSync(previewsDir, { recursive: true, force: true });
  });

  it('publishes the folders of the templates directory at start, art and all', async () => {
    const fern = await byName('Fern greetings');
    expect(fern).toBeDefined();
    const src = fern!.resources.find((r) => r.image)!.image!.src;
    expect(src).toMatch(/^art\/stored\/[0-9a-f]{64}\.svg$/);
    const art = await app.inject({ url: `/templates2/${src}` });
    expect(art.statusCode).toBe(200);
    expect(art.headers['content-type']).toContain('image/svg+xml');
    expect(art.body).toBe(Buffer.from(leaves, 'base64').toString());
    // Its list preview is drawn from its scene (it names none).
    const preview = path.join(previewsDir, fern!.preview.large);
    await expect.poll(() => existsSync(preview), { timeout: 20_000 }).toBe(true);
  });

  it('publishes a folder written while it runs, and draws its list preview', async () => {
    const json = {
      ...folderJson('author-card'),
      uuid: '1f0e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
      name: { en_GB: 'Watched card' },
    };
    const dir = path.join(templatesDir, 'watched-card');
    cpSync(path.join(FOLDERS, 'author-card'), dir, { recursive: true });
    writeFileSync(path.join(dir, 'template.json'), JSON.stringify(json, null, 2));
    // Listed 150 ms after the writes stop, plus the publishing: well under a second on a quiet machine.
    // Waited for up to 10 s here, since a test is no timer (a loaded CI machine took 1.2 s).
    expect(await listedWithin('Watched card', 10_000)).toBeLessThan(10_000);
    const preview = path.join(previewsDir, (await byName('Watched card'))!.preview.large);
    await expect.poll(() => existsSync(preview), { timeout: 10_000 }).toBe(true);
  });

  it('refuses a POST without the password', async () => {
    const res = await publish({ template: folderJson('author-card') }, {});
    expect(res.statusCode).toBe(401);
  });

  it('refuses a broken template with every problem listed (400)', async () => {
    const res = await publish({ template: folderJson('broken-card'), art: {} });
    expect(res.statusCode).toBe(400);
    const paths = res.json<{ problems: { path: string }[] }>().problems.map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['resources[2].font.color', 'resources[3].font.size']));
    expect(await byName('Broken greetings')).toBeUndefined();
  });

  it('answers 201 with the uuid and version, and lists it at once', async () => {
    const json = {
      ...folderJson('author-card'),
      uuid: '2a1b0c9d-8e7f-4a6b-9c5d-4e3f2a1b0c9d',
      name: { en_GB: 'Posted card' },
    };
    const res = await publish({ template: json, art: { 'art/leaves.svg': leaves } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ uuid: json.uuid, version: 1 });
    expect(await byName('Posted card')).toBeDefined();
  });

  it('refuses art it neither brings nor has', async () => {
    const json = {
      ...folderJson('author-card'),
      uuid: '3b2c1d0e-9f8a-4b7c-8d6e-5f4a3b2c1d0e',
      name: { en_GB: 'No art' },
    };
    json.resources[0].image.src = 'art/nowhere.svg';
    const res = await publish({ template: json, art: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ problems: { message: string }[] }>().problems[0]!.message).toContain('art/nowhere.svg');
  });

  it("refuses a bare art name it does not bring, though the shop's demo folders have that name (issue 31)", async () => {
    const json = {
      ...folderJson('author-card'),
      uuid: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
      name: { en_GB: 'Borrowed balloons' },
    };
    json.resources[0].image.src = 'art/balloons.svg';
    const res = await publish({ template: json, art: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ problems: { path: string; message: string }[] }>().problems).toEqual([
      {
        path: 'art art/balloons.svg',
        message:
          'the art file "art/balloons.svg" is missing: bring it in the folder\'s art/, or name stored art as art/stored/<sha256>',
      },
    ]);
    expect(await byName('Borrowed balloons')).toBeUndefined();
  });

  it("takes the shop's demo art named by its content, as a by-uuid answer of a demo template names it", async () => {
    const balloon = (await cards()).find((c) => c.name.en_GB === 'Balloon party')!;
    const srcs = balloon.resources.flatMap((r) => (r.image ? [r.image.src] : []));
    expect(srcs.length).toBeGreaterThan(0);
    for (const src of srcs) expect(src).toMatch(/^art\/stored\/[0-9a-f]{64}\.(svg|png|jpg)$/);
    // Served, though this shop's storage never had it published.
    const art = await app.inject({ url: `/templates2/${srcs[0]}` });
    expect(art.statusCode).toBe(200);
    const json = {
      ...folderJson('author-card'),
      uuid: '6e5d4c3b-2a1f-4e0d-9c8b-7a6f5e4d3c2b',
      name: { en_GB: 'Stored balloons' },
    };
    json.resources[0].image.src = srcs[0];
    expect((await publish({ template: json, art: {} })).statusCode).toBe(201);
  });

  it('refuses a font the shop does not have, naming where (issue 31)', async () => {
    const json = {
      ...folderJson('author-card'),
      uuid: '5d4e3f2a-1b0c-4d9e-8f7a-6b5c4d3e2f1a',
      name: { en_GB: 'Unknown font' },
    };
    const text = json.resources.findIndex((r: { type: string }) => r.type === 'STRING');
    expect(text).toBeGreaterThanOrEqual(0);
    json.resources[text].font.family = 'Comic Sans MS';
    const res = await publish({ template: json, art: { 'art/leaves.svg': leaves } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ problems: { path: string; message: string }[] }>().problems).toContainEqual({
      path: `resources[${text}].font.family`,
      message: 'the shop has no font "Comic Sans MS"',
    });
    expect(await byName('Unknown font')).toBeUndefined();
  });

  it('round trip: a by-uuid answer with a new uuid and name is a new template; a higher version is a new version', async () => {
    const balloon = (await cards()).find((c) => c.name.en_GB === 'Balloon party')!;
    const answer = (await app.inject({ url: `/m/api/templates/by-uuid/${balloon.uuid}` })).json<Template>();
    const copy = { ...answer, uuid: '4c3d2e1f-0a9b-4c8d-9e7f-6a5b4c3d2e1f', name: { en_GB: 'Balloon copy' } };
    const created = await publish({ template: copy });
    expect(created.statusCode).toBe(201);
    expect(await byName('Balloon copy')).toMatchObject({ version: answer.version });

    const newer = { ...copy, version: copy.version + 1, name: { en_GB: 'Balloon copy, newer' } };
    expect((await publish({ template: newer })).json()).toMatchObject({
      uuid: copy.uuid,
      version: newer.version,
    });
    const current = (await app.inject({ url: `/m/api/templates/by-uuid/${copy.uuid}` })).json<Template>();
    expect(current.version).toBe(newer.version);
    expect(await byName('Balloon copy')).toBeUndefined();
    // The older version stays for cart lines made with it.
    const older = await app.inject({ url: `/m/api/templates/by-uuid/${copy.uuid}/${copy.version}` });
    expect(older.json<Template>().name.en_GB).toBe('Balloon copy');
  });

  it('takes a version with suggested texts per language again unchanged (each portal stores its own language)', async () => {
    const base = folderJson('author-card') as {
      version: number;
      resources: { font?: Record<string, unknown> }[];
    };
    const json = {
      ...base,
      uuid: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
      name: { en_GB: 'Card in three languages' },
      resources: base.resources.map((r) =>
        r.font ? { ...r, font: { ...r.font, texts: { nb_NO: 'Tusen takk', da_DK: 'Tusind tak' } } } : r,
      ),
    };
    expect((await publish({ template: json, art: { 'art/leaves.svg': leaves } })).statusCode).toBe(201);
    // The Norwegian portal stores it with its Norwegian suggestions.
    const norwegian = await app.inject({
      url: `/m/api/templates/by-uuid/${json.uuid}`,
      headers: { host: 'no.localhost' },
    });
    expect(JSON.stringify(norwegian.json())).toContain('"text":"Tusen takk"');
    const again = await publish({ template: json, art: { 'art/leaves.svg': leaves } });
    expect(again.statusCode).toBeLessThan(300);
    expect(again.json()).toMatchObject({ uuid: json.uuid, version: json.version });
  });

  it('takes the same version again unchanged, and refuses it with a changed design (409)', async () => {
    const json = {
      ...folderJson('author-card'),
      uuid: '2a1b0c9d-8e7f-4a6b-9c5d-4e3f2a1b0c9d',
      name: { en_GB: 'Posted card' },
    };
    expect((await publish({ template: json, art: { 'art/leaves.svg': leaves } })).statusCode).toBe(201);
    const changed = { ...json, dimensions: { width: 148, height: 105 }, separateFromBackground: false };
    const res = await publish({ template: changed, art: { 'art/leaves.svg': leaves } });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ problems: { message: string }[] }>().problems[0]!.message).toContain(
      'a changed design is a new version',
    );
  });
});
