import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { PAGE_CHUNKS_FILE } from './src/domain/publicPages.ts';

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

/**
 * Writes page-chunks.json: for each public page module (src/public/pages/*.tsx), the files its screen needs beyond
 * what the main script already brings. The server names them in the page it sends for that address
 * (server/siteShell.ts), so a visitor opening /man downloads the men's page chunk beside the main script rather
 * than after it: one round trip less before the first screen on a slow network.
 */
function pageChunks(): Plugin {
  return {
    name: 'public-page-chunks',
    // writeBundle sees the final bundle: Vite drops the empty script chunks of style-only modules in its own
    // generateBundle, and a hint naming one would get the HTML fallback instead of a script.
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: string[], into = new Set<string>()) => {
        for (const file of start) {
          if (into.has(file)) continue;
          if (!byFile.has(file)) continue;
          into.add(file);
          closure(byFile.get(file)!.imports, into);
        }
        return into;
      };
      const entry = chunks.find((c) => c.isEntry);
      const loaded = closure(entry ? [entry.fileName] : []);
      const pages: Record<string, { js: string[]; css: string[] }> = {};
      for (const chunk of chunks) {
        const page = /src\/public\/pages\/(\w+)\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
        if (!page || !chunk.isDynamicEntry) continue;
        const js = [...closure([chunk.fileName])].filter((file) => !loaded.has(file));
        const css = js.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        pages[page] = { js: js.map((f) => `/${f}`), css: css.map((f) => `/${f}`) };
      }
      writeFileSync(join(options.dir ?? 'dist', PAGE_CHUNKS_FILE), `${JSON.stringify(pages, null, 1)}\n`);
    },
  };
}

// The site and the console build together; /admin is a lazy chunk. In `npm run dev` the API runs beside Vite.
export default defineConfig({
  plugins: [react(), preloadFonts(), pageChunks()],
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
