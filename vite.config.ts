import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  // The built app lives under /m/; /m2/ and desktop paths serve the same index.html and assets.
  base: '/m/',
  plugins: [react()],
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
