// What the village's identity makes besides the pages: the logo's PNGs, kept in the database
// (server/data/siteFiles.ts) and served by every process, and the web-app manifest, written from the settings on each
// request so a changed name or logo reaches a phone's home screen without a rebuild. Registered by server/app.ts
// before the site, so both exist with or without the built site; neither is an operation of the API.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';
import { t } from '../../src/domain/messages';
import {
  identityWords,
  LOGO_SIZES,
  logoAddress,
  type LogoSize,
  type SiteIdentity,
} from '../../src/domain/identity/siteIdentity';

const notAnOperation = { schema: { hide: true } };
const isLogoSize = (size: number): size is LogoSize => (LOGO_SIZES as readonly number[]).includes(size);

/** The web-app manifest of a village: its names, colour and icons (the committee's logo, else the product's mark). */
export function webManifest(identity: SiteIdentity) {
  const words = identityWords(identity);
  const icon = (size: 192 | 512, purpose: 'any' | 'maskable') => ({
    src: logoAddress(identity, size),
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  return {
    name: words.siteTitle,
    short_name: words.shortName,
    description: words.metaDescription,
    lang: 'ar',
    dir: 'rtl',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#f7f4ee',
    theme_color: identity.themeColor,
    icons: [
      icon(192, 'any'),
      icon(512, 'any'),
      // The product's mark is drawn for a maskable safe zone; a committee's logo may not be.
      ...(identity.logo ? [] : [icon(512, 'maskable')]),
      ...(identity.logo ? [] : [{ src: '/icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }]),
    ],
  };
}

async function identityFiles(app: FastifyInstance, options: { ctx: AppContext }): Promise<void> {
  const { ctx } = options;

  app.get<{ Params: { file: string } }>('/site/:file', notAnOperation, async (request, reply) => {
    const size = Number(/^logo-(\d{2,3})\.png$/.exec(request.params.file)?.[1]);
    const file = isLogoSize(size) ? await ctx.data.identity.file(`logo-${size}.png`) : null;
    if (!file) return reply.status(404).send({ message: t('common.notFound') });
    const etag = `"${file.etag}"`;
    reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type(file.contentType).send(file.bytes);
  });

  app.get('/manifest.webmanifest', notAnOperation, async (_request, reply) => {
    const manifest = webManifest(await ctx.data.identity.read());
    return reply
      .header('Cache-Control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify(manifest));
  });
}

export default fp(identityFiles, { name: 'identity-files' });
