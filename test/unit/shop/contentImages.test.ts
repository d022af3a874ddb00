import { describe, expect, it } from 'vitest';
import { CONTENT_IMAGE_WIDTHS, contentImageSources, resizableFile } from '../../../shop/contentImages.ts';

describe('resizableFile', () => {
  it.each([
    ['/m/img/hero.jpg', 'hero.jpg'],
    ['/m/img/Hero-2.JPEG', 'Hero-2.JPEG'],
    ['/m/img/a.png', 'a.png'],
    ['/m/img/a.webp', 'a.webp'],
    ['/m/img/slide-1.svg', null],
    ['/m/img/../secret.jpg', null],
    ['/m/img/sub/a.jpg', null],
    ['https://example.com/a.jpg', null],
    ['/m/img/.hidden.jpg', null],
  ])('%s → %s', (src, file) => {
    expect(resizableFile(src)).toBe(file);
  });
});

describe('contentImageSources', () => {
  const widthsOf = (srcSet: string) =>
    srcSet.split(', ').map((entry) => Number(entry.split(' ')[1]!.slice(0, -1)));

  it('offers AVIF, then WebP, then a JPEG srcset, at every width when the size is unknown', () => {
    const s = contentImageSources('/m/img/hero.jpg')!;
    expect(s.sources.map((x) => x.type)).toEqual(['image/avif', 'image/webp']);
    expect(widthsOf(s.srcSet)).toEqual([...CONTENT_IMAGE_WIDTHS]);
    expect(s.srcSet).toContain('/m/api/content-images/hero.jpg?w=360&f=jpeg 360w');
    expect(s.src).toBe('/m/api/content-images/hero.jpg?w=720&f=jpeg');
    expect(s.sizes).toMatch(/100vw/);
  });

  it('never asks for more pixels than the photo has, and always for at least the smallest width', () => {
    expect(widthsOf(contentImageSources('/m/img/hero.jpg', 720)!.srcSet)).toEqual([360, 540, 720]);
    expect(widthsOf(contentImageSources('/m/img/hero.jpg', 719)!.srcSet)).toEqual([360, 540]);
    const tiny = contentImageSources('/m/img/hero.jpg', 100)!;
    expect(widthsOf(tiny.srcSet)).toEqual([360]);
    expect(tiny.src).toBe('/m/api/content-images/hero.jpg?w=360&f=jpeg');
  });

  it('leaves illustrations and other sites’ pictures as they are', () => {
    expect(contentImageSources('/m/img/slide-1.svg', 800)).toBeNull();
    expect(contentImageSources('https://example.com/a.jpg')).toBeNull();
  });
});
