import { describe, expect, it } from 'vitest';
import { routingFor } from '../../../src/app/layout.ts';

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
