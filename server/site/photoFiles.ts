// The files of the graves' photos, /photos/<id>/<display|thumb>.<webp|jpg>, from the photos folder
// (server/data/photos.ts). An approved photo's files never change (a photo's address carries its id, and its files
// are written once), so they are sent as immutable for a year with an ETag; a pending one's only to a staff session
// (Bearer), never kept by a cache; anything else is not found. Registered by server/app.ts beside the logo's files;
// not an operation of the API. The path is built only from an id and a name that passed their patterns, never from
// what the request holds as it is, and the file is streamed, not read into memory.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';
import { t } from '../../src/domain/messages';
import { can } from '../../src/domain/rules/policy';
import { isPhotoFileName, isPhotoId, photoFilePath } from '../data/photos';
import { optionalSession } from '../plugins/authentication';

const notAnOperation = { schema: { hide: true } };
const TYPES = { webp: 'image/webp', jpg: 'image/jpeg' } as const;

async function photoFiles(app: FastifyInstance, options: { ctx: AppContext }): Promise<void> {
  const { ctx } = options;

  app.get<{ Params: { id: string; file: string } }>('/photos/:id/:file', notAnOperation, async (request, reply) => {
    const { id, file } = request.params;
    const missing = () => reply.status(404).send({ message: t('photo.notFound') });
    if (!isPhotoId(id) || !isPhotoFileName(file)) return missing();
    const status = await ctx.data.photos.status(id);
    if (status === null) return missing();
    if (status === 'pending') {
      // The staff see a photo before approving it; to anyone else (an ended session too) it does not exist yet.
      const session = await optionalSession(ctx, request).catch(() => null);
      if (!session || !can(session.role, 'photos', 'show')) return missing();
    }
    const path = photoFilePath(ctx.config.photosDir, id, file);
    let size: number;
    try {
      size = (await stat(path)).size;
    } catch {
      return missing();
    }
    reply.header('X-Content-Type-Options', 'nosniff').header('Content-Length', String(size));
    if (status === 'approved') {
      // The id and the name are the content: nothing else can ever be served at this address.
      const etag = `"${id}-${file}"`;
      reply.header('Cache-Control', 'public, max-age=31536000, immutable').header('ETag', etag);
      if (request.headers['if-none-match'] === etag) {
        reply.removeHeader('Content-Length');
        return reply.status(304).send();
      }
    } else {
      reply.header('Cache-Control', 'private, no-store');
    }
    const extension = file.endsWith('.webp') ? 'webp' : 'jpg';
    return reply.type(TYPES[extension]).send(createReadStream(path));
  });
}

export default fp(photoFiles, { name: 'photo-files' });
