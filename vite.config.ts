import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { isPrecached } from './src/public/offline/rules.ts';
import { PAGE_CHUNKS_FILE, SERVER_RENDER_DIR, SERVER_RENDER_FILE } from './src/ssr/buildFiles.ts';

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
 * (server/site/shell.ts), so a visitor opening /man downloads the men's page chunk beside the main script rather
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
      // Every page loads the first script and the main one it asks for (src/ssr/boot.ts): a page's own list leaves
      // out what those two hold.
      const main = chunks.find((c) => /src\/ssr\/entry-client\.tsx$/.test(c.facadeModuleId ?? ''));
      const loaded = closure([entry, main].flatMap((c) => (c ? [c.fileName] : [])));
      const pages: Record<string, { js: string[]; css: string[] }> = {};
      for (const chunk of chunks) {
        const page = /src\/public\/pages\/(\w+)\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
        if (!page || !chunk.isDynamicEntry) continue;
        const js = [...closure([chunk.fileName])].filter((file) => !loaded.has(file));
        const css = js.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        pages[page] = { js: js.map((f) => `/${f}`), css: css.map((f) => `/${f}`) };
      }
      writeFileSync(join(options.dir ?? 'dist', PAGE_CHUNKS_FILE), `${JSON.stringify(pages, null, 1)}\n`);

      // What the offline site's service worker precaches: everything the public site can load from its entry,
      // static and lazy, but not the console's branch (react-admin, MUI, react-router) nor its style sheets.
      publicFiles.clear();
      const follow = (file: string) => {
        const chunk = byFile.get(file);
        if (!chunk || publicFiles.has(file)) return;
        if (chunk.isDynamicEntry && /src\/admin\/|node_modules\/react-router\//.test(chunk.facadeModuleId ?? ''))
          return;
        publicFiles.add(file);
        for (const css of chunk.viteMetadata?.importedCss ?? []) publicFiles.add(css);
        for (const asset of chunk.viteMetadata?.importedAssets ?? []) publicFiles.add(asset);
        [...chunk.imports, ...chunk.dynamicImports].forEach(follow);
      };
      if (entry) follow(entry.fileName);
      // The public fonts, named by the public style sheets.
      for (const file of Object.keys(bundle)) {
        if (/noto-kufi-arabic-(400|700)-[\w-]+\.woff2$/.test(file)) publicFiles.add(file);
      }
    },
  };
}

/** The public site's built files (pageChunks fills it as the bundle is written; the service worker's build reads it). */
const publicFiles = new Set<string>();

/**
 * The offline site (issue 14): a service worker from src/public/offline/sw.ts (Workbox routing and strategies, the
 * precache list injected by vite-plugin-pwa); the web app manifest is the server's. The page registers it itself, lazily
 * (src/public/offline/register.ts), hence injectRegister: false.
 */
function offlineSite(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/public/offline',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    // The manifest is the village's, written by the server from its settings (server/site/identityFiles.ts) at
    // /manifest.webmanifest, which index.html links: none is built, so none is precached to go stale.
    manifest: false,
    injectManifest: {
      globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
      globIgnores: [`${SERVER_RENDER_DIR}/**`, 'sw.js'],
      manifestTransforms: [
        async (entries) => {
          const seen = new Set<string>();
          const manifest = entries.filter((entry) => {
            const keep = !seen.has(entry.url) && isPrecached(entry.url, publicFiles);
            seen.add(entry.url);
            return keep;
          });
          return { manifest, warnings: [] };
        },
      ],
    },
  });
}

/**
 * After the site (its browser entry, src/ssr/boot.ts, is named by index.html), builds the server's
 * renderer of the public pages (src/ssr/entry-server.tsx) into <site>/.ssr/render.mjs, with React inside, so every
 * build of the site (npm run build, npm start, the tests, the benchmark) carries the renderer that matches its chunks.
 */
function serverRenderer(): Plugin {
  let isServerBuild = false;
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'public-server-renderer',
    apply: 'build',
    configResolved(config) {
      isServerBuild = Boolean(config.build.ssr);
      root = config.root;
      outDir = config.build.outDir;
    },
    async closeBundle() {
      if (isServerBuild) return;
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        // React's production build, whatever NODE_ENV the server later runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: {
          ssr: 'src/ssr/entry-server.tsx',
          outDir: join(resolve(root, outDir), SERVER_RENDER_DIR),
          emptyOutDir: true,
          copyPublicDir: false,
          // One file: the server loads it under a versioned address (?v=), which chunks importing it would not share.
          rollupOptions: { output: { entryFileNames: SERVER_RENDER_FILE, codeSplitting: false } },
        },
      });
    },
  };
}

/**
 * The modules the browser entry imports statically, found once the graph is read: what every public page loads
 * before it draws. They go into one chunk (below) rather than the ten small ones the bundler would otherwise make of
 * the modules lazy pages share with it: a phone gets each file gzipped on its own, and ten files cost about 1.4 KB
 * more than one, and as many requests.
 */
const firstLoad = new Set<string>();
/** What the first script (src/ssr/boot.ts) imports: a chunk of its own, ahead of the group above. */
const bootLoad = new Set<string>();
function findFirstLoad(): Plugin {
  return {
    name: 'public-first-load',
    apply: 'build',
    buildEnd() {
      firstLoad.clear();
      const ids = [...this.getModuleIds()];
      const entryOf = (file: RegExp) => ids.find((id) => file.test(id));
      const importsOf = (from: string | undefined) => {
        const found = new Set<string>();
        const visit = (id: string) => {
          if (found.has(id)) return;
          found.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) visit(next);
        };
        for (const next of (from && this.getModuleInfo(from)?.importedIds) || []) visit(next);
        return found;
      };
      // What the small first script (boot.ts) imports stays in its own file, which the main script then shares:
      // in the group, the first script would load the whole group before the first paint.
      bootLoad.clear();
      for (const id of importsOf(entryOf(/src[\\/]ssr[\\/]boot\.ts$/))) bootLoad.add(id);
      for (const id of importsOf(entryOf(/src[\\/]ssr[\\/]entry-client\.tsx$/)))
        if (!bootLoad.has(id)) firstLoad.add(id);
    },
  };
}

// The site and the console build together; /admin is a lazy chunk. In `npm run dev` the API runs beside Vite.
export default defineConfig({
  plugins: [react(), preloadFonts(), pageChunks(), serverRenderer(), offlineSite(), findFirstLoad()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    modulePreload: {
      // A lazy chunk's list of scripts to fetch beside it leaves out those every page has loaded before any lazy
      // import (the bundler's runtime and the first script): they were named in the lists of the main script, which
      // every phone downloads, for nothing (61 bytes of it gzipped). Style sheets are added after this, by Vite.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !/(^|\/)(rolldown-runtime|boot)-[\w-]+\.js$/.test(dep)) : deps,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Ahead of 'first', which would otherwise take these in as the dependencies of its own modules.
            { name: 'boot', test: (id: string) => bootLoad.has(id), priority: 2 },
            { name: 'first', test: (id: string) => firstLoad.has(id), priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${process.env.API_PORT ?? 3001}`,
    },
  },
});
