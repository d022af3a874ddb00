import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const server = process.env.SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  // The built app lives under /m/; /m2/ and desktop paths serve the same index.html and assets.
  base: '/m/',
  // Brotli and gzip copies of every text asset, made once at build time; the server sends the one the
  // browser accepts (@fastify/static preCompressed), so no request pays for compressing JavaScript.
  plugins: [
    react(),
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|mjs|css|html|svg|json)$/,
      threshold: 1024,
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The bench reads this to report the start page's initial JavaScript.
    manifest: true,
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
});
