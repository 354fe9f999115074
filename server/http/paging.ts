// ra-data-simple-rest's query parameters: sort=["field","ASC"], range=[0,24], filter={...}.
// Without any of them a list answers whole, as the specification's clients expect.
import { isOneOf } from '../../src/domain/rules/oneOf';
import { searchableText } from '../../src/domain/text/textRules';
import { badRequest } from './errors';

export interface ListQuery<Field extends string = string> {
  sort: { field: Field; order: 'ASC' | 'DESC' } | null;
  range: { start: number; end: number } | null;
  filter: Record<string, unknown>;
  /** True when the client asked for simple-rest paging (then answer with Content-Range). */
  paged: boolean;
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') throw badRequest('errors.badQuery');
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest('errors.badQuery');
  }
}

/**
 * A filter's texts are only searched for, never stored: what no stored text can hold (control characters, broken
 * characters, bidi controls; src/domain/text/textRules.ts) is dropped rather than refused, so a pasted query still finds
 * what it can and never reaches the database as it came (PostgreSQL refuses NUL in a text).
 */
function searchableFilter(filter: Record<string, unknown>): Record<string, unknown> {
  const clean = (value: unknown): unknown =>
    typeof value === 'string' ? searchableText(value) : Array.isArray(value) ? value.map(clean) : value;
  return Object.fromEntries(Object.entries(filter).map(([key, value]) => [key, clean(value)]));
}

/** The fields a list may be sorted by: their names, or the table that maps each to its column (its keys). */
export type Sortable<Field extends string> = readonly Field[] | { readonly [F in Field]: unknown };

const isFieldList = <Field extends string>(sortable: Sortable<Field>): sortable is readonly Field[] =>
  Array.isArray(sortable);

function isSortField<Field extends string>(sortable: Sortable<Field>, name: string): name is Field {
  return isFieldList(sortable) ? isOneOf(sortable, name) : Object.hasOwn(sortable, name);
}

export function parseListQuery<Field extends string>(
  query: Record<string, unknown>,
  sortable: Sortable<Field>,
): ListQuery<Field> {
  const result: ListQuery<Field> = { sort: null, range: null, filter: {}, paged: false };
  if (query.sort !== undefined) {
    const sort = parseJson(query.sort);
    if (!Array.isArray(sort) || sort.length !== 2) throw badRequest('errors.badQuery');
    const [field, order]: unknown[] = sort;
    if (typeof field !== 'string' || !isSortField(sortable, field) || (order !== 'ASC' && order !== 'DESC')) {
      throw badRequest('errors.badQuery');
    }
    result.sort = { field, order };
    result.paged = true;
  }
  if (query.range !== undefined) {
    const range = parseJson(query.range);
    if (
      !Array.isArray(range) ||
      range.length !== 2 ||
      !range.every((n) => Number.isInteger(n) && n >= 0) ||
      range[1] < range[0] ||
      range[1] - range[0] > 1000
    ) {
      throw badRequest('errors.badQuery');
    }
    result.range = { start: range[0], end: range[1] };
    result.paged = true;
  }
  if (query.filter !== undefined) {
    const filter = parseJson(query.filter);
    if (filter === null || typeof filter !== 'object' || Array.isArray(filter)) throw badRequest('errors.badQuery');
    result.filter = searchableFilter(filter as Record<string, unknown>);
    result.paged = true;
  }
  return result;
}

/** The page of an in-memory list and its Content-Range header value. */
export function pageOf<T>(resource: string, items: T[], q: ListQuery): { page: T[]; contentRange: string } {
  const total = items.length;
  const start = q.range?.start ?? 0;
  const end = q.range ? Math.min(q.range.end, total - 1) : total - 1;
  const page = start < total ? items.slice(start, end + 1) : [];
  return { page, contentRange: contentRange(resource, start, start + page.length - 1, total) };
}

export function contentRange(resource: string, start: number, end: number, total: number): string {
  return total === 0 || end < start ? `${resource} */${total}` : `${resource} ${start}-${end}/${total}`;
}

export function filterText(filter: Record<string, unknown>, key: string): string | null {
  const v = filter[key];
  if (v === undefined || v === null || v === '') return null;
  if (typeof v !== 'string') throw badRequest('errors.badQuery');
  return v;
}

/** A yes/no filter (react-admin sends true or false; a list link may send the text): null when not given. */
export function filterFlag(filter: Record<string, unknown>, key: string): boolean | null {
  const v = filter[key];
  if (v === undefined || v === null || v === '') return null;
  if (v === true || v === 'true') return true;
  if (v === false || v === 'false') return false;
  throw badRequest('errors.badQuery');
}

export function filterIds(filter: Record<string, unknown>): string[] | null {
  const v = filter.id ?? filter.ids;
  if (v === undefined) return null;
  const list = Array.isArray(v) ? v : [v];
  if (!list.every((x) => typeof x === 'string')) throw badRequest('errors.badQuery');
  return list as string[];
}
