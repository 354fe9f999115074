// Families' corrections of a burial (docs/corrections-and-photos.md). Anyone sends one (throttled per
// client address, as suggestions are) and follows it by its private token; the staff (policy `corrections`: manager
// and admin) read the queue and apply or reject each once. The values are read by the burial's own correction rule
// (./graves/bury.ts readBurialChanges) both when sent and when applied, and applied by the same write as
// PUT /graves/{id}/buried/{personId} (writeBurialChanges), with the correction's decision in its transaction.
import type { FastifyInstance } from 'fastify';
import { burialDateText } from '../../src/domain/dates/burialDate';
import { t } from '../../src/domain/messages';
import { publicPaths } from '../../src/domain/paths/publicPaths';
import {
  CORRECTION_LIMITS,
  CORRECTION_TEXT_ERRORS,
  CORRECTION_TEXT_FIELDS,
  checkOptionalText,
  isBlank,
} from '../../src/domain/rules/corrections';
import { isOneOf } from '../../src/domain/rules/oneOf';
import { checkPhone, checkText, isGender, LIMITS, TEXT_FIELDS } from '../../src/domain/rules/validation';
import { formatWaitMinutes } from '../../src/domain/text/nouns';
import { CORRECTION_STATUSES, type CorrectionValues } from '../../src/domain/types';
import type { AppContext } from '../http/context';
import { clientKey } from '../http/clientAddress';
import { applyStep, applyWithoutChange, CORRECTION_SORT, rejectCorrection } from '../data/corrections';
import { writeBy } from '../data/graveWrites';
import { pendingRefusal } from '../data/pending';
import { isNotFound } from '../data/refusals';
import { badRequest, notFound, refuse, tooMany } from '../http/errors';
import { contentRange, filterText, parseListQuery } from '../http/paging';
import { bodies } from '../schemas/bodies';
import { answers, idParams, listQuery, STAFF, WITH_BODY } from '../schemas/common';
import { correction, correctionFollow } from '../schemas/entities';
import { readBurialChanges, writeBurialChanges, type BurialChanges } from './graves/bury';
import { followCorrection } from './publicAnswers';
import { typed } from './typed';

export const CORRECTIONS_PER_HOUR = 10;

const sentAnswer = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    id: { type: 'string' },
    followUrl: { type: 'string', description: "the family's private follow-up page (its path on the public site)" },
    followToken: { type: 'string', description: 'random (24 bytes, base64url), never the id' },
  },
  required: ['message', 'id', 'followUrl', 'followToken'],
} as const;

const decidedAnswer = {
  type: 'object',
  properties: { message: { type: 'string' }, correction },
  required: ['message', 'correction'],
} as const;

const appliedAnswer = {
  type: 'object',
  properties: {
    ...decidedAnswer.properties,
    warnings: {
      type: 'array',
      items: { type: 'string' },
      description: 'the history rule’s warnings the burial was saved with (Arabic), for the staff; empty when none',
    },
  },
  required: [...decidedAnswer.required, 'warnings'],
} as const;

/**
 * A sent value equal to the burial's counts as not proposed: the form sends the values it shows, changed or not, and
 * the staff should see only what the family really changed.
 */
function withoutUnchanged(read: BurialChanges, burial: CorrectionValues): BurialChanges {
  const { name, burialDate, precision } = read.changes;
  const sameName = name === undefined || name === burial.name;
  const sameDate = burialDate === undefined || (burialDate === burial.burialDate && precision === burial.datePrecision);
  return {
    changes: {
      ...(!sameName && { name }),
      ...(!sameDate && { burialDate, precision }),
    },
    date: sameDate ? null : read.date,
  };
}

const isEmpty = (read: BurialChanges) => Object.keys(read.changes).length === 0;

export async function correctionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);
  const throttle = ctx.data.corrections.throttle(() => Math.floor(ctx.now().getTime() / 1000));
  const decision = (id: string, account: { name: string } | null) => ({ id, decidedBy: account?.name ?? null });
  const correctionNow = async (id: string) => {
    const found = await ctx.data.corrections.get(id);
    if (!found) throw notFound('correction.notFound');
    return found;
  };

  r.post(
    '/burials/:id/corrections',
    {
      schema: {
        summary: "Send a correction of a burial's name or date, or a note",
        description:
          'Anyone (a family). The name and date are read by the rules of the burial correction ' +
          '(PUT /graves/{id}/buried/{personId}); a value equal to the current one counts as not proposed, and with ' +
          'nothing proposed and no note the call is refused. Throttled per client address (10 an hour); at most ' +
          '20 wait per grave and 30 per client (429), and 5,000 in the whole register (507).',
        params: idParams('id'),
        body: bodies.correction,
        response: answers({ 201: sentAnswer }, { refusals: [...WITH_BODY, 404, 507] }),
      },
      config: {
        fieldErrors: {
          name: 'burial.nameInvalid',
          burialDate: 'burial.dateUnreadable',
          // A note too long is said as such; a value that is no text at all (a number) has its own reason.
          note: { tooLong: 'correction.noteTooLong', other: 'correction.noteInvalid' },
          senderName: 'correction.senderNameInvalid',
          senderPhone: 'suggest.phoneInvalid',
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const senderName = checkText(
        body.senderName,
        LIMITS.personNameMax,
        'correction.senderNameInvalid',
        TEXT_FIELDS.suggestionName,
      );
      if (!senderName.ok) throw badRequest(senderName.error);
      const senderPhone = checkPhone(body.senderPhone);
      if (!senderPhone.ok) throw badRequest(senderPhone.error);
      // A field the family left blank is no proposal (the form sends every field); anything else obeys the rules.
      const read = readBurialChanges(ctx, {
        name: isBlank(body.name) ? undefined : body.name,
        burialDate: isBlank(body.burialDate) ? undefined : body.burialDate,
      });
      const note = checkOptionalText(
        body.note,
        CORRECTION_LIMITS.noteMax,
        CORRECTION_TEXT_ERRORS.note,
        CORRECTION_TEXT_FIELDS.note,
      );
      if (!note.ok) throw badRequest(note.error);
      const burialId = request.params.id;
      // Checked before the throttle, so a family that mistyped is told so without losing one of its sends.
      const burial = await ctx.data.corrections.burialNow(burialId);
      if (!burial) throw notFound('burial.notFound');
      if (isEmpty(withoutUnchanged(read, burial)) && note.value === null)
        throw badRequest('correction.nothingProposed');
      // What waits for the committee is capped (per grave, per client, the register's): refused before the hourly
      // allowance is touched, nothing written; checked again as it is added.
      const client = clientKey(request);
      const cap = await ctx.data.corrections.room({ graveId: burial.graveId, client });
      if (cap) throw pendingRefusal('corrections', cap);
      const taken = await throttle.take(`correct:${client}`, 3600, CORRECTIONS_PER_HOUR);
      if (!taken.ok) {
        const wait = taken.retryAfterSeconds;
        throw tooMany('correction.tooManyWait', wait, { wait: formatWaitMinutes(wait) });
      }
      const { id, followToken } = await ctx.data.corrections.add(
        burialId,
        // The burial as it stands in the insert's transaction is the one kept (was_*) and compared with.
        (now) => {
          const proposed = withoutUnchanged(read, now);
          if (isEmpty(proposed) && note.value === null) throw badRequest('correction.nothingProposed');
          return {
            name: proposed.changes.name ?? null,
            burialDate: proposed.changes.burialDate ?? null,
            precision: proposed.changes.precision ?? null,
            note: note.value,
          };
        },
        { name: senderName.value, phone: senderPhone.value, client },
        ctx.now(),
      );
      reply.status(201);
      return {
        message: t('correction.sent'),
        id,
        followUrl: publicPaths.correctionFollow.href(followToken),
        followToken,
      };
    },
  );

  r.get(
    '/corrections/follow/:token',
    {
      schema: {
        summary: 'Follow a correction by its private token',
        description:
          'Anyone holding the token: the state alone (status, reason, dates), nothing of the values or sender.',
        params: idParams('token'),
        response: answers({ 200: correctionFollow }, { refusals: [404] }),
      },
    },
    // Not kept by the answer cache (no `answerCache`): the API's answers are then no-store, so the private address
    // is kept by no shared cache and always shows the latest decision.
    async (request) => followCorrection(ctx, request.params.token),
  );

  r.get(
    '/corrections',
    {
      schema: {
        summary: 'List the corrections families sent',
        description:
          'Newest first; ra-data-simple-rest paging (Content-Range: corrections a-b/n) and the filters status ' +
          '(pending, applied, rejected), gender (the section: men, women, bones), burialId and q (names, sender).',
        querystring: listQuery,
        response: answers({ 200: { type: 'array', items: correction } }, { refusals: [...STAFF, 400] }),
      },
      config: { access: { resource: 'corrections', action: 'list' } },
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, CORRECTION_SORT);
      const status = filterText(q.filter, 'status');
      if (status !== null && !isOneOf(CORRECTION_STATUSES, status)) throw badRequest('correction.statusInvalid');
      const gender = filterText(q.filter, 'gender');
      if (gender !== null && !isGender(gender)) throw badRequest('errors.badQuery');
      const { corrections, total } = await ctx.data.corrections.list({
        status,
        gender,
        burialId: filterText(q.filter, 'burialId'),
        search: filterText(q.filter, 'q')?.trim() || null,
        sort: q.sort && { field: q.sort.field, order: q.sort.order === 'ASC' ? 'asc' : 'desc' },
        range: q.paged ? { start: q.range?.start ?? 0, end: q.range?.end ?? null } : null,
      });
      if (total !== null) {
        const start = q.range?.start ?? 0;
        reply.header('Content-Range', contentRange('corrections', start, start + corrections.length - 1, total));
      }
      return corrections;
    },
  );

  r.get(
    '/corrections/:id',
    {
      schema: {
        summary: 'Get a correction with the burial as it stands now',
        params: idParams('id'),
        response: answers({ 200: correction }, { refusals: [...STAFF, 404] }),
      },
      config: { access: { resource: 'corrections', action: 'show' } },
    },
    async (request) => correctionNow(request.params.id),
  );

  r.post(
    '/corrections/:id/apply',
    {
      schema: {
        summary: 'Apply a correction to the burial',
        description:
          'Writes the proposed name and date (or the edited ones given here) through the rules and the write of ' +
          'PUT /graves/{id}/buried/{personId}, in one transaction with the decision. 409 when it was already ' +
          'decided, when the burial was removed, or when the burial changed since it was sent (unless ' +
          'confirmChanged). A note alone is applied with no change to the burial.',
        params: idParams('id'),
        body: bodies.applyCorrection,
        response: answers({ 200: appliedAnswer }, { refusals: [...STAFF, ...WITH_BODY, 404, 409] }),
      },
      config: {
        access: { resource: 'corrections', action: 'edit' },
        fieldErrors: {
          name: 'burial.nameInvalid',
          burialDate: 'burial.dateUnreadable',
          confirmChanged: 'errors.badRequest',
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body ?? {};
      const confirmChanged = body.confirmChanged === true;
      const found = await ctx.data.corrections.find(id);
      if (!found) throw notFound('correction.notFound');
      const { correction: pending, graveIdNow } = found;
      if (pending.status !== 'pending') throw refuse(409, 'correction.alreadyDecided');
      if (pending.current === null || graveIdNow === null) throw refuse(409, 'correction.burialGone');
      if (pending.burialChanged && !confirmChanged) throw refuse(409, 'correction.burialChanged');
      // The staff's edit overrides the proposal; null drops that part of it; blank or absent keeps the proposal.
      const { proposed } = pending;
      const proposedDate = proposed.burialDate && burialDateText(proposed.burialDate, proposed.datePrecision);
      const pick = (edit: string | null | undefined, proposal: string | undefined) =>
        edit === null ? undefined : isBlank(edit) ? proposal : edit;
      const read = withoutUnchanged(
        readBurialChanges(ctx, {
          name: pick(body.name, proposed.name),
          burialDate: pick(body.burialDate, proposedDate),
        }),
        pending.current,
      );
      const write = writeBy(ctx, request);
      const who = decision(id, request.account);
      if (isEmpty(read)) {
        await applyWithoutChange(write, who, confirmChanged);
        return { message: t('correction.applied'), warnings: [], correction: await correctionNow(id) };
      }
      try {
        const { message, warnings } = await writeBurialChanges(
          ctx,
          write,
          graveIdNow,
          pending.burialId,
          read,
          applyStep(write, who, pending.sentAgainst, confirmChanged),
          'correction.applied',
        );
        return { message, warnings, correction: await correctionNow(id) };
      } catch (error) {
        // Removed (or its grave deleted) between the read above and the write: the contract's answer for that.
        if (isNotFound(error) && !(await ctx.data.corrections.burialNow(pending.burialId))) {
          throw refuse(409, 'correction.burialGone');
        }
        throw error;
      }
    },
  );

  r.post(
    '/corrections/:id/reject',
    {
      schema: {
        summary: 'Reject a correction',
        description: "The reason, when given, is shown on the family's follow-up page. 409 when already decided.",
        params: idParams('id'),
        body: bodies.rejectCorrection,
        response: answers({ 200: decidedAnswer }, { refusals: [...STAFF, ...WITH_BODY, 404, 409] }),
      },
      config: {
        access: { resource: 'corrections', action: 'edit' },
        fieldErrors: { reason: { tooLong: 'correction.reasonTooLong', other: 'correction.reasonInvalid' } },
      },
    },
    async (request) => {
      const { id } = request.params;
      const reason = checkOptionalText(
        request.body?.reason,
        CORRECTION_LIMITS.reasonMax,
        CORRECTION_TEXT_ERRORS.reason,
        CORRECTION_TEXT_FIELDS.reason,
      );
      if (!reason.ok) throw badRequest(reason.error);
      await rejectCorrection(writeBy(ctx, request), decision(id, request.account), reason.value);
      return { message: t('correction.rejected'), correction: await correctionNow(id) };
    },
  );
}
