/**
 * The template lists are made once per catalogue change and served as their compressed copies
 * (issue 28: read, serialised and Brotli-compressed on every request, p99 1.5 s under load). A
 * template published through the lab is in the next list, on this instance and on any other.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '../../engine/template.ts';
import { chooseEncoding, TemplateLists } from '../../server/services/templates/templateLists.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';

const PASSWORD = 'template lists lab password';
const FOLDERS = path.resolve(import.meta.dirname, '../fixtures/template-folders');

describe.each(databaseKinds())(
  'template lists made once per catalogue change, on %s',
  (kind: DatabaseKind) => {
    let t: TestApp;
    let portalUuid: string;
    beforeAll(async () => {
      t = await startTestApp(kind, { labPassword: PASSWORD });
      portalUuid = (await t.app.inject({ url: '/m/api/portal' })).json().portal.uuid;
    });
    afterAll(async () => {
      await t?.close();
    });

    const list = (headers: Record<string, string> = {}, url = '/m/api/templates/cards') =>
      t.app.inject({ url, headers });

    it('sends Brotli, gzip or plain JSON by Accept-Encoding, all the same list, and 304 for its ETag', async () => {
      const plain = await list({ 'accept-encoding': 'identity' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toContain('application/json');
      const cards = plain.json<Template[]>();
      expect(cards.length).toBeGreaterThan(0);
      expect(cards.every((c) => c.type === 'CARDS')).toBe(true);

      const br = await list({ 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(cards);
      const gz = await list({ 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(cards);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

      expect(br.headers.etag).toBe(plain.headers.etag);
      expect(br.headers.vary).toContain('Accept-Encoding');
      const again = await list({ 'if-none-match': String(plain.headers.etag) });
      expect(again.statusCode).toBe(304);

      const category = cards[0]!.categories[0]!;
      const filtered = await list(
        { 'accept-encoding': 'identity' },
        `/m/api/templates/cards/categories/${category}`,
      );
      const inCategory = filtered.json<Template[]>();
      expect(inCategory.length).toBeGreaterThan(0);
      expect(inCategory.every((c) => c.categories.includes(category))).toBe(true);
    });

    it('builds a list once, and again only when a template is published, on every instance', async () => {
      const { db } = t.db.database;
      const here = new TemplateLists(db);
      const elsewhere = new TemplateLists(db);
      const names = async (lists: TemplateLists) =>
        (
          JSON.parse((await lists.answer(portalUuid, 'CARDS', null)).bodies.identity.toString()) as Template[]
        ).map((c) => c.name.en_GB);
      const before = await names(here);
      await Promise.all(Array.from({ length: 20 }, () => here.answer(portalUuid, 'CARDS', null)));
      await names(elsewhere);
      expect(here.builds).toBe(1);

      const json = {
        ...JSON.parse(readFileSync(path.join(FOLDERS, 'author-card', 'template.json'), 'utf8')),
        uuid: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
        name: { en_GB: 'Listed once card' },
      };
      const leaves = readFileSync(path.join(FOLDERS, 'author-card', 'art', 'leaves.svg')).toString('base64');
      const published = await t.app.inject({
        method: 'POST',
        url: '/lab/api/templates',
        headers: { authorization: `Bearer ${PASSWORD}` },
        payload: { template: json, art: { 'art/leaves.svg': leaves } },
      });
      expect(published.statusCode).toBe(201);

      expect(await names(here)).toEqual(expect.arrayContaining([...before, 'Listed once card']));
      expect(here.builds).toBe(2);
      expect(await names(elsewhere)).toContain('Listed once card');
      expect(elsewhere.builds).toBe(2);
      // Another type's list is not this one's.
      await here.answer(portalUuid, 'CALENDAR', null);
      expect(here.builds).toBe(3);
    });
  },
);

describe('chooseEncoding', () => {
  it('prefers Brotli, then gzip, honours q=0 and the wildcard', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, identity')).toBe('identity');
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('')).toBe('identity');
  });
});
