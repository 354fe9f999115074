// The photos of a grave (docs/corrections-and-photos.md, section Photos). Anyone sends one from the grave's
// public page (pending until a staff approval, throttled per client address); a staff member with photos:create adds
// one from the console (shown at once); managers and admins approve, choose the cover and delete. The files are made
// by server/images/photo.ts and kept by server/data/photos.ts; server/site/photoFiles.ts serves them.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { t } from '../../src/domain/messages';
import { can, seesFamilyPhones } from '../../src/domain/rules/policy';
import { checkPhone, checkText, isGender, LIMITS, TEXT_FIELDS } from '../../src/domain/rules/validation';
import { isOneOf } from '../../src/domain/rules/oneOf';
import { formatWaitMinutes } from '../../src/domain/text/nouns';
import { PHOTO_STATUSES, type TokenClaims } from '../../src/domain/types';
import type { AppContext } from '../http/context';
import { clientKey } from '../http/clientAddress';
import { badRequest, HttpError, notFound, refuse, tooMany } from '../http/errors';
import { writeBy } from '../data/graveWrites';
import { addPhoto, approvePhoto, coverPhoto, deletePhoto, PHOTO_SORT, pendingPhotoCaps } from '../data/photos';
import { pendingRefusal } from '../data/pending';
import { MEGABYTE } from '../images/decoding';
import { createPhotoWorkshop, PHOTO_MAX_BYTES, photoKind, PhotoRefused, type ReceivedPhoto } from '../images/photo';
import { optionalSession } from '../plugins/authentication';
import { contentRange, filterText, parseListQuery } from '../http/paging';
import { answers, idParams, listQuery, messageAnswer, STAFF } from '../schemas/common';
import { gravePhotos, photoAdded, photoWithMessage } from '../schemas/photos';
import { typed } from './typed';

export const PHOTOS_PER_HOUR = 10;

/** What a sent form holds once read: the photo's file, read whole to disk, and the optional sender fields. */
interface SentPhoto {
  file: ReceivedPhoto;
  senderName?: string;
  senderPhone?: string;
}

/**
 * The staff session of a public route, or null: a request without a valid session (none, expired, ended) is a
 * visitor's, never refused for it: a visitor's old token must not stop them from sending a photo or seeing the page.
 */
async function staffSession(ctx: AppContext, request: FastifyRequest, action: 'create' | 'list') {
  const session: TokenClaims | null = await optionalSession(ctx, request).catch(() => null);
  return session && can(session.role, 'photos', action) ? session : null;
}

const refusal = (error: PhotoRefused) =>
  refuse(error.status, error.key, error.params, error.status === 503 ? { 'retry-after': '60' } : {});

export async function photoRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const workshop = createPhotoWorkshop({
    photosDir: ctx.config.photosDir,
    decodeBudgetBytes: ctx.config.imageDecodeBudgetMb * MEGABYTE,
  });
  const throttle = ctx.data.photos.throttle(() => Math.floor(ctx.now().getTime() / 1000));
  const dir = ctx.config.photosDir;

  /**
   * Reads the form as it streams, every part bounded by the limits below, the photo written to disk as it arrives
   * (the workshop's receive: nothing of it is held in memory, and no place is taken while a client is still sending);
   * refusals as HttpError, with nothing left on disk.
   */
  async function readForm(request: FastifyRequest, multipartErrors: FastifyInstance['multipartErrors']) {
    let file: ReceivedPhoto | null = null;
    const fields: Omit<SentPhoto, 'file'> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'photo' || file) throw refuse(400, 'photo.missing');
          file = await workshop.receive(part.file);
          // The stream stops one byte past the limit; the size and the stream's own mark decide (as the logo's).
          if (part.file.truncated || file.size > PHOTO_MAX_BYTES) throw refuse(413, 'photo.tooLarge');
        } else if (part.fieldname === 'senderName' || part.fieldname === 'senderPhone') {
          if (part.valueTruncated || typeof part.value !== 'string') {
            throw badRequest(part.fieldname === 'senderName' ? 'suggest.nameInvalid' : 'suggest.phoneInvalid');
          }
          fields[part.fieldname] = part.value;
        } else {
          throw refuse(400, 'errors.badRequest');
        }
      }
    } catch (error) {
      await file?.discard();
      if (error instanceof multipartErrors.RequestFileTooLargeError) throw refuse(413, 'photo.tooLarge');
      if (error instanceof PhotoRefused) throw refusal(error);
      if (error instanceof HttpError) throw error;
      // A form cut short, too many parts or fields, a broken boundary: the form could not be read.
      throw refuse(400, 'photo.missing');
    }
    if (!file) throw refuse(400, 'photo.missing');
    if (file.size === 0) {
      await file.discard();
      throw refuse(400, 'photo.missing');
    }
    return { ...fields, file };
  }

  /** The optional sender fields, by the suggestions' rules when given; empty is not given. */
  function sender(sent: SentPhoto): { senderName: string | null; senderPhone: string | null } {
    let senderName: string | null = null;
    let senderPhone: string | null = null;
    if (sent.senderName !== undefined && sent.senderName.trim() !== '') {
      const name = checkText(sent.senderName, LIMITS.personNameMax, 'suggest.nameInvalid', TEXT_FIELDS.suggestionName);
      if (!name.ok) throw badRequest(name.error);
      senderName = name.value;
    }
    if (sent.senderPhone !== undefined && sent.senderPhone.trim() !== '') {
      const phone = checkPhone(sent.senderPhone);
      if (!phone.ok) throw badRequest(phone.error);
      senderPhone = phone.value;
    }
    return { senderName, senderPhone };
  }

  // Multipart only here, with every limit explicit: one file of at most 15 MB, the two small sender fields, nothing
  // else worth the name. A file over the limit is refused as it streams, before the rest of it is kept.
  await app.register(async (files) => {
    await files.register(multipart, {
      limits: {
        fileSize: PHOTO_MAX_BYTES + 1,
        files: 1,
        fields: 2,
        parts: 3,
        // A name of 100 letters is at most 400 bytes in UTF-8; a phone number far less.
        fieldSize: 1024,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
    typed(files).post(
      '/graves/:id/photos',
      {
        schema: {
          summary: 'Send a photo of a grave (multipart/form-data, the file in the field `photo`)',
          description:
            'JPEG, PNG or WebP up to 15 MB (a HEIC file is refused with its own message). Anyone may send one: it ' +
            'waits for a staff approval, and a visitor may send 10 an hour; at most 10 wait per grave and 20 per ' +
            'client (429), and their files at most PENDING_PHOTOS_MAX_MB together (507); one not approved within ' +
            'PENDING_PHOTO_DAYS is removed. With a staff session that may add ' +
            'photos, it is shown at once. The server turns it upright, strips every metadata field (GPS too) and ' +
            'keeps a display size (at most 1600 px) and a thumbnail (at most 400 px), each as WebP and JPEG; the ' +
            'original is not kept. Optional fields senderName and senderPhone (checked as a suggestion’s).',
          params: idParams('id'),
          // For the document only: the form is read from the stream by the handler, never parsed into a body.
          consumes: ['multipart/form-data'],
          body: {
            type: 'object',
            properties: {
              photo: { type: 'string', format: 'binary', description: 'The image file' },
              senderName: { type: 'string' },
              senderPhone: { type: 'string' },
            },
            required: ['photo'],
          },
          // Public (no security requirement declared): a visitor sends no token, and a token that cannot be read counts
          // as none, so nothing here answers 401. A staff session's token only makes the photo shown at once.
          security: [],
          response: answers({ 201: photoAdded }, { refusals: [400, 404, 413, 415, 503, 507] }),
        },
        attachValidation: true,
      },
      async (request, reply) => {
        const session = await staffSession(ctx, request, 'create');
        if (!request.isMultipart()) throw refuse(415, 'photo.missing');
        const graveId = request.params.id;
        if (!(await ctx.data.photos.graveExists(graveId))) throw notFound('grave.notFound');
        // A visitor's photo waits for the committee: refused before anything is read when what waits is at a cap
        // already (the grave's, this client's, the register's bytes); checked again with its size as it is added.
        const client = clientKey(request);
        const caps = pendingPhotoCaps(ctx.config.pendingPhotosMaxBytes);
        if (!session) {
          const cap = await ctx.data.photos.room({ graveId, client, bytes: 0 }, caps);
          if (cap) throw pendingRefusal('photos', cap);
        }
        // The place is taken once the file is read whole: a client still sending holds none.
        const sent = await readForm(request, files.multipartErrors);
        let release = () => {};
        try {
          try {
            release = workshop.admit();
          } catch (error) {
            if (error instanceof PhotoRefused) throw refusal(error);
            throw error;
          }
          const from = sender(sent);
          try {
            // The cheap refusals (not an image, HEIC) count no attempt; the throttle is asked before the work.
            photoKind(sent.file.head, sent.file.size);
          } catch (error) {
            if (error instanceof PhotoRefused) throw refusal(error);
            throw error;
          }
          if (!session) {
            const taken = await throttle.take(`photo:${client}`, 3600, PHOTOS_PER_HOUR);
            if (!taken.ok) {
              const wait = taken.retryAfterSeconds;
              throw tooMany('photo.tooManyWait', wait, { wait: formatWaitMinutes(wait) });
            }
          }
          let images;
          try {
            images = await workshop.make(sent.file.path);
          } catch (error) {
            if (error instanceof PhotoRefused) throw refusal(error);
            throw error;
          }
          // The audit names the staff member who added it; a visitor's photo is recorded with no account.
          request.account = session;
          const photo = await addPhoto(writeBy(ctx, request), dir, {
            graveId,
            images,
            byStaff: session !== null,
            ...from,
            ...(session ? {} : { pending: { client, caps } }),
          });
          reply.status(201);
          return { message: t(session ? 'photo.added' : 'photo.sentPending'), id: photo._id, photo };
        } finally {
          release();
          await sent.file.discard();
        }
      },
    );
  });

  const r = typed(app);

  r.get(
    '/graves/:id/photos',
    {
      schema: {
        summary: "List a grave's photos",
        description:
          'The cover first, then the newest. Anyone: the approved photos. A staff session that may list photos: ' +
          'every photo, pending ones too, with who sent it (senderName; senderPhone to managers and admins only) ' +
          'and, for a pending one, when it is removed unless approved first (expiresAt).',
        params: idParams('id'),
        // Public, as above: a staff token only shows more.
        security: [],
        response: answers({ 200: gravePhotos }, { refusals: [404], kept: true }),
      },
      // The public's answer is kept until a photo is approved, chosen, deleted or added by staff, or a grave goes
      // (burials: a deleted grave's photos go with it). A request with a session is never kept nor served one.
      config: { answerCache: { shows: ['photos', 'burials'], publicOnly: true } },
    },
    async (request) => {
      const session = await staffSession(ctx, request, 'list');
      const photos = await ctx.data.photos.list(
        request.params.id,
        session
          ? { staff: true, phones: seesFamilyPhones(session.role), pendingDays: ctx.config.pendingPhotoDays }
          : { staff: false, phones: false },
      );
      if (!photos) throw notFound('grave.notFound');
      return photos;
    },
  );

  r.get(
    '/photos',
    {
      schema: {
        summary: 'List the photos of every grave (the queue)',
        description:
          'Newest first; ra-data-simple-rest paging (Content-Range: photos a-b/n) and the filters status ' +
          '(pending, approved) and gender (the section of the grave). Each photo names its grave (grave: gender, ' +
          'number); who sent it as for a grave’s photos.',
        querystring: listQuery,
        response: answers({ 200: gravePhotos }, { refusals: [...STAFF, 400] }),
      },
      config: { access: { resource: 'photos', action: 'list' } },
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, PHOTO_SORT);
      const status = filterText(q.filter, 'status');
      if (status !== null && !isOneOf(PHOTO_STATUSES, status)) throw badRequest('errors.badQuery');
      const gender = filterText(q.filter, 'gender');
      if (gender !== null && !isGender(gender)) throw badRequest('errors.badQuery');
      const role = request.account!.role;
      const { photos, total } = await ctx.data.photos.queue(
        {
          status,
          gender,
          sort: q.sort && { field: q.sort.field, order: q.sort.order === 'ASC' ? 'asc' : 'desc' },
          range: q.paged ? { start: q.range?.start ?? 0, end: q.range?.end ?? null } : null,
        },
        { staff: true, phones: seesFamilyPhones(role), pendingDays: ctx.config.pendingPhotoDays },
      );
      if (total !== null) {
        const start = q.range?.start ?? 0;
        reply.header('Content-Range', contentRange('photos', start, start + photos.length - 1, total));
      }
      return photos;
    },
  );

  const decided = { 200: photoWithMessage };

  r.post(
    '/photos/:id/approve',
    {
      schema: {
        summary: "Approve a family's photo (the public sees it from now on)",
        params: idParams('id'),
        response: answers(decided, { refusals: [...STAFF, 404] }),
      },
      config: { access: { resource: 'photos', action: 'edit' } },
    },
    async (request) => ({
      message: t('photo.approved'),
      photo: await approvePhoto(writeBy(ctx, request), request.params.id),
    }),
  );

  r.post(
    '/photos/:id/cover',
    {
      schema: {
        summary: 'Choose the photo a grave page shows first',
        description: 'One per grave: the others lose the mark. A pending photo chosen is approved with it.',
        params: idParams('id'),
        response: answers(decided, { refusals: [...STAFF, 404] }),
      },
      config: { access: { resource: 'photos', action: 'edit' } },
    },
    async (request) => ({
      message: t('photo.coverSet'),
      photo: await coverPhoto(writeBy(ctx, request), request.params.id),
    }),
  );

  r.delete(
    '/photos/:id',
    {
      schema: {
        summary: 'Delete a photo (its row, then its files)',
        params: idParams('id'),
        response: answers({ 200: messageAnswer }, { refusals: [...STAFF, 404] }),
      },
      config: { access: { resource: 'photos', action: 'delete' } },
    },
    async (request) => {
      await deletePhoto(writeBy(ctx, request), dir, request.params.id);
      return { message: t('photo.deleted') };
    },
  );
}
