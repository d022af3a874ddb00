/**
 * The JavaScript a screen needs beyond the start page's (issue 15): the server names it in the HTML
 * with `<link rel="modulepreload">`, so a first visit to the cart, the upload page or a template list
 * fetches the screen's chunk alongside the app instead of after it. Read from Vite's build manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { routeOf, type Screen } from '../../../shop/index.ts';

/**
 * The screens that are chunks of their own (src/app/router.tsx), by the screen of the app's route
 * list (shop/appRoutes.ts) that a path opens. `eager`: modules the screen imports dynamically as soon
 * as it opens (the editor's HarfBuzz, with its WebAssembly), named too so they do not wait for the
 * screen's chunk to ask for them.
 */
const CHECKOUT = 'src/features/checkout/index.ts';
export const SCREEN_CHUNKS: Partial<Record<Screen, { module: string; eager?: readonly string[] }>> = {
  upload: { module: 'src/features/upload/UploadPage.tsx' },
  cart: { module: 'src/features/cart/CartPage.tsx' },
  editOrderLine: { module: 'src/features/cart/EditOrderLinePage.tsx' },
  checkoutStart: { module: CHECKOUT },
  delivery: { module: CHECKOUT },
  payment: { module: CHECKOUT },
  paymentReturn: { module: CHECKOUT },
  receipt: { module: CHECKOUT },
  templateList: { module: 'src/features/templates/TemplateListPage.tsx' },
  orders: { module: 'src/features/orders/MyOrdersPage.tsx' },
  designs: { module: 'src/features/designs/MyDesignsPage.tsx' },
  editor: { module: 'src/features/editor/EditorPage.tsx', eager: ['node_modules/harfbuzzjs/dist/index.mjs'] },
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
  isEntry?: boolean;
}

export interface ScreenAssets {
  scripts: string[];
  styles: string[];
  /** Files the screen's scripts fetch themselves (WebAssembly), for `<link rel="preload" as="fetch">`. */
  fetches: string[];
}

const NONE: ScreenAssets = { scripts: [], styles: [], fetches: [] };

export class RouteChunks {
  private readonly manifest: Record<string, ManifestChunk>;
  private readonly inEntry = new Set<string>();
  private readonly entryStyles = new Set<string>();
  private readonly byModule = new Map<string, ScreenAssets>();

  /** `base`: where the build is served (vite.config.ts `base`). */
  constructor(
    distDir: string | null,
    private readonly base = '/m/',
  ) {
    const file = distDir ? path.join(distDir, '.vite', 'manifest.json') : null;
    this.manifest = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    const entry = this.manifest['index.html'];
    if (entry) this.walk('index.html', this.inEntry, this.entryStyles, new Set());
  }

  /** The chunks and styles the screen at `appPath` needs that the start page's HTML does not name. */
  assetsFor(appPath: string): ScreenAssets {
    const screen = SCREEN_CHUNKS[routeOf(appPath).route.screen];
    if (!screen || !this.manifest[screen.module]) return NONE;
    let assets = this.byModule.get(screen.module);
    if (!assets) {
      const files = new Set<string>();
      const styles = new Set<string>();
      const fetches = new Set<string>();
      for (const module of [screen.module, ...(screen.eager ?? [])])
        this.walk(module, files, styles, fetches);
      assets = {
        scripts: [...files].filter((f) => !this.inEntry.has(f)).map((f) => this.base + f),
        // The start page's own stylesheet is in every page already (app-shell.ts inlineStylesheets).
        styles: [...styles].filter((f) => !this.entryStyles.has(f)).map((f) => this.base + f),
        fetches: [...fetches].map((f) => this.base + f),
      };
      this.byModule.set(screen.module, assets);
    }
    return assets;
  }

  private walk(key: string, files: Set<string>, styles: Set<string>, fetches: Set<string>) {
    const chunk = this.manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const asset of chunk.assets ?? []) if (asset.endsWith('.wasm')) fetches.add(asset);
    for (const imported of chunk.imports ?? []) this.walk(imported, files, styles, fetches);
  }
}
