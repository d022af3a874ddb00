import { describe, expect, it } from 'vitest';
import { fontFamiliesOf } from '../../../engine/text/families.ts';
import { embedFirstScreen, embedPortalConfig, inlineStylesheets } from '../../../server/routes/app-shell.ts';
import { hostName } from '../../../server/services/storefront/portals.ts';
import type { PortalConfig } from '../../../shop/contract.ts';
import { firstScreenApi } from '../../../shop/firstScreen.ts';
import { cardTemplate } from '../../fixtures/templates.ts';

describe('hostName', () => {
  it.each([
    ['localhost:8080', 'localhost'],
    ['No.LocalHost', 'no.localhost'],
    ['shop.example.', 'shop.example'],
    ['[::1]:8080', '[::1]'],
    [undefined, ''],
  ])('%s → %s', (header, host) => {
    expect(hostName(header)).toBe(host);
  });
});

describe('embedPortalConfig', () => {
  const portal = {
    portal: { uuid: 'u', name: '</script><script>alert(1)</script>' },
    locale: { code: 'nb_NO', use_metric_system: true },
  } as unknown as PortalConfig;
  const html = '<html lang="en"><head><!--portal-config--></head></html>';

  it('sets the document language from the portal locale', () => {
    expect(embedPortalConfig(html, portal)).toContain('<html lang="nb-NO">');
  });

  it('cannot be broken out of by a string in the config', () => {
    const out = embedPortalConfig(html, portal);
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    const json = /type="application\/json">(.*)<\/script>/.exec(out)![1]!;
    expect(JSON.parse(json).portal.name).toBe('</script><script>alert(1)</script>');
  });
});

describe('embedFirstScreen', () => {
  const hostile = '</script><!--<script>alert(1)</script>';
  const firstScreen = {
    translations: null,
    answers: { '/m/api/legacy-pages/start-page': { title: hostile } },
  };

  it('cannot be broken out of by a string in the data, and keeps the string as it was', () => {
    const out = embedFirstScreen('<head><!--first-screen--></head>', firstScreen);
    expect(out.match(/<\/script>/g)).toHaveLength(1);
    expect(out).not.toContain('<!--<');
    const json = /type="application\/json">(.*)<\/script>/.exec(out)![1]!;
    expect(JSON.parse(json)).toEqual(firstScreen);
  });

  it('asks for the first slide at once, its address escaped as an attribute', () => {
    const withHero = {
      translations: null,
      answers: {
        '/m/api/legacy-pages/start-page': {
          modules: [{ type: 'Slider', slides: [{ background: '/m/img/a"b.jpg' }] }],
        },
      },
    };
    const out = embedFirstScreen('<head><!--first-screen--></head>', withHero);
    expect(out).toContain('<link rel="preload" as="image" href="/m/img/a&quot;b.jpg" fetchpriority="high">');
  });

  it('asks for a photo as the AVIF srcset its picture chooses from', () => {
    const withPhoto = {
      translations: null,
      answers: {
        '/m/api/legacy-pages/start-page': {
          modules: [{ type: 'Slider', slides: [{ background: '/m/img/hero.jpg', width: 800 }] }],
        },
      },
    };
    const out = embedFirstScreen('<head><!--first-screen--></head>', withPhoto);
    expect(out).toContain(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/m/api/content-images/hero.jpg?w=360&amp;f=avif 360w, /m/api/content-images/hero.jpg?w=540&amp;f=avif 540w, /m/api/content-images/hero.jpg?w=720&amp;f=avif 720w"',
    );
  });

  it('names the screen’s own chunks and styles, so they load alongside the app', () => {
    const out = embedFirstScreen('<head><!--first-screen--></head>', firstScreen, {
      scripts: ['/m/assets/CartPage-1.js'],
      styles: ['/m/assets/CartPage-1.css'],
      fetches: [],
    });
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/m/assets/CartPage-1.js">');
    expect(out).toContain('<link rel="stylesheet" crossorigin href="/m/assets/CartPage-1.css">');
    expect(out).not.toContain('as="fetch"');
  });

  it('names the editor’s chunks, WebAssembly, its template’s fonts and first page’s art after the app’s scripts', () => {
    const card = cardTemplate();
    const withTemplate = { translations: null, answers: { [firstScreenApi.template(card.uuid)]: card } };
    const html = '<head><!--first-screen--><script type="module" src="/m/assets/app-1.js"></script></head>';
    const out = embedFirstScreen(html, withTemplate, {
      scripts: ['/m/assets/EditorPage-1.js'],
      styles: [],
      fetches: ['/m/assets/harfbuzz-2.wasm'],
    });
    const fetched = [...out.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1],
    );
    const fonts = fontFamiliesOf(card).map(
      (f) => `/fonts/${encodeURIComponent(`${f.replace(/ /g, '')}-Regular.ttf`)}`,
    );
    expect(fonts.length).toBeGreaterThan(0);
    expect(fetched).toEqual(['/m/assets/harfbuzz-2.wasm', ...fonts, '/templates2/art/bg.svg']);
    // The app's own script is asked for first: six at a time over HTTP/1.1.
    expect(out.indexOf('app-1.js')).toBeLessThan(out.indexOf('EditorPage-1.js'));
    expect(out.indexOf('app-1.js')).toBeLessThan(out.indexOf('harfbuzz-2.wasm'));
  });

  it('names no fonts that are not the catalogue’s', () => {
    const odd = { uuid: 'x', pages: [], fixed: { font: { family: 'Not A Catalogue Font' } } };
    const out = embedFirstScreen('<head></head>', {
      translations: null,
      answers: { [firstScreenApi.template('b1c2d3e4-0000-4000-8000-000000000001')]: odd },
    });
    expect(out).not.toContain('as="fetch"');
  });

  it('goes before </head> when the page has no placeholder', () => {
    const out = embedFirstScreen('<head><title>x</title></head><body></body>', firstScreen);
    expect(out.indexOf('id="first-screen"')).toBeLessThan(out.indexOf('</head>'));
  });
});

describe('inlineStylesheets', () => {
  const html =
    '<head><link rel="stylesheet" crossorigin href="/m/assets/index-1.css"><link rel="stylesheet" href="/m/assets/big-2.css"><link rel="stylesheet" href="https://cdn.example/x.css"></head>';
  const files: Record<string, string> = {
    'assets/index-1.css': 'body{margin:0}a::after{content:"</style>"}',
    'assets/big-2.css': `p{}${' '.repeat(70 * 1024)}`,
  };
  const out = inlineStylesheets(html, (file) => files[file] ?? null);

  it('puts the app’s stylesheet into the page, unable to close its own element', () => {
    expect(out).toContain('<style>body{margin:0}a::after{content:"<\\/style>"}</style>');
    expect(out.match(/<\/style>/g)).toHaveLength(1);
  });

  it('keeps the link disabled (never fetched), for the chunk loader to find, and leaves it so', () => {
    expect(out).toContain('<link rel="stylesheet" href="/m/assets/index-1.css" disabled>');
    expect(out).not.toContain('crossorigin href="/m/assets/index-1.css"');
    expect(inlineStylesheets(out, (file) => files[file] ?? null)).toBe(out);
  });

  it('leaves a large stylesheet, a missing one and another site’s linked', () => {
    expect(out).toContain('<link rel="stylesheet" href="/m/assets/big-2.css">');
    expect(out).toContain('<link rel="stylesheet" href="https://cdn.example/x.css">');
    expect(inlineStylesheets(html, () => null)).toBe(html);
  });
});
