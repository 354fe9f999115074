// Death notices as the console keeps them. The list is the staff's view, `GET /notices?all=true` (every
// notice, past and hidden too) in simple-rest's dialect of paging, sorting and filtering; a notice is created,
// changed and deleted at /notices. The form edits the prayer's day and time as two fields (prayerDay, prayerTime),
// joined here into the contract's `prayerAt`; recording the burial from a notice is a custom method.
import {
  HttpError,
  type CreateParams,
  type DataProvider,
  type GetListParams,
  type GetOneParams,
  type Identifier,
  type RaRecord,
  type UpdateParams,
} from 'ra-core';
import { paths } from '../api/paths';
import type { Condolence, Notice } from '../domain/notices/notice';
import { deleteWith } from './bulk';
import type { ConsoleApi } from './http';

/** A notice as the console holds it: the API's, with the prayer's day and time apart for the form. */
export type NoticeRecord = Notice & {
  /** YYYY-MM-DD, the day part of prayerAt. */
  prayerDay: string;
  /** HH:mm, the time part of prayerAt. */
  prayerTime: string;
  /** The section of the notice's grave, for the form's grave picker (never sent). */
  graveSection: 'men' | 'women' | 'bones' | null;
};

/** What the form sends: the contract's body, the prayer's day and time as the form keeps them. */
export interface NoticeInput {
  name: string;
  relations?: string | null;
  prayerDay?: string;
  prayerTime?: string;
  mosque?: string;
  afterPrayer?: string | null;
  graveId?: string | null;
  burialId?: string | null;
  condolences?: Array<Omit<Condolence, 'hours'> & { hours?: string | null }>;
  endsAt?: string | null;
  hidden?: boolean;
}

export interface NoticeMethods {
  /** POST /notices/{id}/burial: the burial recorded in the chosen grave, the notice linked to it. */
  buryFromNotice(
    noticeId: Identifier,
    burial: { graveId: string; burialDate: string },
  ): Promise<{ data: NoticeRecord | null; message: string; warnings: string[] }>;
}

/** The notice of an answer: the notice itself, or `{notice}` beside a message. */
function noticeOf(answer: unknown): Notice | null {
  if (answer === null || typeof answer !== 'object') return null;
  if ('notice' in answer && answer.notice && typeof answer.notice === 'object') return answer.notice as Notice;
  return 'prayerAt' in answer ? (answer as Notice) : null;
}

const messageOf = (answer: unknown): string =>
  answer !== null && typeof answer === 'object' && 'message' in answer && typeof answer.message === 'string'
    ? answer.message
    : '';

/** The API's notice with its prayer's day and time apart (and without a write's message). */
export function toNoticeRecord(notice: Notice): NoticeRecord {
  const { message: _message, ...rest } = notice as Notice & { message?: string };
  return {
    ...rest,
    id: String(notice.id ?? notice._id),
    prayerDay: notice.prayerAt.slice(0, 10),
    prayerTime: notice.prayerAt.slice(11, 16),
    graveSection: notice.grave?.gender ?? null,
  };
}

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);

/**
 * The body the API takes from the form's values: only the contract's fields that the form gave, the prayer's day and
 * time as prayerAt, empty optional texts as null. On an update, only what changed from the record (`previous`).
 */
export function noticeBody(data: Partial<NoticeInput>, previous?: Partial<NoticeRecord>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const day = data.prayerDay ?? previous?.prayerDay;
  const time = data.prayerTime ?? previous?.prayerTime;
  if (day && time) body.prayerAt = `${day}T${time}`;
  if (data.name !== undefined) body.name = typeof data.name === 'string' ? data.name.trim() : data.name;
  if (data.relations !== undefined) body.relations = blankToNull(data.relations);
  if (data.mosque !== undefined) body.mosque = typeof data.mosque === 'string' ? data.mosque.trim() : data.mosque;
  if (data.afterPrayer !== undefined) body.afterPrayer = blankToNull(data.afterPrayer);
  if (data.graveId !== undefined) body.graveId = blankToNull(data.graveId);
  if (data.endsAt !== undefined && data.endsAt !== '' && data.endsAt !== null) body.endsAt = data.endsAt;
  if (data.hidden !== undefined) body.hidden = Boolean(data.hidden);
  if (data.condolences !== undefined) {
    body.condolences = (data.condolences ?? []).map((c) => ({
      place: c.place,
      for: c.for,
      from: c.from,
      to: c.to,
      ...(typeof c.hours === 'string' && c.hours.trim() !== '' ? { hours: c.hours.trim() } : {}),
    }));
  }
  if (!previous) return body;
  // An update sends what differs from the record (PUT takes any subset).
  const before = noticeBody(previous as Partial<NoticeInput>);
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (JSON.stringify(value) !== JSON.stringify(before[key])) changed[key] = value;
  }
  return changed;
}

/** The form's field a refusal about a body's field is shown under: the prayer's moment under its day. */
const FORM_FIELD: Record<string, string> = { prayerAt: 'prayerDay' };

/** A refusal about `prayerAt` (the body's field) as one about the form's prayer day, where the clerk looks. */
async function formErrors<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const errors: unknown = error instanceof HttpError ? error.body?.errors : undefined;
    if (!(error instanceof HttpError) || errors === null || typeof errors !== 'object') throw error;
    const mapped = Object.fromEntries(Object.entries(errors).map(([field, why]) => [FORM_FIELD[field] ?? field, why]));
    throw new HttpError(error.message, error.status, { ...error.body, errors: mapped });
  }
}

/** simple-rest's query of a list (sort, range, filter), after `all=true`: the staff's every notice. */
function listQuery(params: GetListParams): string {
  const query = new URLSearchParams();
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
  if (params.sort?.field) query.set('sort', JSON.stringify([params.sort.field, params.sort.order]));
  query.set('range', JSON.stringify([(page - 1) * perPage, page * perPage - 1]));
  const filter = Object.fromEntries(
    Object.entries(params.filter ?? {}).filter(([, value]) => value !== '' && value !== undefined && value !== null),
  );
  query.set('filter', JSON.stringify(filter));
  return query.toString();
}

export function noticesResource(rest: DataProvider, api: ConsoleApi): DataProvider {
  const readOne = async (noticeId: Identifier) =>
    toNoticeRecord(await api.call<Notice>(paths.notice(String(noticeId))));
  return {
    ...rest,
    async getList<R extends RaRecord = RaRecord>(_resource: string, params: GetListParams) {
      const answer = await api.httpClient(`${paths.notices({ all: true })}&${listQuery(params)}`);
      const notices = Array.isArray(answer.json) ? (answer.json as Notice[]) : [];
      const range = answer.headers.get('content-range');
      const total = range ? Number(range.split('/').pop()) : notices.length;
      return { data: notices.map(toNoticeRecord) as unknown as R[], total };
    },
    async getOne<R extends RaRecord = RaRecord>(_resource: string, params: GetOneParams) {
      return { data: (await readOne(params.id)) as unknown as R };
    },
    async getMany<R extends RaRecord = RaRecord>(_resource: string, params: { ids: Identifier[] }) {
      return { data: (await Promise.all(params.ids.map(readOne))) as unknown as R[] };
    },
    async create<R extends Omit<RaRecord, 'id'> = RaRecord, Result extends RaRecord = R & { id: Identifier }>(
      _resource: string,
      params: CreateParams,
    ) {
      const body = noticeBody(params.data);
      const answer = await formErrors(() => api.call<unknown>(paths.notices(), { method: 'POST', body }));
      const notice = noticeOf(answer);
      if (!notice) throw new Error('POST /notices answered no notice');
      return { data: { ...toNoticeRecord(notice), message: messageOf(answer) } as unknown as Result };
    },
    async update<R extends RaRecord = RaRecord>(_resource: string, params: UpdateParams<R>) {
      const body = noticeBody(params.data as Partial<NoticeInput>, params.previousData as Partial<NoticeRecord>);
      const answer = await formErrors(() =>
        api.call<unknown>(paths.notice(String(params.id)), { method: 'PUT', body }),
      );
      const notice = noticeOf(answer);
      if (!notice) throw new Error('PUT /notices/{id} answered no notice');
      return { data: { ...toNoticeRecord(notice), message: messageOf(answer) } as unknown as R };
    },
    ...deleteWith((noticeId) => api.call(paths.notice(String(noticeId)), { method: 'DELETE' })),
  };
}

export function noticeMethods(api: ConsoleApi): NoticeMethods {
  return {
    async buryFromNotice(noticeId, burial) {
      const answer = await api.call<{ message?: string; warnings?: string[]; notice?: Notice }>(
        paths.noticeBurial(String(noticeId)),
        { method: 'POST', body: burial },
      );
      const notice = noticeOf(answer);
      return {
        data: notice ? toNoticeRecord(notice) : null,
        message: messageOf(answer),
        warnings: answer.warnings ?? [],
      };
    },
  };
}
