// The register in open formats, for whoever may export the register (the policy's graves/export, as the
// register's CSV): the graves as GeoJSON (RFC 7946) for map programs, the burials as GEDCOM 7 for family-tree
// programs. Both are written a batch of graves at a time (server/data/openExports.ts) and streamed, never built
// whole; each download is recorded in the audit before it starts. What the files hold is src/domain/export's.
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  burialPlace,
  GEDCOM_BOM,
  GEDCOM_EOL,
  GEDCOM_MEDIA_TYPE,
  GEDCOM_TRAILER,
  gedcomHead,
  gedcomIndividual,
  gedcomXref,
} from '../../src/domain/export/gedcom';
import { FEATURE_COLLECTION, GEOJSON_MEDIA_TYPE, graveFeature } from '../../src/domain/export/geojson';
import { identityWords } from '../../src/domain/identity/siteIdentity';
import { graveShortPath } from '../../src/domain/paths/graveAddress';
import type { AppContext } from '../http/context';
import { answers, STAFF } from '../schemas/common';
import { siteBase } from '../site/siteAddress';
import { typed } from './typed';

const geoJsonFile = { type: 'string', description: 'GeoJSON (RFC 7946): a FeatureCollection of every grave' } as const;
const gedcomFile = { type: 'string', description: 'GEDCOM 7 (UTF-8 with BOM): one INDI per burial' } as const;

export async function openExportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  /**
   * The site's public address and the village's words, for the files. A grave's short address is absolute on the
   * settings' address alone (siteAddress.ts); while it is not set, the path (/g/m317), as the grave's page shows it.
   */
  const siteOf = async () => {
    const identity = await ctx.data.identity.read();
    return { base: siteBase(identity) ?? '', identity };
  };

  r.get(
    '/export/graves.geojson',
    {
      schema: {
        summary: 'Download the graves as GeoJSON',
        response: answers(
          { 200: { ...geoJsonFile, content: { [GEOJSON_MEDIA_TYPE]: { schema: geoJsonFile } } } },
          { refusals: STAFF },
        ),
      },
      config: { access: { resource: 'graves', action: 'export' } },
    },
    async (request, reply) => {
      const { base } = await siteOf();
      const fileName = `graves-${ctx.today()}.geojson`;
      await ctx.data.exports.record({ at: ctx.now(), by: request.account, kind: 'geojson', fileName });
      const batches = ctx.data.exports.graveBatches(ctx.statusContext());
      async function* text() {
        yield FEATURE_COLLECTION.open;
        let first = true;
        for await (const graves of batches) {
          const features = graves.map((g) =>
            JSON.stringify(
              graveFeature({ ...g, burials: g.burials.length, address: base + graveShortPath(g.gender, g.number) }),
            ),
          );
          if (features.length === 0) continue;
          yield (first ? '' : FEATURE_COLLECTION.separator) + features.join(FEATURE_COLLECTION.separator);
          first = false;
        }
        yield FEATURE_COLLECTION.close;
      }
      reply.header('Content-Type', `${GEOJSON_MEDIA_TYPE}; charset=utf-8`);
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return reply.send(Readable.from(text()));
    },
  );

  r.get(
    '/export/burials.ged',
    {
      schema: {
        summary: 'Download the burials as GEDCOM 7',
        response: answers(
          { 200: { ...gedcomFile, content: { [GEDCOM_MEDIA_TYPE]: { schema: gedcomFile } } } },
          { refusals: STAFF },
        ),
      },
      config: { access: { resource: 'graves', action: 'export' } },
    },
    async (request, reply) => {
      const { base, identity } = await siteOf();
      const cemetery = identityWords(identity).siteTitle;
      const village = identity.villageName;
      const fileName = `burials-${ctx.today()}.ged`;
      await ctx.data.exports.record({ at: ctx.now(), by: request.account, kind: 'gedcom', fileName });
      const batches = ctx.data.exports.graveBatches(ctx.statusContext());
      const lines = (list: readonly string[]) => list.map((line) => line + GEDCOM_EOL).join('');
      const submitterXref = gedcomXref('U', 1);
      async function* text() {
        yield GEDCOM_BOM + lines(gedcomHead({ today: ctx.today(), submitter: cemetery, submitterXref }));
        let n = 0;
        for await (const graves of batches) {
          let chunk = '';
          for (const g of graves) {
            const place = burialPlace(g.gender, g.number, cemetery, village);
            // The same position the GeoJSON gives (both or neither, within range), in GEDCOM's MAP.
            const point = graveFeature({ ...g, burials: 0, address: '' }).geometry;
            const position = point ? { latitude: point.coordinates[1], longitude: point.coordinates[0] } : null;
            const address = base + graveShortPath(g.gender, g.number);
            for (const b of g.burials) {
              n += 1;
              chunk += lines(
                gedcomIndividual({
                  xref: gedcomXref('I', n),
                  id: b.id,
                  name: b.name,
                  date: b.date,
                  precision: b.precision,
                  gender: g.gender,
                  place,
                  position,
                  address,
                }),
              );
            }
          }
          if (chunk !== '') yield chunk;
        }
        yield GEDCOM_TRAILER + GEDCOM_EOL;
      }
      reply.header('Content-Type', `${GEDCOM_MEDIA_TYPE}; charset=utf-8`);
      reply.header('Content-Disposition', `attachment; filename="${fileName}"`);
      return reply.send(Readable.from(text()));
    },
  );
}
