import { describe, expect, it } from 'vitest';
import { createInstance, type Instance } from '../../../engine/instance.ts';
import type { Template } from '../../../engine/template.ts';
import { systemClock } from '../../../shop/clock.ts';
import { type LineResource, type OrderLine, type Product, TemplateLineAdd } from '../../../shop/contract.ts';
import { linePrice } from '../../../shop/pricing.ts';
import { templateLinePrice } from '../../../shop/templateLine.ts';
import {
  addPayload,
  buyRows,
  buySum,
  cartLineInstance as lineInstance,
  minusQuantity,
  optionWord,
  plusQuantity,
  rowPiecePrices,
  startingQuantities,
  totalPieces,
  typedQuantity,
  updatedLine,
} from '../../../src/features/editor/buy/buyRules.ts';
import { demoTemplate } from '../../support/demoTemplates.ts';

const year = systemClock.now().getFullYear();
const today = new Date(year, 2, 10);
const PICTURE = '0b9c3a52-6f3e-4a43-9d7e-2c1f5a7b8e90';

const card10x15: Product = {
  uuid: '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e',
  name: 'Card 10x15',
  producttype: 1,
  printareasize: [148, 105],
  minQuantity: 1,
  whiteBorder: false,
  productprices: [
    { quantity: 1, price: 199, campaignprice: 179, type: 0 },
    { quantity: 10, price: 169, campaignprice: 149, type: 0 },
  ],
  subproducts: [
    { uuid: '1a2b3c4d-0000-4000-8000-000000000001', name: 'White envelope', extraprice: 0 },
    { uuid: '1a2b3c4d-0000-4000-8000-000000000002', name: 'Kraft envelope', extraprice: 25 },
  ],
  campaignrequirement: 'CHRISTMAS',
};

function filledBalloon(): { template: Template; instance: Instance } {
  const template = demoTemplate('Balloon party');
  const instance = createInstance(template, today);
  instance.resources.photo = {
    type: 'IMAGE',
    image: {
      uuid: PICTURE,
      width: 1200,
      height: 900,
      rotation: 90,
      effect: 'sepia',
      cropRect: { x: 0, y: 0.1, width: 1, height: 0.8 },
    },
  };
  const greeting = instance.resources.greeting;
  if (greeting?.type !== 'STRING') throw new Error('greeting is a text slot');
  instance.resources.greeting = {
    type: 'STRING',
    text: 'Happy day, Anna',
    font: { ...greeting.font, text: 'Happy day, Anna', overrideSize: 12, overrideColor: '#2B9BC5' },
  };
  return { template, instance };
}

describe('quantity rules (S1 §4, §5)', () => {
  it('plus goes from 0, or from below the minimum, to the minimum, then adds one', () => {
    expect(plusQuantity(0, 1)).toBe(1);
    expect(plusQuantity(1, 1)).toBe(2);
    expect(plusQuantity(0, 5)).toBe(5);
    expect(plusQuantity(3, 5)).toBe(5);
    expect(plusQuantity(5, 5)).toBe(6);
  });
  it('minus subtracts one and resets to 0 below the minimum', () => {
    expect(minusQuantity(6, 5)).toBe(5);
    expect(minusQuantity(5, 5)).toBe(0);
    expect(minusQuantity(1, 1)).toBe(0);
    expect(minusQuantity(2, 1)).toBe(1);
  });
  it('a typed quantity: a non-integer or a value below the minimum becomes 0', () => {
    expect(typedQuantity('7', 5)).toBe(7);
    expect(typedQuantity(' 12 ', 1)).toBe(12);
    expect(typedQuantity('4', 5)).toBe(0);
    expect(typedQuantity('2.5', 1)).toBe(0);
    expect(typedQuantity('abc', 1)).toBe(0);
    expect(typedQuantity('', 1)).toBe(0);
    expect(typedQuantity('0', 1)).toBe(0);
  });
  it('counts the pieces of every row', () => {
    expect(totalPieces({ a: 3, b: 12 })).toBe(15);
    expect(totalPieces({})).toBe(0);
  });
});

describe('rows and prices', () => {
  it('has one row per subproduct, one row without', () => {
    expect(buyRows(card10x15).map((r) => r.subProductUuids)).toEqual([
      [card10x15.subproducts[0]!.uuid],
      [card10x15.subproducts[1]!.uuid],
    ]);
    expect(buyRows({ ...card10x15, subproducts: [] })).toEqual([
      { key: card10x15.uuid, name: 'Card 10x15', subProductUuids: [] },
    ]);
  });
  it('applies the campaign only when the requirement names one of the template categories', () => {
    const kraft = [card10x15.subproducts[1]!.uuid];
    expect(templateLinePrice(card10x15, { categories: ['BIRTHDAY'] }, 3, kraft)).toBe(
      linePrice(card10x15, 3, kraft),
    );
    expect(templateLinePrice(card10x15, { categories: ['christmas'] }, 3, kraft)).toBe((179 + 25) * 3);
  });
  it('shows the regular piece price struck through only under a campaign', () => {
    const [white, kraft] = buyRows(card10x15);
    expect(rowPiecePrices(card10x15, { categories: ['BIRTHDAY'] }, white!, 0)).toEqual({
      current: 199,
      old: null,
    });
    expect(rowPiecePrices(card10x15, { categories: ['CHRISTMAS'] }, kraft!, 10)).toEqual({
      current: 149 + 25,
      old: 169 + 25,
    });
  });
  it('sums the rows that will be posted', () => {
    const [white, kraft] = buyRows(card10x15);
    const rows = [white!, kraft!];
    const sum = buySum(card10x15, { categories: [] }, rows, { [white!.key]: 3, [kraft!.key]: 12 });
    expect(sum).toBe(
      linePrice(card10x15, 3, white!.subProductUuids) + linePrice(card10x15, 12, kraft!.subProductUuids),
    );
    expect(buySum({ ...card10x15, minQuantity: 5 }, { categories: [] }, rows, { [white!.key]: 3 })).toBe(0);
  });
});

describe('the cart add payload (S1 §3)', () => {
  it('carries the product, subproducts, quantity and every user resource, and the server schema takes it', () => {
    const { template, instance } = filledBalloon();
    const [, kraft] = buyRows(card10x15);
    const payload = addPayload(template, instance, card10x15.uuid, kraft!, 12);
    expect(payload).toMatchObject({
      product: { uuid: card10x15.uuid },
      subProductUuids: [kraft!.subProductUuids[0]],
      quantity: 12,
      // A card sends no year (the server fills it); a calendar sends the one the shopper chose.
      template: { uuid: template.uuid, version: template.version, year: null },
    });
    const calendar = demoTemplate('Modern 20x30');
    const chosen = { ...createInstance(calendar, today), year: year + 1 };
    expect(addPayload(calendar, chosen, card10x15.uuid, kraft!, 1).template.year).toBe(year + 1);
    // A calendar sends its first month (January when the shopper chose none); a card sends none.
    expect(addPayload(calendar, chosen, card10x15.uuid, kraft!, 1).template.startMonth).toBe(1);
    const september = { ...chosen, startMonth: 9 };
    expect(addPayload(calendar, september, card10x15.uuid, kraft!, 1).template.startMonth).toBe(9);
    expect(
      TemplateLineAdd.parse(addPayload(calendar, september, card10x15.uuid, kraft!, 1)).template,
    ).toMatchObject({
      startMonth: 9,
    });
    expect('startMonth' in payload.template).toBe(false);
    // Its own dates and holidays too (none and on by default); a card sends neither.
    expect(addPayload(calendar, chosen, card10x15.uuid, kraft!, 1).template).toMatchObject({
      personalDates: [],
      holidays: true,
    });
    const anna = { day: 17, month: 5, text: 'Anna', yearly: true };
    const own = { ...chosen, personalDates: [anna], holidays: false };
    expect(
      TemplateLineAdd.parse(addPayload(calendar, own, card10x15.uuid, kraft!, 1)).template,
    ).toMatchObject({
      personalDates: [anna],
      holidays: false,
    });
    expect('personalDates' in payload.template || 'holidays' in payload.template).toBe(false);
    expect(payload.template.resources).toEqual([
      {
        fullId: 'photo',
        type: 'IMAGE',
        image: {
          uuid: PICTURE,
          rotation: 90,
          effect: 'sepia',
          cropRect: { x: 0, y: 0.1, width: 1, height: 0.8 },
        },
      },
      {
        fullId: 'greeting',
        type: 'STRING',
        text: 'Happy day, Anna',
        // Only the shopper's changes: the template's own family, size and colour stay implicit.
        font: { overrideSize: 12, overrideColor: '#2B9BC5' },
      },
    ]);
    expect(TemplateLineAdd.safeParse(payload).success).toBe(true);
  });
  it('sends an empty picture slot as null and a plainly edited font field', () => {
    const template = demoTemplate('Holly greetings');
    const instance = createInstance(template, today);
    const text = Object.entries(instance.resources).find(([, r]) => r.type === 'STRING');
    if (text && text[1].type === 'STRING') text[1].font = { ...text[1].font, family: 'Roboto' };
    const payload = addPayload(template, instance, card10x15.uuid, { subProductUuids: [] }, 1);
    for (const r of payload.template.resources) {
      if (r.type === 'IMAGE') expect(r.image).toBeNull();
      else if (text && r.fullId === text[0]) expect(r.font).toMatchObject({ family: 'Roboto' });
    }
  });
});

describe('update mode', () => {
  it('opens a line with its resources and year, and sends them back unchanged', () => {
    const { template, instance } = filledBalloon();
    const resources = addPayload(template, instance, card10x15.uuid, { subProductUuids: [] }, 1).template
      .resources;
    // As the server answers it: pictures with their size, fonts whole with the overrides.
    const stored = resources.map(
      (r): LineResource =>
        r.type === 'IMAGE'
          ? {
              fullId: r.fullId!,
              type: 'IMAGE',
              image: r.image && {
                ...r.image,
                rotation: r.image.rotation ?? 0,
                effect: r.image.effect ?? 'original',
                width: 1200,
                height: 900,
              },
            }
          : {
              fullId: r.fullId!,
              type: 'STRING',
              text: r.text!,
              font: {
                family: 'Pacifico',
                size: 14,
                color: '#333333',
                horizontalAlign: 'center',
                verticalAlign: 'middle',
                text: r.text,
                overrideSize: 12,
                overrideColor: '#2B9BC5',
              },
            },
    );
    const line: OrderLine = {
      uuid: '5d7e8f90-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
      type: 1,
      description: 'Balloon party (Card 10x15)',
      product: { uuid: card10x15.uuid, type: 1 },
      files: [],
      quantity: 2,
      actualLinePrice: 398,
      image: null,
      templates: [{ template: template.uuid, version: template.version, resources: stored, year: year + 1 }],
      subProductUuids: [],
    };
    const opened = lineInstance(template, line, today);
    expect(opened.year).toBe(year + 1);
    expect(opened.dirty).toBe(false);
    expect(opened.resources.photo).toEqual(instance.resources.photo);
    const greeting = opened.resources.greeting;
    expect(greeting).toMatchObject({ type: 'STRING', text: 'Happy day, Anna' });
    if (greeting?.type === 'STRING') {
      expect(greeting.font.overrideFamily).toBeUndefined();
      expect(greeting.font.overrideSize).toBe(12);
    }
    // A card's year is the server's: the line keeps the one it has.
    const sent = updatedLine(template, line, { ...opened, year: year + 2 });
    expect(sent.templates).toEqual([
      { template: template.uuid, version: template.version, year: year + 1, resources },
    ]);
    expect(sent.quantity).toBe(2);
    expect(sent.product).toEqual(line.product);
  });
  it('drops slots the template does not have', () => {
    const template = demoTemplate('Balloon party');
    const line = {
      templates: [
        {
          template: template.uuid,
          resources: [{ fullId: 'nope', type: 'STRING', text: 'x' }],
          year: year + 4,
        },
      ],
    } as unknown as OrderLine;
    const opened = lineInstance(template, line, today);
    expect(opened.resources.nope).toBeUndefined();
    expect(opened.year).toBe(year + 4);
  });
});

describe('the buy screen starts where a shopper can buy (issue 34)', () => {
  const rows = [
    { key: 'a', name: 'White envelope', subProductUuids: ['a'] },
    { key: 'b', name: 'Kraft envelope', subProductUuids: ['b'] },
  ];

  it('puts the first row at the minimum and the others at 0, until the shopper chooses', () => {
    expect(startingQuantities(rows, 5, {})).toEqual({ a: 5 });
    expect(startingQuantities(rows, 1, { a: 0, b: 3 })).toEqual({ a: 0, b: 3 });
    expect(startingQuantities(rows, 1, { b: 2 })).toEqual({ a: 1, b: 2 });
    expect(startingQuantities([], 3, {})).toEqual({});
  });

  it('writes an option inside a sentence with a small first letter, but leaves names in capitals alone', () => {
    expect(optionWord('White envelope')).toBe('white envelope');
    expect(optionWord('A4 frame')).toBe('A4 frame');
    expect(optionWord('LED light')).toBe('LED light');
    expect(optionWord('x')).toBe('x');
  });
});
