// The committee's logo as the PNGs the pages and the manifest name, kept in `site_files` so every process
// sharing the database serves the same ones. Setting or removing it is one audited write with the identity's logo
// token: the files and the token the pages' addresses carry change together, and the audit keeps the old and new token.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { auditedWrite } from './auditedWrite';
import { IDENTITY_KEY, loadIdentity, storeIdentity } from './siteIdentity';
import type { Write } from './write';
import type { SiteIdentity } from '../../src/domain/identity/siteIdentity';

export interface SiteFile {
  name: string;
  contentType: string;
  bytes: Buffer;
  etag: string;
}

/** The logo's file at this size, as stored (logo-<size>.png). */
export const logoFileName = (size: number) => `logo-${size}.png`;

export async function readSiteFile(db: Kysely<Database>, name: string): Promise<SiteFile | null> {
  const row = await db
    .selectFrom('site_files')
    .select(['name', 'content_type', 'bytes', 'etag'])
    .where('name', '=', name)
    .executeTakeFirst();
  if (!row) return null;
  return { name: row.name, contentType: row.content_type, bytes: Buffer.from(row.bytes), etag: row.etag };
}

/**
 * Replaces the logo's files with these (or removes them: null) and sets the identity's logo token, in one
 * transaction. The token is the caller's (a short hash of the files); the same files again change nothing.
 */
export async function setLogo(
  write: Write,
  logo: { token: string; files: ReadonlyArray<{ name: string; bytes: Buffer }> } | null,
): Promise<SiteIdentity> {
  return auditedWrite(write, {
    async run(trx) {
      if (write.dialect === 'postgres') {
        await trx.selectFrom('settings').select('key').where('key', '=', IDENTITY_KEY).forUpdate().execute();
      }
      const before = await loadIdentity(trx);
      const token = logo?.token ?? null;
      const after: SiteIdentity = { ...before, logo: token };
      const same = before.logo === token;
      if (!same) {
        await trx.deleteFrom('site_files').where('name', 'like', 'logo-%').execute();
        const at = write.at.toISOString();
        for (const file of logo?.files ?? []) {
          await trx
            .insertInto('site_files')
            .values({ name: file.name, content_type: 'image/png', bytes: file.bytes, etag: `${token ?? ''}-${file.name}`, updated_at: at })
            .execute();
        }
        await storeIdentity(trx, after);
      }
      return {
        result: after,
        audit: {
          action: 'settings.update',
          entity: 'settings',
          entityId: IDENTITY_KEY,
          before: same ? {} : { logo: before.logo },
          after: same ? {} : { logo: token },
        },
        marks: same ? [] : ['site'],
      };
    },
  });
}
