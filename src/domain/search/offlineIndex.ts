// The register as a phone keeps it for the graveside, where there is often no signal (target 5): every
// grave's number, section and status and every buried person's name and burial date, in one compact answer
// (GET /api/search/index) that the service worker keeps, draws the section pages from and searches with the
// register's one name matcher when the network is gone.
//
// Why columns of short text rather than a list of graves: 30,000 burials as the section answers spell them are
// about 2 MB of JSON and 370 KB compressed. Here a name is written as the numbers of its words in a dictionary
// (the most frequent words first, so most take one character), and a burial date as the days since the grave's
// newer burial; compression then has little left to find: about 215 KB (brotli) and 240 KB (gzip) for the
// 30,000 burials of the benchmark's town, most of it the graves' identifiers.
import { matchGraveByNumber, NameIndex, prepareQuery } from './names';
import type { PartialPrecision } from '../dates/datePrecision';
import {
  GRAVE_STATUS,
  type BuriedPerson,
  type Gender,
  type Grave,
  type GraveCardData,
  type GraveCardPage,
  type GraveStatus,
  type SearchMatch,
} from '../types';

// A partial burial date is written as its day with one mark after it (none for a whole day); `~` was the only mark
// of the first version (a year alone), so an index kept by an older page still reads.
const PRECISION_MARK: Record<PartialPrecision, string> = { year: '~', month: '!', hijriMonth: '*', hijriYear: '_' };
const PRECISION_OF_MARK = new Map<string, PartialPrecision>(
  Object.entries(PRECISION_MARK).map(([precision, mark]) => [mark, precision as PartialPrecision]),
);

export interface OfflineIndex {
  /** The format; a client that does not know it ignores the answer. */
  v: 1;
  /** When the server read the register for this answer (ISO time): the "last updated" line of the offline site. */
  updatedAt: string;
  /** The distinct words of the names, the most frequent first; a name is the base-36 numbers of its words. */
  words: string[];
  /** Per grave, in the order of the section pages (section, then number). */
  ids: string[];
  numbers: Array<number | string>;
  /** One letter per grave: its section (see GENDER_LETTER). */
  genders: string;
  /** One letter per grave: its status as of updatedAt (see STATUS_LETTER). */
  statuses: string;
  /** Per grave: days until available as of updatedAt, null when full or an ossuary. */
  days: Array<number | null>;
  /** Per grave, ';' between graves; per person, newest first, ',' between persons; word numbers ' ' between. */
  names: string;
  /**
   * Same shape as names: each person's burial day, the first of a grave as base-36 days since 1970-01-01, each
   * next one as the days before the previous one; a trailing '~' when the ledger gives the year alone.
   */
  dates: string;
}

const GENDER_LETTER: Record<Gender, string> = { men: 'm', women: 'w', bones: 'b' };
const STATUS_LETTER: Record<GraveStatus, string> = {
  [GRAVE_STATUS.available]: 'a',
  [GRAVE_STATUS.unavailable]: 'u',
  [GRAVE_STATUS.full]: 'f',
};
const invert = <V extends string>(table: Record<V, string>) =>
  Object.fromEntries(Object.entries(table).map(([value, letter]) => [letter, value])) as Record<string, V>;
const GENDER_OF = invert(GENDER_LETTER);
const STATUS_OF = invert(STATUS_LETTER);

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Marks in the encoder's stream of word numbers: the end of a person's name, the end of a grave's people. */
const END_OF_PERSON = -1;
const END_OF_GRAVE = -2;

/**
 * The index built a page of graves at a time (server/data/offlineIndex.ts reads a city's register so, without ever
 * holding it as objects), finished into the same answer as encodeOfflineIndex gives for all the graves at once.
 * The dictionary is numbered by frequency, which only the last page settles: until then each name is kept as the
 * numbers its words got when first seen, in one growing Int32Array (about 7 MB for 300,000 burials), and renumbered
 * once at the end. One pass over the register rather than two: a second reading would cost as much as the first.
 */
export class OfflineIndexEncoder {
  private readonly wordNumber = new Map<string, number>();
  private readonly wordsSeen: string[] = [];
  private readonly counts: number[] = [];
  private stream = new Int32Array(1 << 16);
  private length = 0;
  private readonly ids: string[] = [];
  private readonly numbers: Array<number | string> = [];
  private readonly genders: string[] = [];
  private readonly statuses: string[] = [];
  private readonly days: Array<number | null> = [];
  private readonly dates: string[] = [];

  private put(value: number): void {
    if (this.length === this.stream.length) {
      const larger = new Int32Array(this.stream.length * 2);
      larger.set(this.stream);
      this.stream = larger;
    }
    this.stream[this.length++] = value;
  }

  /** The next graves in the index's order, each with its burials newest first. */
  add(graves: Iterable<Grave>): void {
    for (const grave of graves) {
      for (const person of grave.buriedPersons) {
        for (const word of person.name.split(' ')) {
          let n = this.wordNumber.get(word);
          if (n === undefined) {
            n = this.wordsSeen.push(word) - 1;
            this.wordNumber.set(word, n);
            this.counts.push(0);
          }
          this.counts[n]!++;
          this.put(n);
        }
        this.put(END_OF_PERSON);
      }
      this.put(END_OF_GRAVE);
      let previous: number | null = null;
      this.dates.push(
        grave.buriedPersons
          .map((p) => {
            const day = dayNumber(p.burialDate);
            const text = (previous === null ? day : previous - day).toString(36);
            previous = day;
            return `${text}${p.datePrecision ? PRECISION_MARK[p.datePrecision] : ''}`;
          })
          .join(','),
      );
      this.ids.push(grave._id);
      this.numbers.push(grave.number);
      this.genders.push(GENDER_LETTER[grave.gender]);
      this.statuses.push(STATUS_LETTER[grave.status]);
      this.days.push(grave.daysUntilAvailable);
    }
  }

  /** The index of every grave added, read at `updatedAt`. */
  finish(updatedAt: Date): OfflineIndex {
    const { wordsSeen, counts } = this;
    const order = wordsSeen.map((_, n) => n);
    order.sort((a, b) => {
      const x = wordsSeen[a]!;
      const y = wordsSeen[b]!;
      return counts[b]! - counts[a]! || (x < y ? -1 : x > y ? 1 : 0);
    });
    const code: string[] = new Array<string>(order.length);
    order.forEach((n, rank) => (code[n] = rank.toString(36)));
    const names: string[] = [];
    let persons: string[] = [];
    let person: string[] = [];
    for (let i = 0; i < this.length; i++) {
      const value = this.stream[i]!;
      if (value >= 0) person.push(code[value]!);
      else if (value === END_OF_PERSON) {
        persons.push(person.join(' '));
        person = [];
      } else {
        names.push(persons.join(','));
        persons = [];
      }
    }
    return {
      v: 1,
      updatedAt: updatedAt.toISOString(),
      words: order.map((n) => wordsSeen[n]!),
      ids: this.ids,
      numbers: this.numbers,
      genders: this.genders.join(''),
      statuses: this.statuses.join(''),
      days: this.days,
      names: names.join(';'),
      dates: this.dates.join(';'),
    };
  }
}

/** The compact form of these graves (each with its burials newest first), read at `updatedAt`. */
export function encodeOfflineIndex(graves: ReadonlyArray<Grave>, updatedAt: Date): OfflineIndex {
  const encoder = new OfflineIndexEncoder();
  encoder.add(graves);
  return encoder.finish(updatedAt);
}

/** Whether a value read back from storage is an index of this format. */
export function isOfflineIndex(value: unknown): value is OfflineIndex {
  const v = value as Partial<OfflineIndex> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    v.v === 1 &&
    Array.isArray(v.ids) &&
    Array.isArray(v.words) &&
    typeof v.names === 'string' &&
    typeof v.dates === 'string'
  );
}

/**
 * The graves again, as the section answers give them (without what the index leaves out: moves, notes, warnings).
 * A person's _id is made up (grave id and place), unique within the answer.
 */
export function decodeOfflineIndex(index: OfflineIndex): Grave[] {
  const names = index.names.split(';');
  const dates = index.dates.split(';');
  return index.ids.map((id, g) => {
    const personWords = names[g] ? names[g]!.split(',') : [];
    const personDates = dates[g] ? dates[g]!.split(',') : [];
    let previous = 0;
    const buriedPersons = personWords.map((encoded, i): BuriedPerson => {
      const name = encoded
        .split(' ')
        .map((n) => index.words[parseInt(n, 36)] ?? '')
        .join(' ');
      const dateText = personDates[i] ?? '0';
      const datePrecision = PRECISION_OF_MARK.get(dateText.slice(-1));
      const value = parseInt(datePrecision ? dateText.slice(0, -1) : dateText, 36);
      const day = i === 0 ? value : previous - value;
      previous = day;
      return {
        _id: `${id}:${i}`,
        name,
        burialDate: dateOfDay(day),
        ...(datePrecision && { datePrecision }),
      };
    });
    return {
      _id: id,
      number: index.numbers[g]!,
      gender: GENDER_OF[index.genders[g] ?? 'm']!,
      status: STATUS_OF[index.statuses[g] ?? 'u']!,
      daysUntilAvailable: index.days[g] ?? null,
      buriedPersons,
    };
  });
}

type Person = { grave: Grave; person: BuriedPerson };

/** Every buried person of these graves by name, ties broken by the newest burial first (as the server's index). */
function peopleIndex(graves: ReadonlyArray<Grave>): NameIndex<Person> {
  const newerFirst = (a: Person, b: Person) =>
    a.person.burialDate === b.person.burialDate ? 0 : a.person.burialDate > b.person.burialDate ? -1 : 1;
  const index = new NameIndex<Person>(newerFirst, ({ grave, person }) => ({
    gender: grave.gender,
    date: person.burialDate,
  }));
  for (const grave of graves)
    for (const person of grave.buriedPersons) index.add(person.name, grave.number, { grave, person });
  return index;
}

/** The most answers the server's search gives (server/routes/search.ts). */
const SEARCH_LIMIT = 50;

/**
 * The site-wide name search over these graves, as GET /api/search answers it: the same matcher, the same order
 * (best first, then the most recent burial), the same limit.
 */
export function offlineSearch(graves: ReadonlyArray<Grave>): (text: string) => SearchMatch[] {
  const index = peopleIndex(graves);
  return (text) => {
    const query = prepareQuery(text);
    if (query === null) return [];
    return index.search(query, SEARCH_LIMIT).map(({ item: { grave, person }, match }) => ({
      grave: { _id: grave._id, number: grave.number, gender: grave.gender, status: grave.status },
      person,
      match: match.match,
      words: match.words,
    }));
  };
}

/** The graves of one section, in the index's order (the section answer's). */
export const sectionOf = (graves: ReadonlyArray<Grave>, gender: Gender): Grave[] =>
  graves.filter((g) => g.gender === gender);

/** What a section's card request asks for (GET /graves/cards/{section}?q=&offset=&limit=). */
export interface CardsAsked {
  q: string;
  offset: number;
  limit: number;
}

/**
 * A section's cards as GET /graves/cards/{section} answers them, from the kept index: the section in number order,
 * or the graves whose people (or number) match a search, best first as the server ranks them. The pages of a large
 * section are then scrolled and searched at the graveside as online, with the statuses of the last visit.
 */
export function offlineSectionCards(
  graves: ReadonlyArray<Grave>,
): (gender: Gender, asked: CardsAsked) => GraveCardPage {
  const index = peopleIndex(graves);
  const card = ({ _id, number, gender, status, daysUntilAvailable }: Grave): GraveCardData => ({
    _id,
    number,
    gender,
    status,
    daysUntilAvailable,
  });
  return (gender, { q, offset, limit }) => {
    const section = sectionOf(graves, gender);
    const query = prepareQuery(q);
    let found: Grave[];
    if (query === null) found = section;
    else if (query.words.length === 0)
      // Numbers only (or a year): every grave whose number fits, empty ones too, or with a burial of that year.
      found = section
        .map((grave, at) => ({
          grave,
          at,
          match: matchGraveByNumber(query, grave.number, {
            gender,
            dates: grave.buriedPersons.map((p) => p.burialDate),
          }),
        }))
        .filter((hit) => hit.match !== null)
        .sort((a, b) => b.match!.score - a.match!.score || a.at - b.at)
        .map((hit) => hit.grave);
    else {
      const seen = new Set<string>();
      found = [];
      for (const { item } of index.search(query)) {
        if (item.grave.gender !== gender || seen.has(item.grave._id)) continue;
        seen.add(item.grave._id);
        found.push(item.grave);
      }
    }
    return { total: found.length, offset, cards: found.slice(offset, offset + limit).map(card) };
  };
}
