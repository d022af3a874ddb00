import { describe, expect, it } from 'vitest';
import { gridColumns, routingFor } from '../../../src/app/layout.ts';

describe('routingFor', () => {
  it('serves /m and /m2 as the mobile app', () => {
    expect(routingFor('/m/')).toEqual({ basename: '/m', layout: 'mobile' });
    expect(routingFor('/m')).toEqual({ basename: '/m', layout: 'mobile' });
    expect(routingFor('/m/products')).toEqual({ basename: '/m', layout: 'mobile' });
    expect(routingFor('/m2/cart')).toEqual({ basename: '/m2', layout: 'mobile' });
  });
  it('serves anything else as desktop', () => {
    expect(routingFor('/')).toEqual({ basename: '/', layout: 'desktop' });
    expect(routingFor('/products')).toEqual({ basename: '/', layout: 'desktop' });
    expect(routingFor('/magazine')).toEqual({ basename: '/', layout: 'desktop' });
    expect(routingFor('/m3/x')).toEqual({ basename: '/', layout: 'desktop' });
  });
});

describe('gridColumns: the template grids and the preview overview (S1 §2)', () => {
  it('is 2 on xs, 3 from 600 px, 4 from 1200 px', () => {
    expect([0, 360, 599, 600, 1199, 1200, 1920].map(gridColumns)).toEqual([2, 2, 2, 3, 3, 4, 4]);
  });
});
