// The console's build: `npm run build -w @rackside/web` writes dist/, which every emulated amp serves (spec 2 §7:
// the amp serves the app in local mode). `npm run dev -w @rackside/web` serves it with hot reload; point it at an
// amp with ?host=127.0.1.1:1234.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1024 },
  server: { host: '127.0.0.1', port: 5173 },
});
