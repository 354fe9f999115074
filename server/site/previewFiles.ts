// The preview images a shared link shows (og:image), drawn by server/images/preview.ts:
// /site/preview.png (the site's), /site/preview/grave/<id>.png and /site/preview/notice/<id>.png. The record is read
// as the public reads it, by the function its API route calls (pageAnswers.ts, and so its rules: a hidden notice is a
// 404 here at once, as on its page). Not operations of the API: kept out of its OpenAPI document.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../http/context';
import { t } from '../../src/domain/messages';
import { paths } from '../../src/api/paths';
import {
  graveCard,
  isGraveAnswer,
  isNoticeAnswer,
  noticeCard,
  siteCard,
  type PreviewCard,
} from '../../src/domain/text/pageHead';
import { createPreviews, PreviewBusy, type PreviewOptions } from '../images/preview';
import { pageAnswers } from './pageAnswers';

const notAnOperation = { schema: { hide: true } };

async function previewFiles(
  app: FastifyInstance,
  options: { ctx: AppContext } & Pick<PreviewOptions, 'drawing' | 'waiting'>,
): Promise<void> {
  const { ctx } = options;
  const previews = createPreviews({
    drawing: options.drawing,
    waiting: options.waiting,
    logo: async () => (await ctx.data.identity.file('logo-192.png'))?.bytes ?? null,
  });
  const notFound = (reply: FastifyReply) => reply.status(404).send({ message: t('common.notFound') });

  /** The API's answer to a GET, as a visitor asking it would get it; undefined unless it is a success. */
  const read = pageAnswers(app, ctx);
  const answer = async (request: FastifyRequest, apiPath: string): Promise<unknown> => {
    const res = await read(request, apiPath);
    return res.status === 200 ? res.value : undefined;
  };

  const send = async (request: FastifyRequest, reply: FastifyReply, card: PreviewCard) => {
    try {
      const image = await previews.image(card);
      // Revalidated on each use (the ETag answers 304): a changed or hidden record is never shown from a cache.
      reply
        .header('Cache-Control', 'public, no-cache')
        .header('ETag', image.etag)
        .header('X-Content-Type-Options', 'nosniff');
      if (request.headers['if-none-match'] === image.etag) return reply.status(304).send();
      return reply.type('image/png').send(image.bytes);
    } catch (error) {
      if (!(error instanceof PreviewBusy)) throw error;
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ message: t('share.busy') });
    }
  };

  /** `<id>.png` → the id, or null. */
  const idOf = (file: string) => (file.endsWith('.png') && file.length > 4 ? file.slice(0, -4) : null);

  app.get('/site/preview.png', notAnOperation, async (request, reply) =>
    send(request, reply, siteCard(await ctx.data.identity.read())),
  );

  app.get<{ Params: { file: string } }>('/site/preview/grave/:file', notAnOperation, async (request, reply) => {
    const id = idOf(request.params.file);
    const grave = id ? await answer(request, paths.grave(id)) : undefined;
    if (!isGraveAnswer(grave)) return notFound(reply);
    return send(request, reply, graveCard(grave, await ctx.data.identity.read()));
  });

  app.get<{ Params: { file: string } }>('/site/preview/notice/:file', notAnOperation, async (request, reply) => {
    const id = idOf(request.params.file);
    const notice = id ? await answer(request, paths.notice(id)) : undefined;
    if (!isNoticeAnswer(notice)) return notFound(reply);
    return send(request, reply, noticeCard(notice, await ctx.data.identity.read()));
  });
}

export default fp(previewFiles, { name: 'preview-files' });
