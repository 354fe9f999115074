// A grave's plate, public (a plate holds nothing private): an SVG in millimetres with the QR code of the
// grave's short address (/g/m317, src/domain/paths/graveAddress.ts), its section and number, the address printed
// under the code and the village's name. Drawn by server/images/plate.ts; the console's plate sheets place it at
// 5×5 cm (size=sticker) or 10×7 cm (size=plate, the default). The code holds the committee's public address
// (siteUrl in the settings) and nothing else (server/site/siteAddress.ts): a plate is printed once and screwed to a
// grave, so without that address none is drawn (409), and the refusal says where a manager sets it.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { graveQrText } from '../../src/domain/paths/graveAddress';
import { plateSectionName, plateTitle, shortAddressText } from '../../src/domain/text/graveCode';
import { formatGraveNumber } from '../../src/domain/text/format';
import { graveName } from '../../src/domain/text/graveLifeText';
import { drawPlate, PLATE_SIZES } from '../images/plate';
import type { AppContext } from '../http/context';
import { notFound, refuse } from '../http/errors';
import { siteBase } from '../site/siteAddress';
import { answers, idParams } from '../schemas/common';
import { typed } from './typed';

const svgFile = {
  type: 'string',
  description: 'SVG (image/svg+xml), sized in millimetres: 50×50 (sticker) or 100×70 (plate)',
} as const;
const svg = { 200: { ...svgFile, content: { 'image/svg+xml': { schema: svgFile } } } } as const;

const plateQuery = {
  type: 'object',
  properties: {
    size: {
      type: 'string',
      enum: PLATE_SIZES,
      description: 'sticker: 5×5 cm; plate: 10×7 cm (the default)',
    },
  },
  additionalProperties: false,
} as const;

export async function plateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  r.get(
    '/graves/:id/plate.svg',
    {
      schema: {
        summary: "Get a grave's plate (SVG with its QR code)",
        description:
          'Public. The QR code holds the short address /g/{section letter}{number} on the site address of the ' +
          'settings (siteUrl); it redirects to the grave page. 409 while siteUrl is not set. ETag: 304.',
        params: idParams('id'),
        querystring: plateQuery,
        response: answers(svg, { refusals: [404, 409], kept: true }),
      },
    },
    async (request, reply) => {
      const grave = await ctx.data.graves.get(ctx.statusContext(), request.params.id);
      if (!grave) throw notFound('grave.notFound');
      const identity = await ctx.data.identity.read();
      const site = siteBase(identity);
      if (site === null) throw refuse(409, 'plate.siteUrlMissing');
      const plate = await drawPlate(
        {
          qrText: graveQrText(site, grave.gender, grave.number),
          address: shortAddressText(site, grave),
          section: plateSectionName(grave.gender),
          number: formatGraveNumber(grave.number),
          village: identity.villageName,
          title: plateTitle(graveName(grave)),
        },
        request.query.size ?? 'plate',
      );
      const etag = `"${createHash('sha1').update(plate.svg).digest('base64url')}"`;
      // Revalidated on each use: a renamed village or a new site address is never printed from a cache.
      reply.header('Cache-Control', 'public, no-cache').header('ETag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      reply.header('Content-Type', 'image/svg+xml; charset=utf-8');
      return plate.svg;
    },
  );
}
