import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The site and the console build together; /admin is a lazy chunk. In `npm run dev` the API runs beside Vite.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
    },
  },
});
