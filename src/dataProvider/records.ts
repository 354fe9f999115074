// The records react-admin holds: the API's own (src/domain/types), each with an `id` equal to its `_id`.
import type { RaRecord } from 'ra-core';
import type { Account, ArticleSummary, BuriedPerson, Grave, Suggestion } from '../domain/types';

export type WithId<T extends { _id: string }> = T & { id: string };
export type BuriedPersonRecord = WithId<BuriedPerson>;
export type GraveRecord = WithId<Omit<Grave, 'buriedPersons'>> & { buriedPersons: BuriedPersonRecord[] };
export type SuggestionRecord = WithId<Suggestion>;
export type ArticleRecord = WithId<ArticleSummary> & { content?: string };
export type AccountRecord = WithId<Account>;

export interface BurialInput {
  name: string;
  /** YYYY-MM-DD */
  burialDate: string;
}

/** A write's answer carries the server's message for the notification; it is not part of the record kept. */
export function withoutMessage(record: RaRecord): RaRecord {
  const { message: _message, ...rest } = record;
  return { ...rest, id: record.id };
}
