import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RouteChunks, SCREEN_CHUNKS } from '../../../server/services/storefront/routeChunks.ts';

function distWith(manifest: Record<string, unknown>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'route-chunks-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
  // The start page's stylesheet, which a screen's chunk imports too: in every page already, inlined.
  '_react.js': { file: 'assets/react-2.js', css: ['assets/app-0.css'] },
  '_dialog.js': { file: 'assets/Dialog-3.js', imports: ['_react.js'], css: ['assets/Dialog-3.css'] },
  'src/features/cart/CartPage.tsx': {
    file: 'assets/CartPage-4.js',
    isDynamicEntry: true,
    imports: ['_react.js', '_dialog.js'],
  },
  'src/features/editor/EditorPage.tsx': {
    file: 'assets/EditorPage-5.js',
    isDynamicEntry: true,
    imports: ['_react.js', '_konva.js'],
  },
  '_konva.js': { file: 'assets/konva-6.js' },
  'node_modules/harfbuzzjs/dist/index.mjs': {
    file: 'assets/dist-7.js',
    isDynamicEntry: true,
    imports: ['_react.js'],
    assets: ['assets/harfbuzz-8.wasm'],
  },
};

describe('RouteChunks', () => {
  const chunks = new RouteChunks(distWith(manifest));

  it('names a screen’s chunk and what it imports, but nothing the start page already loads, its stylesheet included', () => {
    expect(chunks.assetsFor('/cart')).toEqual({
      scripts: ['/m/assets/CartPage-4.js', '/m/assets/Dialog-3.js'],
      styles: ['/m/assets/Dialog-3.css'],
      fetches: [],
    });
    expect(chunks.assetsFor('/cart/view/0b9d4b1e')).toEqual(chunks.assetsFor('/cart'));
  });

  it('names the editor’s chunk with HarfBuzz, which it imports as it opens, and its WebAssembly', () => {
    const editor = {
      scripts: ['/m/assets/EditorPage-5.js', '/m/assets/konva-6.js', '/m/assets/dist-7.js'],
      styles: [],
      fetches: ['/m/assets/harfbuzz-8.wasm'],
    };
    const product = '0b9d4b1e-0000-4000-8000-000000000001';
    const template = '0b9d4b1e-0000-4000-8000-000000000002';
    expect(chunks.assetsFor(`/products/calendars/${product}/${template}`)).toEqual(editor);
    expect(chunks.assetsFor(`/products/cards/BIRTHDAY/${product}/${template}`)).toEqual(editor);
    expect(chunks.assetsFor(`/products/photogift/MUGS/${product}/${template}`)).toEqual(editor);
    // The template lists are not the editor.
    expect(chunks.assetsFor('/products/cards/BIRTHDAY').scripts).not.toContain('/m/assets/EditorPage-5.js');
  });

  it('names nothing for the start page, a screen the build does not have, or no build', () => {
    const none = { scripts: [], styles: [], fetches: [] };
    expect(chunks.assetsFor('/')).toEqual(none);
    expect(chunks.assetsFor('/upload')).toEqual(none);
    expect(new RouteChunks(null).assetsFor('/cart')).toEqual(none);
  });

  it('knows only screens the router really loads as chunks of their own', () => {
    const router = readFileSync(path.resolve(import.meta.dirname, '../../../src/app/router.tsx'), 'utf8');
    for (const { module } of Object.values(SCREEN_CHUNKS)) {
      const relative = `../${path.relative('src', module)}`;
      expect(router, module).toContain(`import('${relative}')`);
    }
  });
});
