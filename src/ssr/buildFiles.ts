// What the build (vite.config.ts), the server's page (server/site/shell.ts) and the browser (entry-client.tsx) agree
// on: the files the build writes beside index.html, and the element that carries the first screen's answers.
import type { PublicPageName } from '../domain/paths/publicPages';

/** Written by the build next to index.html: page name -> the files its screen needs beyond the main script. */
export const PAGE_CHUNKS_FILE = 'page-chunks.json';

export type PageChunks = Partial<Record<PublicPageName, { js: string[]; css: string[] }>>;

/** The server's renderer of the public pages (entry-server.tsx), built inside the site's folder: .ssr/render.mjs. */
export const SERVER_RENDER_DIR = '.ssr';
export const SERVER_RENDER_FILE = 'render.mjs';

/** The element of the page sent by the server that carries the answers its first screen was drawn with (JSON). */
export const FIRST_DATA_ELEMENT_ID = 'first-data';

/** The element of a page drawn on the server that lists its screen's scripts, asked for after the first paint (JSON). */
export const PAGE_SCRIPTS_ELEMENT_ID = 'page-scripts';

/** The element of every page the server sends that carries the village's identity (JSON; src/public/identity.tsx). */
export const IDENTITY_ELEMENT_ID = 'site-identity';
