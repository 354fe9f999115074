// What a page asks some of its queries for; part of their keys.
import type { BookCalendar, BookSection } from '../../domain/statistics/registerBook';
import type { Gender } from '../../domain/types';

/** The plate sheets' graves: some by id, or a section and a range, or nothing yet. */
export type PlateChoice =
  { kind: 'ids'; ids: string[] } | { kind: 'range'; gender: Gender; from: number; to: number } | { kind: 'none' };

/** A year's register book, of one section or all. */
export interface BookAsked {
  year: number;
  calendar: BookCalendar;
  section?: BookSection;
}
