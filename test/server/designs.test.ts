/**
 * 'My designs' (issue 18): a logged-in shopper's unfinished designs kept with the account, the newer
 * save winning, checked against the template like the browser's save, and nobody else's to read.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstance, type Instance } from '../../engine/instance.ts';
import type { AccountDesign, DesignSummary } from '../../shop/contract.ts';
import { demoTemplate } from '../support/demoTemplates.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { login, PASSWORD, registeredUser } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';

describe.each(databaseKinds())('my designs on %s', (kind: DatabaseKind) => {
  let t: TestApp;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await startTestApp(kind);
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
  });

  const card = () => demoTemplate('Balloon party');
  const url = (uuid: string) => `/m/api/user/designs/${uuid}`;
  const headers = (cookie: string | null) => (cookie ? { cookie } : {});
  /** A design of the card with its first text changed. */
  const designWith = (text: string): Instance => {
    const template = card();
    const i = createInstance(template, app.clock.now());
    const [slot] = Object.entries(i.resources).find(([, v]) => v.type === 'STRING')!;
    const value = i.resources[slot]!;
    if (value.type !== 'STRING') throw new Error('no text slot');
    return { ...i, resources: { ...i.resources, [slot]: { ...value, text } }, dirty: true };
  };
  const put = (cookie: string | null, instance: unknown, savedAt: Date | string, uuid = card().uuid) =>
    app.inject({
      method: 'PUT',
      url: url(uuid),
      headers: headers(cookie),
      payload: { instance, savedAt: typeof savedAt === 'string' ? savedAt : savedAt.toISOString() },
    });
  const read = async (cookie: string | null, uuid = card().uuid) =>
    (await app.inject({ url: url(uuid), headers: headers(cookie) })).json<{
      signedIn: boolean;
      design: AccountDesign | null;
    }>();
  const list = (cookie: string | null) =>
    app.inject({ url: '/m/api/user/designs', headers: headers(cookie) });
  const textOf = (design: AccountDesign | null) =>
    Object.values(design?.instance.resources ?? {}).flatMap((v) => (v.type === 'STRING' ? [v.text] : []));

  it('a visitor keeps none: told so on reading, 401 on the list, on saving and on deleting', async () => {
    expect(await read(null)).toEqual({ signedIn: false, design: null });
    expect((await list(null)).statusCode).toBe(401);
    const saved = await put(null, designWith('Hi'), new Date());
    expect(saved.statusCode).toBe(401);
    expect(saved.json()).toMatchObject({ code: 'unauthorized' });
    expect((await app.inject({ method: 'DELETE', url: url(card().uuid) })).statusCode).toBe(401);
  });

  it('a design saved on one device reopens on another session of the account, and is listed', async () => {
    const { email, cookie } = await registeredUser(app, '10.40.0.1');
    const savedAt = new Date(app.clock.now().getTime() - 60_000);
    const res = await put(cookie, designWith('Happy day, Anna'), savedAt);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kept: true, design: { savedAt: savedAt.toISOString() } });

    const other = await login(app, email, PASSWORD, { ip: '10.40.0.2' });
    expect(other.cookie).not.toBe(cookie);
    const again = await read(other.cookie);
    expect(again.signedIn).toBe(true);
    expect(textOf(again.design)).toContain('Happy day, Anna');
    expect(again.design!.instance).toMatchObject({
      templateUuid: card().uuid,
      templateVersion: card().version,
    });

    const listed = (await list(other.cookie!)).json<{ designs: DesignSummary[] }>().designs;
    expect(listed.map((d) => [d.template.uuid, d.template.name.en_GB, d.savedAt])).toEqual([
      [card().uuid, 'Balloon party', savedAt.toISOString()],
    ]);
  });

  it('the newer save wins, a clock ahead counts as now, and the list is last changed first', async () => {
    const { cookie } = await registeredUser(app, '10.40.0.3');
    const now = app.clock.now().getTime();
    await put(cookie, designWith('second'), new Date(now - 1_000));
    const older = await put(cookie, designWith('first'), new Date(now - 5_000));
    expect(older.statusCode).toBe(200);
    expect(older.json<{ kept: boolean }>().kept).toBe(false);
    expect(textOf((await read(cookie)).design)).toContain('second');

    const ahead = await put(cookie, designWith('from the future'), new Date(now + 86_400_000 * 365));
    const keptAt = Date.parse(ahead.json<{ design: AccountDesign }>().design.savedAt);
    expect(keptAt).toBeLessThanOrEqual(app.clock.now().getTime());
    expect(keptAt).toBeGreaterThanOrEqual(now);

    const calendar = demoTemplate('Classic A4');
    const calendarDesign = { ...createInstance(calendar, app.clock.now()), dirty: true };
    expect((await put(cookie, calendarDesign, new Date(), calendar.uuid)).statusCode).toBe(200);
    const names = (await list(cookie))
      .json<{ designs: DesignSummary[] }>()
      .designs.map((d) => d.template.name.en_GB);
    expect(names).toEqual(['Classic A4', 'Balloon party']);
  });

  it('nobody else reads or removes a design; its owner deletes it', async () => {
    const owner = await registeredUser(app, '10.40.0.4');
    const stranger = await registeredUser(app, '10.40.0.5');
    await put(owner.cookie, designWith('mine'), new Date());
    expect(await read(stranger.cookie)).toEqual({ signedIn: true, design: null });
    expect((await list(stranger.cookie)).json()).toEqual({ designs: [] });
    await app.inject({ method: 'DELETE', url: url(card().uuid), headers: { cookie: stranger.cookie } });
    expect(textOf((await read(owner.cookie)).design)).toContain('mine');

    const gone = await app.inject({
      method: 'DELETE',
      url: url(card().uuid),
      headers: { cookie: owner.cookie },
    });
    expect(gone.statusCode).toBe(204);
    expect((await read(owner.cookie)).design).toBeNull();
  });

  it('refuses what is not a design of that template, with a message, and keeps the design it had', async () => {
    const { cookie } = await registeredUser(app, '10.40.0.6');
    await put(cookie, designWith('kept'), new Date(app.clock.now().getTime() - 10_000));
    const good = designWith('x');
    const cases: [unknown, string | Date, string, number, string][] = [
      [{ ...good, templateVersion: good.templateVersion + 50 }, new Date(), card().uuid, 404, 'not_found'],
      // Versions no integer column holds were a 500 ("out of range" from the database; issue 28).
      [{ ...good, templateVersion: 2 ** 31 }, new Date(), card().uuid, 404, 'not_found'],
      [{ ...good, templateVersion: 2 ** 53 }, new Date(), card().uuid, 404, 'not_found'],
      [{ ...good, templateVersion: 1e308 }, new Date(), card().uuid, 404, 'not_found'],
      [{ ...good, templateVersion: -(2 ** 53) }, new Date(), card().uuid, 404, 'not_found'],
      [
        { ...good, resources: { ...good.resources, 'no-such-slot': { type: 'IMAGE', image: null } } },
        new Date(),
        card().uuid,
        400,
        'design_mismatch',
      ],
      [{ ...good, currentPageId: 'no-such-page' }, new Date(), card().uuid, 400, 'design_mismatch'],
      [{ ...good, year: 'soon' }, new Date(), card().uuid, 400, 'design_mismatch'],
      [good, 'yesterday', card().uuid, 400, 'invalid_request'],
      [[], new Date(), card().uuid, 400, 'invalid_request'],
      // The card's design sent as the calendar's (a version the calendar has).
      [
        { ...good, templateVersion: demoTemplate('Classic A4').version },
        new Date(),
        demoTemplate('Classic A4').uuid,
        400,
        'design_mismatch',
      ],
    ];
    for (const [instance, savedAt, uuid, status, code] of cases) {
      const res = await put(cookie, instance, savedAt, uuid);
      expect({ status: res.statusCode, code: res.json().code }).toEqual({ status, code });
      expect(typeof res.json().error).toBe('string');
    }
    const notUuid = await app.inject({
      method: 'PUT',
      url: url('not-a-uuid'),
      headers: { cookie },
      payload: { instance: good, savedAt: new Date().toISOString() },
    });
    expect(notUuid.statusCode).toBe(400);
    const huge = await put(cookie, { ...good, padding: 'x'.repeat(300 * 1024) }, new Date());
    expect(huge.statusCode).toBe(413);
    expect(textOf((await read(cookie)).design)).toContain('kept');
  });
});
