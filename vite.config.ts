import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Preloads the public site's two font files: the browser would otherwise find them only after the CSS arrives,
 * and the headings (the largest text on a phone) would wait for them.
 */
function preloadFonts(): Plugin {
  return {
    name: 'preload-public-fonts',
    transformIndexHtml(_html, ctx) {
      if (!ctx.bundle) return [];
      return Object.keys(ctx.bundle)
        .filter((file) => /noto-kufi-arabic-(400|700)-[\w-]+\.woff2$/.test(file))
        .map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `/${file}`, as: 'font', type: 'font/woff2', crossorigin: '' },
          injectTo: 'head' as const,
        }));
    },
  };
}

// The site and the console build together; /admin is a lazy chunk. In `npm run dev` the API runs beside Vite.
export default defineConfig({
  plugins: [react(), preloadFonts()],
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
