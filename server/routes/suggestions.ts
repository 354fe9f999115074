// Suggestions: anyone sends one (throttled per client); managers approve or reject; approved ones are public.
import type { FastifyInstance } from 'fastify';
import { formatWaitMinutes } from '../../src/domain/text/nouns';
import { t } from '../../src/domain/messages';
import { isOneOf } from '../../src/domain/rules/oneOf';
import { SUGGESTION_STATUSES, type SuggestionStatus } from '../../src/domain/types';
import { checkPhone, checkText, LIMITS, TEXT_FIELDS } from '../../src/domain/rules/validation';
import type { AppContext } from '../http/context';
import { clientKey } from '../http/clientAddress';
import { setSuggestionStatus, SUGGESTION_SORT } from '../data/suggestions';
import { writeBy } from '../data/graveWrites';
import { badRequest, tooMany } from '../http/errors';
import { contentRange, parseListQuery } from '../http/paging';
import { bodies } from '../schemas/bodies';
import { answers, idParams, listQuery, messageAnswer, STAFF, WITH_BODY } from '../schemas/common';
import { approvedSuggestion, suggestion } from '../schemas/entities';
import { typed } from './typed';

export const SUGGESTIONS_PER_HOUR = 10;

const isStatus = (s: string): s is SuggestionStatus => isOneOf(SUGGESTION_STATUSES, s);

export async function suggestionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);
  const throttle = ctx.data.suggestions.throttle(() => Math.floor(ctx.now().getTime() / 1000));

  r.post(
    '/suggestion',
    {
      schema: {
        summary: 'Send a suggestion',
        body: bodies.suggestion,
        response: answers({ 201: messageAnswer }, { refusals: WITH_BODY }),
      },
      config: {
        // Too long is said as such (the public form stops there too); missing or not text is the general reason.
        fieldErrors: {
          text: { tooLong: 'suggest.textTooLong', other: 'suggest.textInvalid' },
          name: { tooLong: 'suggest.nameTooLong', other: 'suggest.nameInvalid' },
          phone: 'suggest.phoneInvalid',
        },
      },
    },
    async (request, reply) => {
      const text = checkText(
        request.body.text,
        LIMITS.suggestionTextMax,
        'suggest.textInvalid',
        TEXT_FIELDS.suggestionText,
      );
      if (!text.ok) throw badRequest(text.error);
      const name = checkText(
        request.body.name,
        LIMITS.personNameMax,
        'suggest.nameInvalid',
        TEXT_FIELDS.suggestionName,
      );
      if (!name.ok) throw badRequest(name.error);
      const phone = checkPhone(request.body.phone);
      if (!phone.ok) throw badRequest(phone.error);
      const taken = await throttle.take(`suggest:${clientKey(request)}`, 3600, SUGGESTIONS_PER_HOUR);
      if (!taken.ok) {
        const wait = taken.retryAfterSeconds;
        throw tooMany('suggest.tooManyWait', wait, { wait: formatWaitMinutes(wait) });
      }
      await ctx.data.suggestions.add({ text: text.value, name: name.value, phone: phone.value }, ctx.now());
      reply.status(201);
      return { message: t('suggest.success') };
    },
  );

  r.get(
    '/suggestion/approved',
    {
      schema: {
        summary: 'List the approved suggestions',
        response: answers({ 200: { type: 'array', items: approvedSuggestion } }, { kept: true }),
      },
      config: { answerCache: { shows: ['suggestions'] } },
    },
    async () => ctx.data.suggestions.approved(),
  );

  r.get(
    '/suggestion/status/:status',
    {
      schema: {
        summary: 'List the suggestions of one status',
        params: idParams('status'),
        querystring: listQuery,
        response: answers({ 200: { type: 'array', items: suggestion } }, { refusals: [...STAFF, 400, 404] }),
      },
      config: { access: { resource: 'suggestions', action: 'list' } },
    },
    async (request, reply) => {
      const { status } = request.params;
      if (!isStatus(status)) throw badRequest('suggestion.statusInvalid');
      const q = parseListQuery(request.query, SUGGESTION_SORT);
      const search = typeof q.filter.q === 'string' && q.filter.q.trim() !== '' ? q.filter.q.trim() : null;
      const { suggestions, total } = await ctx.data.suggestions.list(status, {
        search,
        sort: q.sort && {
          field: q.sort.field,
          order: q.sort.order === 'ASC' ? 'asc' : 'desc',
        },
        range: q.paged ? { start: q.range?.start ?? 0, end: q.range?.end ?? null } : null,
      });
      if (total !== null) {
        const start = q.range?.start ?? 0;
        reply.header('Content-Range', contentRange('suggestions', start, start + suggestions.length - 1, total));
      }
      return suggestions;
    },
  );

  r.put(
    '/suggestion/status/:id',
    {
      schema: {
        summary: "Set a suggestion's status",
        params: idParams('id'),
        body: bodies.suggestionStatus,
        response: answers(
          {
            200: {
              type: 'object',
              properties: { message: { type: 'string' }, suggestion },
              required: ['message', 'suggestion'],
            },
          },
          { refusals: [...STAFF, ...WITH_BODY, 404] },
        ),
      },
      config: {
        access: { resource: 'suggestions', action: 'edit' },
        fieldErrors: { status: 'suggestion.statusInvalid' },
      },
    },
    async (request) => {
      const updated = await setSuggestionStatus(writeBy(ctx, request), request.params.id, request.body.status);
      return { message: t('suggestion.statusUpdated'), suggestion: updated };
    },
  );
}
