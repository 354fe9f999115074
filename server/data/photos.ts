// The photos of a grave. A row per photo (grave_photos: pending or approved, the cover, who sent it) and a
// folder per photo in the photos folder (PHOTOS_DIR/<id>/, the files of PHOTO_FILES), named by the photo's id, so a
// photo's addresses never change and its files are never rewritten (the backups hard-link them for that reason).
//
// The files are written (and flushed to the disk) before the row is committed: a committed row always has its files,
// also after a power cut; a transaction that fails removes the folder it wrote. A deleted photo's row goes first,
// then its folder: at worst a folder with no row is left, which nothing serves.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely, Transaction } from 'kysely';
import {
  PENDING_LIMITS,
  pendingPhotoCutoff,
  pendingPhotoExpiresAt,
  type PendingCap,
} from '../../src/domain/rules/pending';
import type { Gender, GravePhoto, PhotoStatus } from '../../src/domain/types';
import type { Database, GravePhotosTable } from '../db/schema';
import { notFound } from './refusals';
import type { PhotoFileName, PhotoImages } from '../images/photo';
import { audit } from './audit';
import { auditedWrite, type Write } from './auditedWrite';
import { holdPendingTurn, pendingRefusal } from './pending';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const FILE = /^(display|thumb)\.(webp|jpg)$/;

/** Whether the text is a photo's id as this module makes them (randomUUID): the only names of its folders. */
export const isPhotoId = (id: string) => UUID.test(id);
export const isPhotoFileName = (file: string): file is PhotoFileName => FILE.test(file);

/** Where a photo's file is: only for an id and a name that passed the checks above, so no path is built from input. */
export function photoFilePath(dir: string, id: string, file: PhotoFileName): string {
  if (!isPhotoId(id) || !isPhotoFileName(file)) throw new Error('not a photo file');
  return join(dir, id, file);
}

const address = (id: string, file: PhotoFileName) => `/photos/${id}/${file}`;

/**
 * Who reads a photo: the public (approved photos, nobody's name), or the staff, who see who sent each and, for a
 * photo still waiting, when it will be removed; the sender's phone only to the roles that see families' phones
 * (policy.ts seesFamilyPhones).
 */
export interface PhotoReader {
  staff: boolean;
  phones: boolean;
  /** PENDING_PHOTO_DAYS, for the staff's `expiresAt` of a pending photo. */
  pendingDays?: number;
}

const PUBLIC: PhotoReader = { staff: false, phones: false };
const STAFF: PhotoReader = { staff: true, phones: true };

function toPhoto(row: GravePhotosTable, reader: PhotoReader): GravePhoto {
  const { staff, phones, pendingDays } = reader;
  return {
    _id: row.id,
    graveId: row.grave_id,
    status: row.status,
    cover: Number(row.cover) === 1,
    url: address(row.id, 'display.webp'),
    jpegUrl: address(row.id, 'display.jpg'),
    thumbUrl: address(row.id, 'thumb.webp'),
    thumbJpegUrl: address(row.id, 'thumb.jpg'),
    width: Number(row.width),
    height: Number(row.height),
    thumbWidth: Number(row.thumb_width),
    thumbHeight: Number(row.thumb_height),
    byStaff: Number(row.sent_by_staff) === 1,
    // Who sent it is the staff's to see, never the public's; the phone only theirs who see families' phones.
    ...(staff ? { senderName: row.sender_name } : {}),
    ...(staff && phones ? { senderPhone: row.sender_phone } : {}),
    createdAt: row.created_at,
    ...(staff && pendingDays !== undefined && row.status === 'pending'
      ? { expiresAt: pendingPhotoExpiresAt(row.created_at, pendingDays) }
      : {}),
  };
}

/** What the audit trail keeps of a photo: its state, never the sender's phone. */
const audited = (row: Pick<GravePhotosTable, 'grave_id' | 'status' | 'cover'>) => ({
  graveId: row.grave_id,
  status: row.status,
  cover: Number(row.cover) === 1,
});

export async function graveExists(db: Kysely<Database>, graveId: string): Promise<boolean> {
  return (await db.selectFrom('graves').select('id').where('id', '=', graveId).executeTakeFirst()) !== undefined;
}

/**
 * A grave's photos, the cover first, then the newest: the approved ones for the public, every one (with who sent
 * it) for the staff. Null when there is no such grave.
 */
export async function listPhotos(
  db: Kysely<Database>,
  graveId: string,
  reader: PhotoReader,
): Promise<GravePhoto[] | null> {
  if (!(await graveExists(db, graveId))) return null;
  let query = db.selectFrom('grave_photos').selectAll().where('grave_id', '=', graveId);
  if (!reader.staff) query = query.where('status', '=', 'approved');
  const rows = await query.orderBy('cover', 'desc').orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((row) => toPhoto(row, reader));
}

/** The queue's sortable fields and their columns. */
export const PHOTO_SORT = { createdAt: 'grave_photos.created_at', status: 'grave_photos.status' } as const;

export interface PhotoListing {
  status: PhotoStatus | null;
  gender: Gender | null;
  sort: { field: keyof typeof PHOTO_SORT; order: 'asc' | 'desc' } | null;
  range: { start: number; end: number | null } | null;
}

/**
 * Every grave's photos for the staff's queue, newest first by default, each with its grave's section and number;
 * with a range, the total too (for Content-Range).
 */
export async function listPhotoQueue(
  db: Kysely<Database>,
  listing: PhotoListing,
  reader: PhotoReader,
): Promise<{ photos: GravePhoto[]; total: number | null }> {
  let query = db
    .selectFrom('grave_photos')
    .innerJoin('graves', 'graves.id', 'grave_photos.grave_id')
    .selectAll('grave_photos')
    .select(['graves.gender as grave_gender', 'graves.number as grave_number']);
  if (listing.status) query = query.where('grave_photos.status', '=', listing.status);
  if (listing.gender) query = query.where('graves.gender', '=', listing.gender);
  const order = listing.sort?.order ?? 'desc';
  query = query
    .orderBy(listing.sort ? PHOTO_SORT[listing.sort.field] : 'grave_photos.created_at', order)
    .orderBy('grave_photos.id', order);
  const toQueued = (row: GravePhotosTable & { grave_gender: Gender; grave_number: string }) => ({
    ...toPhoto(row, reader),
    grave: { gender: row.grave_gender, number: row.grave_number },
  });
  if (!listing.range) return { photos: (await query.execute()).map(toQueued), total: null };
  const total = Number(
    (await db.selectFrom(query.as('q')).select(db.fn.countAll<string | number>().as('n')).executeTakeFirst())?.n ?? 0,
  );
  const { start } = listing.range;
  const end = listing.range.end ?? Math.max(total - 1, 0);
  const rows = await query.offset(start).limit(end - start + 1).execute();
  return { photos: rows.map(toQueued), total };
}

/** The caps on visitors' pending photos: the grave's and the client's (counts), the register's (bytes). */
export interface PendingPhotoCaps {
  perGrave: number;
  perClient: number;
  registerBytes: number;
}

export const pendingPhotoCaps = (registerBytes: number): PendingPhotoCaps => ({
  perGrave: PENDING_LIMITS.photosPerGrave,
  perClient: PENDING_LIMITS.photosPerClient,
  registerBytes,
});

/**
 * Whether a visitor's photo of `bytes` (0 before it is made: is there room at all?) fits under the caps on pending
 * photos, or which cap it meets: the grave's, the client's (by its key, clientAddress.ts), or the register's bytes.
 */
export async function pendingPhotoRoom(
  db: Kysely<Database> | Transaction<Database>,
  at: { graveId: string; client: string; bytes: number },
  caps: PendingPhotoCaps,
): Promise<PendingCap | null> {
  const pending = db.selectFrom('grave_photos').where('status', '=', 'pending');
  const count = (n: { n: string | number } | undefined) => Number(n?.n ?? 0);
  const grave = await pending
    .select(db.fn.countAll<string | number>().as('n'))
    .where('grave_id', '=', at.graveId)
    .executeTakeFirst();
  if (count(grave) >= caps.perGrave) return 'grave';
  const client = await pending
    .select(db.fn.countAll<string | number>().as('n'))
    .where('sender_client', '=', at.client)
    .executeTakeFirst();
  if (count(client) >= caps.perClient) return 'client';
  const total = await pending.select(db.fn.sum<string | number | null>('bytes').as('n')).executeTakeFirst();
  // A photo is never smaller than one byte: with no room left at all, the check before the work says so too.
  if (Number(total?.n ?? 0) + Math.max(1, at.bytes) > caps.registerBytes) return 'register';
  return null;
}

/** A photo's status, for serving its files; null when there is none. */
export async function photoStatus(db: Kysely<Database>, id: string): Promise<GravePhotosTable['status'] | null> {
  if (!isPhotoId(id)) return null;
  const row = await db.selectFrom('grave_photos').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status ?? null;
}

/** Writes a file and flushes it to the disk; refuses to overwrite (a photo's files are written once). */
async function writeDurably(path: string, bytes: Buffer): Promise<void> {
  const handle = await open(path, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A folder's entry flushed too, so the files are found after a power cut (Linux; elsewhere a no-op). */
async function syncFolder(path: string): Promise<void> {
  try {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some systems (and some network file systems) cannot flush a folder: the files themselves are flushed.
  }
}

async function writePhotoFiles(dir: string, id: string, images: PhotoImages): Promise<void> {
  const folder = join(dir, id);
  await mkdir(dir, { recursive: true });
  await mkdir(folder);
  const files: Array<[PhotoFileName, Buffer]> = [
    ['display.webp', images.display.webp],
    ['display.jpg', images.display.jpeg],
    ['thumb.webp', images.thumb.webp],
    ['thumb.jpg', images.thumb.jpeg],
  ];
  for (const [name, bytes] of files) await writeDurably(join(folder, name), bytes);
  await syncFolder(folder);
  await syncFolder(dir);
}

/** Removes a photo's folder; a folder already gone is not an error. */
export async function removePhotoFolder(dir: string, id: string): Promise<void> {
  if (!isPhotoId(id)) return;
  await rm(join(dir, id), { recursive: true, force: true });
}

/**
 * A new photo of a grave: approved at once when a staff member adds it, pending (until a staff approval) when a
 * visitor sends it. 404 when the grave is not (or no longer) there.
 */
export async function addPhoto(
  write: Write,
  dir: string,
  input: {
    graveId: string;
    images: PhotoImages;
    byStaff: boolean;
    senderName: string | null;
    senderPhone: string | null;
    /** A visitor's photo: the client it came from and the caps it must fit under (none for the staff's). */
    pending?: { client: string; caps: PendingPhotoCaps };
  },
): Promise<GravePhoto> {
  const id = randomUUID();
  await writePhotoFiles(dir, id, input.images);
  try {
    return await auditedWrite(write, {
      lock: [input.graveId],
      run: async (trx) => {
        if (!(await graveExists(trx, input.graveId))) throw notFound('grave.notFound');
        const { display, thumb } = input.images;
        const bytes = display.webp.length + display.jpeg.length + thumb.webp.length + thumb.jpeg.length;
        const { pending } = input;
        if (pending && !input.byStaff) {
          // Checked again in the transaction, with the photo's real size, taking turns with every other visitor's
          // photo: two sent at once cannot both take the last room. A refusal removes the files written above.
          await holdPendingTurn(trx, write.dialect, 'photos');
          const cap = await pendingPhotoRoom(trx, { graveId: input.graveId, client: pending.client, bytes }, pending.caps);
          if (cap) throw pendingRefusal('photos', cap);
        }
        const row: GravePhotosTable = {
          id,
          grave_id: input.graveId,
          status: input.byStaff ? 'approved' : 'pending',
          cover: 0,
          width: display.width,
          height: display.height,
          thumb_width: thumb.width,
          thumb_height: thumb.height,
          bytes,
          sent_by_staff: input.byStaff ? 1 : 0,
          sender_name: input.senderName,
          sender_phone: input.senderPhone,
          added_by: input.byStaff ? (write.by?.sub ?? null) : null,
          created_at: write.at.toISOString(),
          sender_client: input.byStaff ? null : (pending?.client ?? null),
        };
        await trx.insertInto('grave_photos').values(row).execute();
        return {
          // A visitor's answer does not repeat who sent it (the public shape), a staff member's does.
          result: toPhoto(row, input.byStaff ? STAFF : PUBLIC),
          audit: {
            action: 'photo.create',
            entity: 'photo',
            entityId: id,
            after: {
              ...audited(row),
              byStaff: input.byStaff,
              senderName: input.senderName,
              // A visitor has no account: the trail names the address (its /64 for IPv6) the photo came from.
              ...(pending ? { senderClient: pending.client } : {}),
            },
          },
          // A pending photo shows in no public answer until it is approved (as a visitor's suggestion).
          marks: row.status === 'approved' ? ['photos'] : [],
        };
      },
    });
  } catch (error) {
    await removePhotoFolder(dir, id);
    throw error;
  }
}

async function photoRow(trx: Transaction<Database>, id: string): Promise<GravePhotosTable> {
  const row = isPhotoId(id)
    ? await trx.selectFrom('grave_photos').selectAll().where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw notFound('photo.notFound');
  return row;
}

/** The grave a photo belongs to, read before its write so the grave can be locked first (PostgreSQL). */
async function graveOf(write: Write, id: string): Promise<string> {
  const row = isPhotoId(id)
    ? await write.db.selectFrom('grave_photos').select('grave_id').where('id', '=', id).executeTakeFirst()
    : undefined;
  if (!row) throw notFound('photo.notFound');
  return row.grave_id;
}

/** A family's photo approved: the public sees it from now on. Approving an approved photo changes nothing. */
export async function approvePhoto(write: Write, id: string): Promise<GravePhoto> {
  const graveId = await graveOf(write, id);
  return auditedWrite(write, {
    lock: [graveId],
    run: async (trx) => {
      const row = await photoRow(trx, id);
      const after = { ...row, status: 'approved' as const, sender_client: null };
      // Decided: the client it came from was kept only for the caps on what waits.
      await trx.updateTable('grave_photos').set({ status: 'approved', sender_client: null }).where('id', '=', id).execute();
      return {
        result: toPhoto(after, STAFF),
        audit: { action: 'photo.approve', entity: 'photo', entityId: id, before: audited(row), after: audited(after) },
        marks: ['photos'],
      };
    },
  });
}

/**
 * The photo a grave's page shows first: one per grave, so the grave's other photos lose the mark in the same
 * transaction (the grave is locked first on PostgreSQL: two choices at once take turns). A pending photo chosen is
 * approved with it (a staff member looked at it to choose it).
 */
export async function coverPhoto(write: Write, id: string): Promise<GravePhoto> {
  const graveId = await graveOf(write, id);
  return auditedWrite(write, {
    lock: [graveId],
    run: async (trx) => {
      const row = await photoRow(trx, id);
      await trx
        .updateTable('grave_photos')
        .set({ cover: 0 })
        .where('grave_id', '=', row.grave_id)
        .where('cover', '=', 1)
        .where('id', '!=', id)
        .execute();
      const after = { ...row, status: 'approved' as const, cover: 1, sender_client: null };
      await trx
        .updateTable('grave_photos')
        .set({ status: 'approved', cover: 1, sender_client: null })
        .where('id', '=', id)
        .execute();
      return {
        result: toPhoto(after, STAFF),
        audit: { action: 'photo.cover', entity: 'photo', entityId: id, before: audited(row), after: audited(after) },
        marks: ['photos'],
      };
    },
  });
}

/** A photo deleted: its row, then (after the commit) its folder. */
export async function deletePhoto(write: Write, dir: string, id: string): Promise<void> {
  const graveId = await graveOf(write, id);
  await auditedWrite(write, {
    lock: [graveId],
    run: async (trx) => {
      const row = await photoRow(trx, id);
      await trx.deleteFrom('grave_photos').where('id', '=', id).execute();
      return {
        result: undefined,
        audit: {
          action: 'photo.delete',
          entity: 'photo',
          entityId: id,
          before: { ...audited(row), byStaff: Number(row.sent_by_staff) === 1, senderName: row.sender_name },
        },
        marks: row.status === 'approved' ? ['photos'] : [],
      };
    },
  });
  await removePhotoFolder(dir, id);
}

/**
 * Removes the folders no photo names any more, older than `minAgeMs`: those of a deleted grave's photos (the rows go
 * with the grave, by the foreign key's cascade, in the grave's own write, which knows nothing of files), and any left
 * by a process that died between writing the files and committing. The age keeps it away from a photo being added
 * on any machine sharing the folder (its files are written before its row is committed). Answers how many it removed.
 */
export async function sweepPhotoFolders(
  db: Kysely<Database>,
  dir: string,
  now: Date,
  minAgeMs = 3600_000,
): Promise<number> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter(isPhotoId);
  let removed = 0;
  for (let at = 0; at < names.length; at += 500) {
    const batch = names.slice(at, at + 500);
    const known = new Set(
      (await db.selectFrom('grave_photos').select('id').where('id', 'in', batch).execute()).map((r) => r.id),
    );
    for (const id of batch) {
      if (known.has(id)) continue;
      const made = await stat(join(dir, id)).catch(() => null);
      if (!made || now.getTime() - made.mtimeMs < minAgeMs) continue;
      await removePhotoFolder(dir, id);
      removed++;
    }
  }
  return removed;
}

/** How many expired photos one transaction of the sweep removes. */
const EXPIRE_BATCH = 200;

/**
 * Removes the visitors' photos still pending `days` after they were sent (PENDING_PHOTO_DAYS): their rows, each
 * with its audit entry (by no account), then their folders. Any process may run it at any time: a photo is removed
 * by the one transaction that deletes its row still pending (deleted, approved meanwhile or chosen as the cover, it
 * is left alone), so two processes sweeping at once never remove or record one twice. Answers how many it removed.
 */
export async function expirePendingPhotos(
  db: Kysely<Database>,
  dir: string,
  now: Date,
  days: number,
): Promise<number> {
  const cutoff = pendingPhotoCutoff(now, days);
  let removed = 0;
  for (;;) {
    const gone = await db.transaction().execute(async (trx) => {
      const due = await trx
        .selectFrom('grave_photos')
        .select('id')
        .where('status', '=', 'pending')
        .where('created_at', '<', cutoff)
        .orderBy('created_at')
        .limit(EXPIRE_BATCH)
        .execute();
      if (due.length === 0) return [];
      const deleted = await trx
        .deleteFrom('grave_photos')
        .where(
          'id',
          'in',
          due.map((r) => r.id),
        )
        .where('status', '=', 'pending')
        .returning(['id', 'grave_id', 'status', 'cover', 'created_at', 'sender_name'])
        .execute();
      for (const row of deleted) {
        await audit(trx, {
          at: now,
          account: null,
          action: 'photo.expire',
          entity: 'photo',
          entityId: row.id,
          before: { ...audited(row), sentAt: row.created_at, senderName: row.sender_name },
        });
      }
      return deleted.map((row) => row.id);
    });
    for (const id of gone) await removePhotoFolder(dir, id);
    removed += gone.length;
    if (gone.length < EXPIRE_BATCH) return removed;
  }
}
