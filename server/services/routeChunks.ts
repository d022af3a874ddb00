/**
 * The JavaScript a screen needs beyond the start page's (issue 15): the server names it in the HTML
 * with `<link rel="modulepreload">`, so a first visit to the cart, the upload page or a template list
 * fetches the screen's chunk alongside the app instead of after it. Read from Vite's build manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The screens that are chunks of their own (src/app/router.tsx), by the app path that opens them. */
export const SCREEN_CHUNKS: readonly { path: RegExp; module: string }[] = [
  { path: /^\/upload\/?$/, module: 'src/features/upload/UploadPage.tsx' },
  { path: /^\/cart(\/view\/[^/]+|\/[^/]+)?\/?$/, module: 'src/features/cart/CartPage.tsx' },
  { path: /^\/cart\/edit\/[^/]+\/?$/, module: 'src/features/cart/EditOrderLinePage.tsx' },
  { path: /^\/cart\/checkout(\/.*)?$/, module: 'src/features/checkout/index.ts' },
  { path: /^\/products\/[^/]+(\/[^/]+)?\/?$/, module: 'src/features/templates/TemplateListPage.tsx' },
  { path: /^\/orders\/?$/, module: 'src/features/orders/MyOrdersPage.tsx' },
  { path: /^\/designs\/?$/, module: 'src/features/designs/MyDesignsPage.tsx' },
];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}

export interface ScreenAssets {
  scripts: string[];
  styles: string[];
}

export class RouteChunks {
  private readonly manifest: Record<string, ManifestChunk>;
  private readonly inEntry = new Set<string>();
  private readonly byModule = new Map<string, ScreenAssets>();

  /** `base`: where the build is served (vite.config.ts `base`). */
  constructor(
    distDir: string | null,
    private readonly base = '/m/',
  ) {
    const file = distDir ? path.join(distDir, '.vite', 'manifest.json') : null;
    this.manifest = file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    const entry = this.manifest['index.html'];
    if (entry) this.walk('index.html', this.inEntry, new Set());
  }

  /** The chunks and styles the screen at `appPath` needs that the start page's HTML does not name. */
  assetsFor(appPath: string): ScreenAssets {
    const screen = SCREEN_CHUNKS.find((s) => s.path.test(appPath));
    if (!screen || !this.manifest[screen.module]) return { scripts: [], styles: [] };
    let assets = this.byModule.get(screen.module);
    if (!assets) {
      const files = new Set<string>();
      const styles = new Set<string>();
      this.walk(screen.module, files, styles);
      assets = {
        scripts: [...files].filter((f) => !this.inEntry.has(f)).map((f) => this.base + f),
        styles: [...styles].map((f) => this.base + f),
      };
      this.byModule.set(screen.module, assets);
    }
    return assets;
  }

  private walk(key: string, files: Set<string>, styles: Set<string>) {
    const chunk = this.manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(css);
    for (const imported of chunk.imports ?? []) this.walk(imported, files, styles);
  }
}
