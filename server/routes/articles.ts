// Articles: public reading; managers publish, correct and delete. Content is stored as sent, but for the input rules.
import type { FastifyInstance } from 'fastify';
import { t } from '../../src/domain/messages';
import { checkText, checkTextRules, LIMITS, TEXT_FIELDS } from '../../src/domain/rules/validation';
import type { AppContext } from '../http/context';
import { ARTICLE_SORT, createArticle, deleteArticle, updateArticle } from '../data/articles';
import { writeBy } from '../data/graveWrites';
import { badRequest } from '../http/errors';
import { contentRange, parseListQuery } from '../http/paging';
import { bodies } from '../schemas/bodies';
import { answers, idParams, listQuery, STAFF, WITH_BODY } from '../schemas/common';
import { article, articleSummary, articleWithMessage, deleted } from '../schemas/entities';
import { publicArticle, SHOWS } from './publicAnswers';
import { typed } from './typed';

/**
 * Content is kept as sent (a refusal only when it holds nothing but white space), after the input rules of a
 * multi-line text: line ends as newlines, bidi controls stripped, control characters and broken ones refused.
 */
function checkContent(value: unknown): string {
  if (typeof value !== 'string') throw badRequest('article.contentInvalid');
  const content = checkTextRules(value, TEXT_FIELDS.articleContent);
  if (!content.ok) throw badRequest(content.error);
  if (content.value.trim() === '' || [...content.value].length > LIMITS.articleContentMax) {
    throw badRequest('article.contentInvalid');
  }
  return content.value;
}

function checkTitle(value: unknown): string {
  const title = checkText(value, LIMITS.articleTitleMax, 'article.titleInvalid', TEXT_FIELDS.articleTitle);
  if (!title.ok) throw badRequest(title.error);
  return title.value;
}

const fieldErrors = { title: 'article.titleInvalid', content: 'article.contentInvalid' } as const;

export async function articleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = typed(app);

  r.get(
    '/articles',
    {
      schema: {
        summary: 'List the articles',
        querystring: listQuery,
        response: answers({ 200: { type: 'array', items: articleSummary } }, { refusals: [400], kept: true }),
      },
      // Kept only without a query: a page of the console's list carries a Content-Range the cache does not keep.
      config: { answerCache: { shows: ['articles'] } },
    },
    async (request, reply) => {
      const q = parseListQuery(request.query, ARTICLE_SORT);
      const search = typeof q.filter.q === 'string' && q.filter.q.trim() ? q.filter.q.trim() : null;
      const { articles, total } = await ctx.data.articles.list({
        search,
        sort: q.sort && {
          field: q.sort.field,
          order: q.sort.order === 'ASC' ? 'asc' : 'desc',
        },
        range: q.paged ? { start: q.range?.start ?? 0, end: q.range?.end ?? null } : null,
      });
      if (total !== null) {
        const start = q.range?.start ?? 0;
        reply.header('Content-Range', contentRange('articles', start, start + articles.length - 1, total));
      }
      return articles;
    },
  );

  const one = (id: string) => publicArticle(ctx, id);
  r.get(
    '/articles/ArticleDetail/:id',
    {
      schema: {
        summary: "Get an article (the specification's path)",
        params: idParams('id'),
        response: answers({ 200: article }, { refusals: [404], kept: true }),
      },
      config: { answerCache: { shows: SHOWS.article } },
    },
    async (request) => one(request.params.id),
  );
  r.get(
    '/articles/:id',
    {
      schema: {
        summary: 'Get an article',
        params: idParams('id'),
        response: answers({ 200: article }, { refusals: [404] }),
      },
    },
    async (request) => one(request.params.id),
  );

  r.post(
    '/articles',
    {
      schema: {
        summary: 'Write an article',
        body: bodies.article,
        response: answers({ 201: article }, { refusals: [...STAFF, ...WITH_BODY] }),
      },
      config: { access: { resource: 'articles', action: 'create' }, fieldErrors },
    },
    async (request, reply) => {
      const input = { title: checkTitle(request.body.title), content: checkContent(request.body.content) };
      const created = await createArticle(writeBy(ctx, request), input);
      reply.status(201);
      return created;
    },
  );

  r.put(
    '/articles/:id',
    {
      schema: {
        summary: 'Change an article',
        params: idParams('id'),
        body: bodies.articleUpdate,
        response: answers({ 200: articleWithMessage }, { refusals: [...STAFF, ...WITH_BODY, 404] }),
      },
      config: { access: { resource: 'articles', action: 'edit' }, fieldErrors },
    },
    async (request) => {
      const changes: { title?: string; content?: string } = {};
      if (request.body.title !== undefined) changes.title = checkTitle(request.body.title);
      if (request.body.content !== undefined) changes.content = checkContent(request.body.content);
      const updated = await updateArticle(writeBy(ctx, request), request.params.id, changes);
      return { ...updated, message: t('article.updated') };
    },
  );

  r.delete(
    '/articles/:id',
    {
      schema: {
        summary: 'Delete an article',
        params: idParams('id'),
        response: answers({ 200: deleted }, { refusals: [...STAFF, 404] }),
      },
      config: { access: { resource: 'articles', action: 'delete' } },
    },
    async (request) => {
      await deleteArticle(writeBy(ctx, request), request.params.id);
      return { message: t('article.deleted'), _id: request.params.id };
    },
  );
}
