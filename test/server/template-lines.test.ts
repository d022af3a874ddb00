import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultYear } from '../../engine/calendar.ts';
import { createInstance, type Instance, type ResourceValue } from '../../engine/instance.ts';
import { assertTemplate, type Font, type Template } from '../../engine/template.ts';
import { loadFontSet } from '../../server/fonts.ts';
import { messageIn } from '../../server/plugins/errors.ts';
import { SetClock, systemClock } from '../../shop/clock.ts';
import type { Cart, OrderLine, Product } from '../../shop/contract.ts';
import { linePrice } from '../../shop/pricing.ts';
import { addPayload, addVerdict } from '../../src/features/editor/buy/buyRules.ts';
import { startTestApp, type TestApp } from './app-harness.ts';
import { registeredUser } from './checkout-helpers.ts';
import { type DatabaseKind, databaseKinds } from './databases.ts';
import { uploadPhoto } from './multipart.ts';

const CART = '/m/api/webshop/cart';

describe.each(databaseKinds())('template lines on %s', (kind: DatabaseKind) => {
  // The app's clock stands still for the test, so "this year" cannot change halfway through.
  const clock = new SetClock(systemClock.now());
  const year = clock.now().getFullYear();
  let t: TestApp;
  let app: FastifyInstance;
  let cookieA: string;
  let cookieB: string;
  let pictureA: { uuid: string; width: number; height: number };
  let pictureB: { uuid: string; width: number; height: number };
  let card: Template;
  let calendar: Template;
  let cardProduct: Product;
  let products: Product[];

  const upload = (cookie: string | null, width: number, height: number) =>
    uploadPhoto(app, { width, height, background: '#3a7bd5', cookie });

  const cartOf = async (cookie: string) =>
    (await app.inject({ url: CART, headers: { cookie } })).json() as Cart;
  const post = (cookie: string, payload: unknown) =>
    app.inject({ method: 'POST', url: CART, headers: { cookie }, payload: payload as object });

  const cardPayload = (over: Record<string, unknown> = {}, resources?: unknown[]) => ({
    product: { uuid: cardProduct.uuid },
    subProductUuids: [],
    quantity: 1,
    template: {
      uuid: card.uuid,
      resources: resources ?? [
        {
          fullId: 'photo',
          type: 'IMAGE',
          image: { uuid: pictureA.uuid, rotation: 0, cropRect: { x: 0, y: 0.1, width: 1, height: 0.8 } },
        },
        { fullId: 'greeting', type: 'STRING', font: { text: 'Happy day, Anna' } },
      ],
      year,
    },
    ...over,
  });

  beforeAll(async () => {
    t = await startTestApp(kind, { clock });
    app = t.app;
    ({ picture: pictureA, cookie: cookieA } = await upload(null, 1200, 900));
    ({ picture: pictureB, cookie: cookieB } = await upload(null, 900, 1200));
    const cards = (await app.inject({ url: '/m/api/templates/cards' })).json() as Template[];
    card = cards.find((c) => c.name.en_GB === 'Balloon party')!;
    const calendars = (await app.inject({ url: '/m/api/templates/calendars' })).json() as Template[];
    calendar = calendars.find((c) => c.name.en_GB === 'Modern 20x30')!;
    products = ((await app.inject({ url: '/m/api/products' })).json() as { products: Product[] }).products;
    cardProduct = products.find((p) => p.uuid === card.product.uuid)!;
    expect(cardProduct.subproducts.length).toBeGreaterThanOrEqual(2);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a card line per subproduct row, priced by the server', async () => {
    const [white, kraft] = cardProduct.subproducts;
    let res = await post(cookieA, cardPayload({ subProductUuids: [white!.uuid], quantity: 3 }));
    expect(res.statusCode).toBe(200);
    res = await post(cookieA, cardPayload({ subProductUuids: [kraft!.uuid], quantity: 12 }));
    expect(res.statusCode).toBe(200);
    const cart = res.json() as Cart;
    expect(cart.orderLines).toHaveLength(2);
    const [one, two] = cart.orderLines as [OrderLine, OrderLine];
    expect(one.type).toBe(1);
    expect(one.product).toEqual({ uuid: cardProduct.uuid, type: 1 });
    expect(one.subProductUuids).toEqual([white!.uuid]);
    expect(two.subProductUuids).toEqual([kraft!.uuid]);
    expect(one.actualLinePrice).toBe(linePrice(cardProduct, 3, [white!.uuid]));
    expect(two.actualLinePrice).toBe(linePrice(cardProduct, 12, [kraft!.uuid]));
    // The kraft envelope costs extra per card.
    expect(two.actualLinePrice).toBeGreaterThan(linePrice(cardProduct, 12));
    expect(cart.summary.totalPrice).toBe(one.actualLinePrice + two.actualLinePrice);
    expect(one.description).toContain('Balloon party');
    const entry = one.templates[0]!;
    expect(entry).toMatchObject({ template: card.uuid, version: card.version });
    const photo = entry.resources.find((r) => (r as { fullId: string }).fullId === 'photo') as {
      image: { uuid: string; width: number; height: number };
    };
    expect(photo.image).toMatchObject({ uuid: pictureA.uuid, width: 1200, height: 900 });
    const greeting = entry.resources.find((r) => (r as { fullId: string }).fullId === 'greeting') as {
      text: string;
      font: { text: string; family: string };
    };
    expect(greeting.text).toBe('Happy day, Anna');
    expect(greeting.font.text).toBe('Happy day, Anna');
  });

  it('keeps the line breaks a shopper wrote, each kind stored as one line feed (issue 31)', async () => {
    const { picture, cookie } = await upload(null, 1200, 900);
    const written = ' Dear friends,\r\nthank you \n\nLove, Anna\n';
    const payload = cardPayload({}, [
      {
        fullId: 'photo',
        type: 'IMAGE',
        image: { uuid: picture.uuid, rotation: 0, cropRect: { x: 0, y: 0.1, width: 1, height: 0.8 } },
      },
      { fullId: 'greeting', type: 'STRING', font: { text: written } },
    ]);
    const res = await post(cookie, payload);
    expect(res.statusCode).toBe(200);
    const [line] = (res.json() as Cart).orderLines as [OrderLine];
    const greeting = line.templates[0]!.resources.find((r) => r.fullId === 'greeting') as {
      text: string;
      font: { text: string };
    };
    expect(greeting.text).toBe('Dear friends,\nthank you\n\nLove, Anna');
    expect(greeting.font.text).toBe(greeting.text);
  });

  describe('refuses with a 4xx and a message, leaving the cart as it was', () => {
    const longText = 'This greeting is far too long to fit in the small box of the card '.repeat(6);
    const refusals: [string, () => unknown, string][] = [
      [
        'an unknown template',
        () => ({
          ...cardPayload(),
          template: { ...cardPayload().template, uuid: '00000000-0000-4000-8000-000000000000' },
        }),
        'unknown_template',
      ],
      [
        'an unknown product',
        () => cardPayload({ product: { uuid: '00000000-0000-4000-8000-000000000001' } }),
        'unknown_product',
      ],
      [
        'a product of another template',
        () => cardPayload({ product: { uuid: products.find((p) => p.producttype === 89)!.uuid } }),
        'product_mismatch',
      ],
      [
        'an unknown subproduct',
        () => cardPayload({ subProductUuids: ['00000000-0000-4000-8000-000000000002'] }),
        'unknown_subproduct',
      ],
      [
        'an unknown slot',
        () =>
          cardPayload({}, [
            ...cardPayload().template.resources,
            { fullId: 'nope', type: 'STRING', text: 'x' },
          ]),
        'unknown_slot',
      ],
      [
        'a text in a picture slot',
        () => cardPayload({}, [{ fullId: 'photo', type: 'STRING', text: 'x' }]),
        'wrong_slot_type',
      ],
      [
        'a text that overflows its slot',
        () =>
          cardPayload({}, [
            cardPayload().template.resources[0],
            { fullId: 'greeting', type: 'STRING', text: longText },
          ]),
        'text_overflow',
      ],
      [
        'a text too big at its size',
        () =>
          cardPayload({}, [
            cardPayload().template.resources[0],
            { fullId: 'greeting', type: 'STRING', font: { text: 'Have a wonderful day', overrideSize: 60 } },
          ]),
        'text_overflow',
      ],
      [
        'an unknown font',
        () =>
          cardPayload({}, [
            cardPayload().template.resources[0],
            { fullId: 'greeting', type: 'STRING', font: { text: 'Hi', overrideFamily: 'Comic Sans MS' } },
          ]),
        'unknown_font',
      ],
      [
        'a size below 12 pt',
        () =>
          cardPayload({}, [
            cardPayload().template.resources[0],
            { fullId: 'greeting', type: 'STRING', font: { text: 'Hi', overrideSize: 8 } },
          ]),
        'invalid_font_size',
      ],
      [
        'a missing required picture',
        () => cardPayload({}, [{ fullId: 'photo', type: 'IMAGE', image: null }]),
        'incomplete',
      ],
      [
        'a picture of another session',
        () =>
          cardPayload({}, [
            {
              fullId: 'photo',
              type: 'IMAGE',
              image: { uuid: pictureB.uuid, cropRect: { x: 0, y: 0, width: 1, height: 1 } },
            },
          ]),
        'unknown_picture',
      ],
      ['a quantity of 0', () => cardPayload({ quantity: 0 }), 'invalid_request'],
      [
        'a crop that is no crop',
        () =>
          cardPayload({}, [
            {
              fullId: 'photo',
              type: 'IMAGE',
              image: { uuid: pictureA.uuid, cropRect: { x: 0, y: 0, width: -1, height: 1 } },
            },
          ]),
        'invalid_request',
      ],
    ];
    it.each(refusals)('%s', async (_name, payload, code) => {
      const before = await cartOf(cookieA);
      const res = await post(cookieA, payload());
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      const body = res.json() as { error: string; code: string };
      expect(body.code).toBe(code);
      expect(body.error.length).toBeGreaterThan(5);
      expect(await cartOf(cookieA)).toEqual(before);
    });

    it('a card with last year or a year far ahead', async () => {
      const before = await cartOf(cookieA);
      for (const wrong of [year - 1, year + 100]) {
        const res = await post(
          cookieA,
          cardPayload({ template: { ...cardPayload().template, year: wrong } }),
        );
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'invalid_year',
          error: expect.stringContaining(String(wrong)),
        });
      }
      expect(await cartOf(cookieA)).toEqual(before);
    });

    it('a year outside the calendar’s years, and a past year', async () => {
      const resources = [
        {
          fullId: 'cover:photo',
          type: 'IMAGE',
          image: { uuid: pictureA.uuid, cropRect: { x: 0, y: 0, width: 1, height: 1 } },
        },
        ...Array.from({ length: 12 }, (_, i) => ({
          fullId: `month-${i + 1}:photo`,
          type: 'IMAGE',
          image: { uuid: pictureA.uuid, cropRect: { x: 0, y: 0, width: 1, height: 1 } },
        })),
      ];
      const payload = (chosen: number) => ({
        product: { uuid: calendar.product.uuid },
        subProductUuids: [],
        quantity: 1,
        template: { uuid: calendar.uuid, resources, year: chosen },
      });
      const before = await cartOf(cookieA);
      // Modern 20x30 is made for this year and the next two.
      for (const wrong of [year + 3, year - 1]) {
        const res = await post(cookieA, payload(wrong));
        expect(res.statusCode).toBe(400);
        expect((res.json() as { code: string }).code).toBe('invalid_year');
      }
      expect(await cartOf(cookieA)).toEqual(before);
      // A supported year is taken, and the line is a calendar line (type 2).
      const res = await post(cookieA, payload(year + 2));
      expect(res.statusCode).toBe(200);
      const line = (res.json() as Cart).orderLines.at(-1)!;
      expect(line.type).toBe(2);
      expect(line.templates[0]!.year).toBe(year + 2);
      // A PUT may change the year within the supported ones, and not outside them.
      const put = (to: number) =>
        app.inject({
          method: 'PUT',
          url: `${CART}/${line.uuid}`,
          headers: { cookie: cookieA },
          payload: { ...line, templates: [{ ...line.templates[0], year: to }] },
        });
      expect((await put(year + 3)).statusCode).toBe(400);
      const changed = await put(year + 1);
      expect(changed.statusCode).toBe(200);
      expect((changed.json() as Cart).orderLines.at(-1)!.templates[0]!.year).toBe(year + 1);
      await app.inject({ method: 'DELETE', url: `${CART}/${line.uuid}`, headers: { cookie: cookieA } });
    });
  });

  describe('the year: a calendar’s own, the server’s for other templates', () => {
    const calendarResources = (uuid: string) =>
      ['cover:photo', ...Array.from({ length: 12 }, (_, i) => `month-${i + 1}:photo`)].map((fullId) => ({
        fullId,
        type: 'IMAGE',
        image: { uuid, cropRect: { x: 0, y: 0, width: 1, height: 1 } },
      }));
    /** Next year's calendar line with every picture slot filled, and `extra` in its template. */
    const calendarLine = (pictureUuid: string, extra: Record<string, unknown>) => ({
      product: { uuid: calendar.product.uuid },
      subProductUuids: [],
      quantity: 1,
      template: { uuid: calendar.uuid, resources: calendarResources(pictureUuid), year: year + 1, ...extra },
    });

    it('takes a card sent with the template’s own null year, or none, and fills the default year', async () => {
      const { cookie, picture } = await upload(null, 1200, 900);
      const photo = {
        fullId: 'photo',
        type: 'IMAGE',
        image: { uuid: picture.uuid, cropRect: { x: 0, y: 0, width: 1, height: 1 } },
      };
      // What GET …/templates/by-uuid answers for a card: year null.
      expect(card.year).toBeNull();
      const expected = defaultYear(card, clock.now());
      for (const sent of [{ year: card.year }, {}]) {
        const { year: _, ...template } = cardPayload().template;
        const res = await post(
          cookie,
          cardPayload({ template: { ...template, resources: [photo], ...sent } }),
        );
        expect(res.statusCode, res.body).toBe(200);
        expect((res.json() as Cart).orderLines.at(-1)!.templates[0]!.year).toBe(expected);
      }
    });

    it('refuses a calendar without its year (null or none), storing nothing', async () => {
      const { cookie, picture } = await upload(null, 900, 1200);
      for (const sent of [{ year: null }, {}]) {
        const res = await post(cookie, {
          product: { uuid: calendar.product.uuid },
          subProductUuids: [],
          quantity: 1,
          template: { uuid: calendar.uuid, resources: calendarResources(picture.uuid), ...sent },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'year_required', error: expect.stringContaining('year') });
      }
      expect((await cartOf(cookie)).orderLines).toEqual([]);
    });

    it("keeps a calendar's own dates and holidays; refuses a date that does not exist, naming the field", async () => {
      const { cookie, picture } = await upload(null, 900, 1200);
      const add = (extra: Record<string, unknown>) => post(cookie, calendarLine(picture.uuid, extra));
      const anna = { day: 17, month: 5, text: 'Anna 40', yearly: true };
      const refusals: [unknown, string][] = [
        [[{ ...anna, day: 31, month: 4 }], 'personalDates.0.day'],
        [[{ ...anna, day: 30, month: 2 }], 'personalDates.0.day'],
        [[{ ...anna, month: 13 }], 'personalDates.0.month'],
        [[{ ...anna, text: 'x'.repeat(31) }], 'personalDates.0.text'],
        [[{ ...anna, text: '  ' }], 'personalDates.0.text'],
        [Array.from({ length: 101 }, () => anna), 'personalDates'],
      ];
      for (const [personalDates, field] of refusals) {
        const res = await add({ personalDates });
        expect(res.statusCode).toBe(400);
        expect((res.json() as { error: string }).error).toContain(field);
      }
      expect((await cartOf(cookie)).orderLines).toEqual([]);

      const added = (
        await add({ personalDates: [anna, { day: 29, month: 2, text: ' Leap ' }], holidays: false })
      ).json() as Cart;
      const line = added.orderLines.at(-1)!;
      expect(line.templates[0]).toMatchObject({
        personalDates: [anna, { day: 29, month: 2, text: 'Leap', yearly: true }],
        holidays: false,
      });
      // Without them: none, and holidays marked.
      expect(((await add({})).json() as Cart).orderLines.at(-1)!.templates[0]).toMatchObject({
        personalDates: [],
        holidays: true,
      });
      // A PUT keeps them unless it sends new ones.
      const { personalDates: _, holidays: __, ...bare } = line.templates[0]!;
      const put = (templates: unknown) =>
        app.inject({
          method: 'PUT',
          url: `${CART}/${line.uuid}`,
          headers: { cookie },
          payload: { ...line, templates },
        });
      const kept = (await put([bare])).json() as Cart;
      expect(kept.orderLines.find((l) => l.uuid === line.uuid)!.templates[0]).toMatchObject({
        personalDates: line.templates[0]!.personalDates,
        holidays: false,
      });
      const changed = (await put([{ ...bare, personalDates: [], holidays: true }])).json() as Cart;
      expect(changed.orderLines.find((l) => l.uuid === line.uuid)!.templates[0]).toMatchObject({
        personalDates: [],
        holidays: true,
      });
    });

    it("keeps a logged-in shopper's yearly dates with the account, once each; a visitor's are not kept", async () => {
      const { cookie } = await registeredUser(app, '10.7.7.7');
      const { picture } = await upload(cookie, 900, 1200);
      const add = (who: string, personalDates: unknown[]) =>
        post(who, calendarLine(picture.uuid, { personalDates }));
      const saved = async (who: string) =>
        (
          (await app.inject({ url: '/m/api/user/personal-dates', headers: { cookie: who } })).json() as {
            personalDates: unknown[];
          }
        ).personalDates;
      expect(await saved(cookie)).toEqual([]);
      const anna = { day: 17, month: 5, text: 'Anna', yearly: true };
      const party = { day: 3, month: 3, text: 'Party', yearly: false };
      expect((await add(cookie, [anna, party])).statusCode).toBe(200);
      expect(await saved(cookie)).toEqual([anna]);
      // Next year's calendar with the same date and a new one: each kept once.
      const wedding = { day: 2, month: 9, text: 'Wedding day', yearly: true };
      const second = (await add(cookie, [{ ...anna, text: 'ANNA' }, wedding])).json() as Cart;
      expect(await saved(cookie)).toEqual([anna, wedding]);
      // A PUT of a line keeps its new yearly dates too.
      const line = second.orderLines.at(-1)!;
      const grandma = { day: 1, month: 12, text: 'Grandma', yearly: true };
      const put = await app.inject({
        method: 'PUT',
        url: `${CART}/${line.uuid}`,
        headers: { cookie },
        payload: { ...line, templates: [{ ...line.templates[0], personalDates: [grandma] }] },
      });
      expect(put.statusCode, put.body).toBe(200);
      expect(await saved(cookie)).toEqual([anna, wedding, grandma]);

      // A visitor's calendar keeps its dates on the line, but there is no account to keep them with.
      const visitor = await upload(null, 900, 1200);
      const res = await post(visitor.cookie, calendarLine(visitor.picture.uuid, { personalDates: [anna] }));
      expect(res.statusCode).toBe(200);
      expect(await saved(visitor.cookie)).toEqual([]);
      expect(await saved('')).toEqual([]);

      // At the limit a new date still gets in: the oldest makes room.
      const hundred = Array.from({ length: 100 }, (_, i) => ({
        day: 1 + (i % 28),
        month: 1,
        text: `Date ${i}`,
        yearly: true,
      }));
      expect((await add(cookie, hundred)).statusCode).toBe(200);
      expect(await saved(cookie)).toHaveLength(100);
      expect((await add(cookie, [{ day: 5, month: 6, text: 'Newest', yearly: true }])).statusCode).toBe(200);
      const kept = await saved(cookie);
      expect(kept).toHaveLength(100);
      expect(kept.at(-1)).toEqual({ day: 5, month: 6, text: 'Newest', yearly: true });
    });

    it('answers the public holidays of the portal over a calendar: Norway on the Norwegian portal', async () => {
      const next = year + 1;
      const get = (host: string, query: string) =>
        app.inject({ url: `/m/api/holidays?${query}`, headers: { host } });
      const norway = (await get('no.localhost', `year=${next}`)).json() as {
        holidays: { date: string; name: string }[];
      };
      expect(norway.holidays).toContainEqual({ date: `${next}-05-17`, name: 'Grunnlovsdagen' });
      expect(norway.holidays.every((h) => h.date.startsWith(`${next}-`))).toBe(true);
      // From September: September to August, so Christmas this year and Constitution Day the next.
      const span = (await get('no.localhost', `year=${next}&startMonth=9`)).json() as typeof norway;
      expect(span.holidays).toContainEqual({ date: `${next + 1}-05-17`, name: 'Grunnlovsdagen' });
      expect(span.holidays.some((h) => h.date === `${next}-12-25`)).toBe(true);
      const uk = (await get('localhost', `year=${next}`)).json() as typeof norway;
      expect(uk.holidays.some((h) => h.date === `${next}-12-25`)).toBe(true);
      expect(uk.holidays.some((h) => h.date.endsWith('-05-17'))).toBe(false);
      // England and Wales by default (issue 34): the Summer bank holiday, the last Monday of August.
      const summer = new Date(Date.UTC(next, 7, 31));
      while (summer.getUTCDay() !== 1) summer.setUTCDate(summer.getUTCDate() - 1);
      expect(uk.holidays).toContainEqual({
        date: summer.toISOString().slice(0, 10),
        name: 'Summer bank holiday',
      });
      // A portal whose country the shop has no holidays for marks none.
      expect(((await get('us.localhost', `year=${next}`)).json() as typeof norway).holidays).toEqual([]);
      for (const bad of ['year=abc', 'year=1800', `year=${next}&startMonth=13`, '']) {
        expect((await get('no.localhost', bad)).statusCode, bad).toBe(400);
      }
    });

    it("keeps a calendar's first month, refuses one outside 1–12 naming it, and a card's is January", async () => {
      const { cookie, picture } = await upload(null, 900, 1200);
      const add = (startMonth: unknown) =>
        post(cookie, calendarLine(picture.uuid, startMonth === undefined ? {} : { startMonth }));
      for (const bad of [0, 13, 2.5, '9']) {
        const res = await add(bad);
        expect(res.statusCode).toBe(400);
        expect((res.json() as { error: string }).error).toContain('startMonth');
      }
      expect((await cartOf(cookie)).orderLines).toEqual([]);

      const september = (await add(9)).json() as Cart;
      const line = september.orderLines.at(-1)!;
      expect(line.templates[0]).toMatchObject({ year: year + 1, startMonth: 9 });
      // Without one: January, as every line before there were first months.
      expect(((await add(undefined)).json() as Cart).orderLines.at(-1)!.templates[0]!.startMonth).toBe(1);

      // A PUT keeps the first month unless it sends one.
      const put = (templates: unknown) =>
        app.inject({
          method: 'PUT',
          url: `${CART}/${line.uuid}`,
          headers: { cookie },
          payload: { ...line, templates },
        });
      const { startMonth: _, ...withoutMonth } = line.templates[0]!;
      const kept = (await put([withoutMonth])).json() as Cart;
      expect(kept.orderLines.find((l) => l.uuid === line.uuid)!.templates[0]!.startMonth).toBe(9);
      const moved = (await put([{ ...withoutMonth, startMonth: 3 }])).json() as Cart;
      expect(moved.orderLines.find((l) => l.uuid === line.uuid)!.templates[0]!.startMonth).toBe(3);

      // A card has no months to move.
      const photo = {
        fullId: 'photo',
        type: 'IMAGE',
        image: { uuid: picture.uuid, cropRect: { x: 0, y: 0, width: 1, height: 1 } },
      };
      const sent = cardPayload({}, [photo]);
      const cardRes = await post(cookie, { ...sent, template: { ...sent.template, startMonth: 9 } });
      expect(cardRes.statusCode, cardRes.body).toBe(200);
      const cardLine = (cardRes.json() as Cart).orderLines.at(-1)!;
      expect(cardLine.templates[0]!.startMonth).toBe(1);
    });
  });

  it('gives the verdict the editor’s own check gives, on what the editor sends', async () => {
    const { cookie, picture } = await upload(null, 1200, 900);
    const fonts = await loadFontSet();
    const today = clock.now();
    const full = (await app.inject({ url: `/m/api/templates/by-uuid/${card.uuid}` })).json();
    const template = assertTemplate(full);
    const base = createInstance(template, today);
    const withPhoto: Instance = {
      ...base,
      resources: {
        ...base.resources,
        photo: {
          type: 'IMAGE',
          image: {
            ...picture,
            rotation: 0,
            effect: 'original',
            cropRect: { x: 0, y: 0, width: 1, height: 1 },
          },
        },
      },
    };
    const greeting = base.resources.greeting as Extract<ResourceValue, { type: 'STRING' }>;
    const withText = (text: string, font: Partial<Font> = {}): Instance => ({
      ...withPhoto,
      resources: {
        ...withPhoto.resources,
        greeting: { type: 'STRING', text, font: { ...greeting.font, ...font, text } },
      },
    });
    const cases: [string, Instance][] = [
      ['as filled in', withText('Happy day, Anna')],
      ['without its required picture', base],
      ['a text too long for its box', withText('A greeting far too long for the small box '.repeat(5))],
      ['a font the shop does not have', withText('Hi', { overrideFamily: 'Comic Sans' })],
      ['a size below 12 pt', withText('Hi', { overrideSize: 10 })],
    ];
    const verdicts: string[] = [];
    for (const [what, instance] of cases) {
      const editor = addVerdict(template, instance, fonts, today);
      const res = await post(
        cookie,
        addPayload(template, instance, cardProduct.uuid, { subProductUuids: [] }, 1),
      );
      const server = res.statusCode === 200 ? 'ok' : (res.json() as { code: string }).code;
      expect(server, what).toBe(editor.ok ? 'ok' : editor.code);
      if (!editor.ok) {
        expect((res.json() as { error: string }).error, what).toBe(
          messageIn('en_GB', editor.key, editor.values),
        );
      }
      verdicts.push(server);
    }
    // Each case is a different verdict: the comparison is not of two functions that always agree.
    expect(new Set(verdicts).size).toBe(cases.length);
  });

  it('changes the text of a template line with a PUT, checked like an add', async () => {
    const line = (await cartOf(cookieA)).orderLines[0]!;
    const withText = (text: string) => ({
      ...line,
      templates: [
        {
          ...line.templates[0],
          resources: (line.templates[0]!.resources as { fullId: string; font?: object }[]).map((r) =>
            r.fullId === 'greeting' ? { ...r, text, font: { ...r.font, text } } : r,
          ),
        },
      ],
    });
    const res = await app.inject({
      method: 'PUT',
      url: `${CART}/${line.uuid}`,
      headers: { cookie: cookieA },
      payload: withText('Love from Oslo'),
    });
    expect(res.statusCode).toBe(200);
    const updated = (res.json() as Cart).orderLines.find((l) => l.uuid === line.uuid)!;
    const greeting = updated.templates[0]!.resources.find(
      (r) => (r as { fullId: string }).fullId === 'greeting',
    ) as { text: string };
    expect(greeting.text).toBe('Love from Oslo');
    expect(updated.actualLinePrice).toBe(line.actualLinePrice);
    expect(updated.subProductUuids).toEqual(line.subProductUuids);

    // An overflowing text, another session's picture, an unknown slot: refused, nothing changes.
    const before = await cartOf(cookieA);
    const bad = [
      withText('An overflowing greeting that goes on and on and on '.repeat(5)),
      {
        ...line,
        templates: [
          {
            ...line.templates[0],
            resources: [
              {
                fullId: 'photo',
                type: 'IMAGE',
                image: { uuid: pictureB.uuid, cropRect: { x: 0, y: 0, width: 1, height: 1 } },
              },
            ],
          },
        ],
      },
      {
        ...line,
        templates: [{ ...line.templates[0], resources: [{ fullId: 'ghost', type: 'STRING', text: 'x' }] }],
      },
      { ...line, product: { uuid: products.find((p) => p.producttype === 0)!.uuid } },
    ];
    for (const payload of bad) {
      const refused = await app.inject({
        method: 'PUT',
        url: `${CART}/${line.uuid}`,
        headers: { cookie: cookieA },
        payload,
      });
      expect(refused.statusCode).toBe(400);
    }
    expect(await cartOf(cookieA)).toEqual(before);

    // A quantity change reprices with the line's subproduct.
    const more = await app.inject({
      method: 'PUT',
      url: `${CART}/${line.uuid}`,
      headers: { cookie: cookieA },
      payload: { ...line, quantity: 10 },
    });
    expect(more.statusCode).toBe(200);
    const repriced = (more.json() as Cart).orderLines.find((l) => l.uuid === line.uuid)!;
    expect(repriced.actualLinePrice).toBe(linePrice(cardProduct, 10, line.subProductUuids ?? []));
  });

  it('keeps a bulk update all or nothing across template lines', async () => {
    const before = await cartOf(cookieA);
    const [one, two] = before.orderLines as [OrderLine, OrderLine];
    const res = await app.inject({
      method: 'PUT',
      url: CART,
      headers: { cookie: cookieA },
      payload: [
        { ...one, quantity: 5 },
        {
          ...two,
          templates: [{ ...two.templates[0], resources: [{ fullId: 'nope', type: 'STRING', text: 'x' }] }],
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(await cartOf(cookieA)).toEqual(before);
    const ok = await app.inject({
      method: 'PUT',
      url: CART,
      headers: { cookie: cookieA },
      payload: [
        { ...one, quantity: 5 },
        { ...two, quantity: 2 },
      ],
    });
    expect(ok.statusCode).toBe(200);
    const lines = (ok.json() as Cart).orderLines;
    expect(lines.map((l) => l.quantity)).toEqual([5, 2]);
  });

  it('renders a cart thumbnail of a template line for its owner only', async () => {
    const line = (await cartOf(cookieA)).orderLines[0]!;
    const url = `${CART}/${line.uuid}/preview.jpg?width=320`;
    const res = await app.inject({ url, headers: { cookie: cookieA } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(320);
    expect(meta.height).toBe(Math.round((320 * card.dimensions.height) / card.dimensions.width));
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    // The shopper's picture (a flat blue) is on the page.
    const { data, info } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    let blue = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      if (
        Math.abs(data[i]! - 0x3a) < 20 &&
        Math.abs(data[i + 1]! - 0x7b) < 20 &&
        Math.abs(data[i + 2]! - 0xd5) < 20
      )
        blue += 1;
    }
    expect(blue).toBeGreaterThan(1000);

    const again = await app.inject({ url, headers: { cookie: cookieA, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    const other = await app.inject({ url, headers: { cookie: cookieB } });
    expect(other.statusCode).toBe(404);
    const anonymous = await app.inject({ url });
    expect(anonymous.statusCode).toBe(404);
    const small = await app.inject({
      url: `${CART}/${line.uuid}/preview.jpg?width=100`,
      headers: { cookie: cookieA },
    });
    // Drawn at the width bucket above the one asked for.
    expect((await sharp(small.rawPayload).metadata()).width).toBe(160);
    expect(small.headers.etag).not.toBe(etag);
    const tooWide = await app.inject({
      url: `${CART}/${line.uuid}/preview.jpg?width=5000`,
      headers: { cookie: cookieA },
    });
    expect(tooWide.statusCode).toBe(400);
    // The file's first thumbnail starts the render worker: 10 s alone, past 30 s beside the e2e suite.
  }, 90_000);
});
