// A death notice (نعي) as the API answers it and the console and the public site read it. The rules that
// check a notice (src/domain/notices/noticeRules.ts) and the words that name its parts
// (src/domain/messages/notices.ts) are beside it; every door (API, console, pages, preview images) reads these.

/** Who a place of condolences receives: men, women, or both. */
export const CONDOLENCE_FOR = ['men', 'women', 'all'] as const;
export type CondolenceFor = (typeof CONDOLENCE_FOR)[number];
export const isCondolenceFor = (value: unknown): value is CondolenceFor =>
  (CONDOLENCE_FOR as readonly unknown[]).includes(value);

/** A place where the family receives condolences, for some days and, when given, some hours ("بعد المغرب"). */
export interface Condolence {
  place: string;
  for: CondolenceFor;
  /** YYYY-MM-DD, the register's calendar day. */
  from: string;
  /** YYYY-MM-DD, on or after `from`. */
  to: string;
  hours: string | null;
}

/** The grave a notice names, enough to link to its page and to say its section and number. */
export interface NoticeGrave {
  _id: string;
  number: number | string;
  gender: 'men' | 'women' | 'bones';
}

export interface Notice {
  /** `id` as the contract names it; `_id` the same value, as every record of the API carries. */
  id: string;
  _id: string;
  /** The deceased's name, as the register writes names (the burial name rule). */
  name: string;
  /** "والد فلان وشقيق فلان": free text, one line. */
  relations: string | null;
  /** The funeral prayer, in the register's local time: YYYY-MM-DDTHH:mm. */
  prayerAt: string;
  /** The same moment as an instant (ISO 8601, UTC), for a calendar file and for sorting across zones. */
  prayerInstant: string;
  /** The register's time zone (IANA), the zone of `prayerAt` and of every day of the notice. */
  timeZone: string;
  mosque: string;
  /** "عقب صلاة العصر": the words after which prayer, as the committee writes them, or null. */
  afterPrayer: string | null;
  graveId: string | null;
  burialId: string | null;
  grave: NoticeGrave | null;
  condolences: Condolence[];
  /** YYYY-MM-DD: the last day the notice shows on the home page (its own page stays). */
  endsAt: string;
  hidden: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Days after the prayer's day a notice stays on the home page unless the committee says otherwise. */
export const NOTICE_DAYS_ON_HOME = 3;

/** How far back `/notices` (and `GET /api/notices?recent=N`) reaches by default: the last month. */
export const NOTICE_RECENT_DAYS = 30;
