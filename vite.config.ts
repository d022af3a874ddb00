import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { FONT_CATALOGUE } from './engine/text/catalogue.ts';
import * as accountApi from './shop/api/account.ts';
import * as cartApi from './shop/api/cart.ts';
import * as checkoutApi from './shop/api/checkout.ts';
import * as devApi from './shop/api/dev.ts';
import * as labApi from './shop/api/lab.ts';
import * as paymentsApi from './shop/api/payments.ts';
import * as picturesApi from './shop/api/pictures.ts';
import * as reportsApi from './shop/api/reports.ts';
import * as storefrontApi from './shop/api/storefront.ts';
import * as templatesApi from './shop/api/templates.ts';

/** The bundler's chunking context (the part used here). */
type ModuleInfo = { importedIds: readonly string[]; code: string | null; exports: readonly string[] };
type ChunkingContext = { getModuleInfo(id: string): ModuleInfo | null };

/**
 * The layers' public entries (engine/index.ts, shop/index.ts and the entries they re-export, issue
 * 30): each re-exports every module of its layer, so a module that imports one name from it does not
 * use them all. The walk below follows such an import only to the modules behind the names imported.
 */
const isLayerEntry = (id: string) => /[\\/](engine|shop)[\\/](.+[\\/])?index\.ts$/.test(id);
const FROM_LAYER_ENTRY =
  /import\s*\{([^}]*)\}\s*from\s*['"][^'"]*(?:engine|shop)\/(?:[^'"]+\/)?index\.ts['"]/g;

/** The names a module imports from the layers' entries; null when it may use any (`import *`). */
function namesFromLayerEntries(code: string): Set<string> | null {
  if (/import\s*\*\s*as\s+\w+\s+from\s*['"][^'"]*(?:engine|shop)\/(?:[^'"]+\/)?index\.ts['"]/.test(code))
    return null;
  const names = new Set<string>();
  for (const [, list] of code.matchAll(FROM_LAYER_ENTRY))
    for (const part of (list ?? '').split(','))
      names.add(
        part
          .replace(/^\s*type\s+/, '')
          .split(/\s+as\s+/)[0]!
          .trim(),
      );
  return names;
}

/** The modules behind an entry that export one of `names` (all of them when `names` is null). */
function behindEntry(entry: string, names: Set<string> | null, context: ChunkingContext): string[] {
  return (context.getModuleInfo(entry)?.importedIds ?? []).flatMap((id) =>
    isLayerEntry(id)
      ? behindEntry(id, names, context)
      : !names || context.getModuleInfo(id)?.exports.some((name) => names.has(name))
        ? [id]
        : [],
  );
}

/**
 * The modules the app's entry imports statically: what every page loads before it draws. Left to
 * itself the bundler makes a chunk of each module the entry shares with a later screen (about 20
 * files of 200 bytes to 16 KB for the start page), and a browser over HTTP/1.1 fetches six at a time;
 * as one chunk they are one request (issue 18: the editor's open time). Nothing is added to the start
 * page: these are the modules it loads anyway (through a layer's entry, only those behind the names
 * it imports: bench/start-page-bundle.bench.ts measures it).
 */
const startGraphs = new WeakMap<ChunkingContext, Set<string>>();
const ENTRY = path.resolve(import.meta.dirname, 'index.html');
const MAIN = path.resolve(import.meta.dirname, 'src/main.tsx');
function inStartGraph(id: string, context: ChunkingContext): boolean {
  // The entry itself stays the entry chunk: the build manifest names the start page's files by it
  // (server/services/storefront/routeChunks.ts, bench/initial-js.ts).
  if (id === ENTRY || id === MAIN) return false;
  let graph = startGraphs.get(context);
  if (!graph) {
    graph = new Set();
    const stack = [ENTRY];
    while (stack.length) {
      const next = stack.pop()!;
      if (graph.has(next)) continue;
      graph.add(next);
      const info = context.getModuleInfo(next);
      for (const imported of info?.importedIds ?? []) {
        if (isLayerEntry(imported))
          stack.push(...behindEntry(imported, namesFromLayerEntries(info?.code ?? ''), context));
        else stack.push(imported);
      }
    }
    startGraphs.set(context, graph);
  }
  return graph.has(id);
}

/**
 * The editor's fonts (fonts/*.ttf) copied into the build as dist/fonts/, so that the compression below
 * makes their Brotli and gzip copies once. Served from there (server/routes/app-shell.ts), a font costs
 * the server a file read instead of compressing 60 to 400 KB again for every shopper (10 to 30 ms of
 * its one thread each, measured with autocannon).
 */
function editorFonts() {
  const dir = path.resolve(import.meta.dirname, 'fonts');
  return {
    name: 'print-shop-editor-fonts',
    apply: 'build' as const,
    generateBundle(this: {
      emitFile(file: { type: 'asset'; fileName: string; source: Uint8Array }): string;
    }) {
      // The project's own list of the fonts, the one the browser and the print server read.
      for (const { file } of FONT_CATALOGUE)
        this.emitFile({
          type: 'asset',
          fileName: `fonts/${file}`,
          source: readFileSync(path.join(dir, file)),
        });
    },
  };
}

const server = process.env.SERVER_URL ?? 'http://localhost:8080';

/**
 * The first screen's server render (src/ssr.tsx) as its own build, `vite build --ssr` (npm run build,
 * scripts/build-if-needed.mjs): dist/server/ssr.js, which the server loads at run time
 * (server/routes/app-shell.ts), so server/ never imports src/. Bare imports (React, i18next) stay
 * imports, read from node_modules beside it; no fonts, compression or manifest, which only the
 * browser's build needs. The client build empties dist/ first, so this one runs after it.
 */
const ssrBuild = {
  plugins: [react()],
  // public/ is the browser build's to copy, not the server render's.
  publicDir: false as const,
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: false,
    sourcemap: true,
    rolldownOptions: { input: 'src/ssr.tsx', output: { entryFileNames: 'ssr.js' } },
  },
};

const API_MODULES: Record<string, Record<string, unknown>> = {
  account: accountApi,
  cart: cartApi,
  checkout: checkoutApi,
  dev: devApi,
  lab: labApi,
  payments: paymentsApi,
  pictures: picturesApi,
  reports: reportsApi,
  storefront: storefrontApi,
  templates: templatesApi,
};

/** A route of the table as the browser needs it: its method, path and body encoding, no schemas. */
function routeAddress(value: unknown): unknown {
  if (!value || typeof value !== 'object') return undefined;
  if ('method' in value && 'path' in value) {
    const { method, path: routePath, form } = value as { method: string; path: string; form?: boolean };
    return form ? { method, path: routePath, form } : { method, path: routePath };
  }
  const entries = Object.entries(value).map(([key, route]) => [key, routeAddress(route)] as const);
  return entries.every(([, route]) => route) ? Object.fromEntries(entries) : undefined;
}

/**
 * The contract's route table (shop/api/) in the app's bundle: each route's method, path and form flag
 * only. The schemas are the server's and the types' business; the browser trusts the server's answers
 * (the server serialises them from the schemas), so zod and the answer schemas stay out of the start
 * page (they made its JavaScript 42 KiB gzip bigger).
 */
function clientRouteTable(): Plugin {
  return {
    name: 'client-route-table',
    enforce: 'pre',
    load(id) {
      const file = id.split('?')[0] ?? id;
      const area = /[\\/]shop[\\/]api[\\/]([a-z]+)\.ts$/.exec(file)?.[1];
      if (area === 'route') {
        return [
          "export { routeUrl } from './url.ts';",
          'export const defineRoute = (route) => route;',
          'export const errors = () => ({});',
          'export const ApiErrorAnswer = undefined;',
          'export const Bytes = undefined;',
          'export const NoContent = undefined;',
        ].join('\n');
      }
      const module = area ? API_MODULES[area] : undefined;
      if (!module) return null;
      return Object.entries(module)
        .map(
          ([name, value]) => `export const ${name} = ${JSON.stringify(routeAddress(value)) ?? 'undefined'};`,
        )
        .join('\n');
    },
  };
}

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? ssrBuild
    : {
        // The built app lives under /m/; /m2/ and desktop paths serve the same index.html and assets.
        base: '/m/',
        resolve: {
          alias: [
            { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
            { find: /^react-dom$/, replacement: 'preact/compat' },
            { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
            { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
            { find: /^react$/, replacement: 'preact/compat' },
          ],
        },
        // Brotli and gzip copies of every text asset, made once at build time; the server sends the one the
        // browser accepts (@fastify/static preCompressed), so no request pays for compressing JavaScript.
        plugins: [
          clientRouteTable(),
          react(),
          editorFonts(),
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            include: /\.(js|mjs|css|html|svg|json|wasm|ttf)$/,
            threshold: 1024,
          }),
        ],
        build: {
          outDir: 'dist',
          sourcemap: true,
          // The bench reads this to report the start page's initial JavaScript.
          manifest: true,
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [{ name: (id, context) => (inStartGraph(id, context) ? 'app' : null) }],
              },
            },
          },
        },
        server: {
          port: 5173,
          proxy: {
            '/m/api': server,
            '/ajax': server,
            '/system': server,
            '/locale': server,
            '/templates2': server,
            // The test card provider's hosted page (server/routes/payments.ts).
            '/payments': server,
            // The lab's order desk API (the page itself is the app, served by Vite in development).
            '/lab/api': server,
          },
        },
      },
);
