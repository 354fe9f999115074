// The village's logo: a manager uploads one file (multipart, the field `logo`), the server makes the PNGs
// the header, the favicon and the manifest need (server/images/logo.ts) and keeps them in the database with the
// identity's logo token (server/data/siteFiles.ts); or goes back to the product's own mark. A refused file changes
// nothing and says why in Arabic.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context';
import { refuse } from '../http/errors';
import { writeBy } from '../data/graveWrites';
import { logoFileName, setLogo } from '../data/siteFiles';
import { MEGABYTE } from '../images/decoding';
import { LOGO_MAX_BYTES, LogoRefused, makeLogoImages } from '../images/logo';
import { answers, STAFF } from '../schemas/common';
import { t } from '../../src/domain/messages';
import { settings } from './system';
import { typed } from './typed';

const whole = { ...settings, properties: { ...settings.properties, message: { type: 'string' } } } as const;

export async function siteLogoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const answer = async (identity: Awaited<ReturnType<typeof setLogo>>, message: string) => ({
    timeZone: ctx.config.timeZone,
    restingPeriodDays: ctx.config.restingPeriodDays,
    ...identity,
    message,
  });

  // Multipart only here, with every limit explicit: one file of at most 2 MB, no other parts worth the name. A file
  // over the limit is refused as it streams, before the rest of it is kept.
  await app.register(async (files) => {
    await files.register(multipart, {
      limits: {
        fileSize: LOGO_MAX_BYTES + 1,
        files: 1,
        fields: 2,
        parts: 3,
        fieldSize: 1024,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
    typed(files).post(
      '/settings/logo',
      {
        schema: {
          summary: "Upload the village's logo (multipart/form-data, the file in the field `logo`)",
          description:
            'PNG, JPEG, WebP or SVG up to 2 MB. The server makes square PNGs of 32, 120, 192 and 512 pixels, served ' +
            'at /site/logo-<size>.png?v=<logo>; an SVG is drawn into them and never served as SVG.',
          // For the document only: the file is read from the stream by the handler (request.file()), never parsed
          // into a body, so the body's check has nothing to see (attachValidation below) and the handler checks it.
          consumes: ['multipart/form-data'],
          body: {
            type: 'object',
            properties: { logo: { type: 'string', format: 'binary', description: 'The image file' } },
            required: ['logo'],
          },
          response: answers({ 200: whole }, { refusals: [...STAFF, 400, 413, 415, 503] }),
        },
        attachValidation: true,
        config: { access: { resource: 'settings', action: 'edit' } },
      },
      async (request) => {
        if (!request.isMultipart()) throw refuse(415, 'logo.missing');
        let bytes: Buffer;
        try {
          const file = await request.file();
          if (!file || file.fieldname !== 'logo') throw new LogoRefused('logo.missing');
          bytes = await file.toBuffer();
          // The stream stops one byte past the limit; toBuffer does not always say so itself (the limit may be
          // reached on the last chunk), so the length and the stream's own mark decide.
          if (file.file.truncated || bytes.length > LOGO_MAX_BYTES) throw new LogoRefused('logo.tooLarge', 413);
        } catch (error) {
          if (error instanceof LogoRefused) throw refuse(error.status, error.key);
          if (error instanceof files.multipartErrors.RequestFileTooLargeError) throw refuse(413, 'logo.tooLarge');
          if (error instanceof files.multipartErrors.FilesLimitError) throw refuse(400, 'logo.missing');
          throw refuse(400, 'logo.missing');
        }
        let images;
        try {
          images = await makeLogoImages(bytes, ctx.config.imageDecodeBudgetMb * MEGABYTE);
        } catch (error) {
          if (error instanceof LogoRefused) {
            throw refuse(error.status, error.key, error.params, error.status === 503 ? { 'retry-after': '60' } : {});
          }
          throw error;
        }
        const identity = await setLogo(writeBy(ctx, request), {
          token: images.token,
          files: images.files.map((file) => ({ name: logoFileName(file.size), bytes: file.bytes })),
        });
        return answer(identity, t('logo.saved'));
      },
    );
  });

  typed(app).delete(
    '/settings/logo',
    {
      schema: {
        summary: "Remove the village's logo (back to the product's own mark)",
        response: answers({ 200: whole }, { refusals: [...STAFF] }),
      },
      config: { access: { resource: 'settings', action: 'edit' } },
    },
    async (request) => answer(await setLogo(writeBy(ctx, request), null), t('logo.removed')),
  );
}
