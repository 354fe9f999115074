// What the notice form starts with, so that a notice is published from a phone in under a minute: the five prayers
// as chips that write «عقب صلاة …» and a time, each prayer's time remembered from the last notice that named it, the
// mosques of earlier notices as suggestions, and the day and prayer of the next funeral prayer.
import { t } from '../../../domain/messages';
import type { Notice } from '../../../domain/notices/notice';
import { toArabicDigits } from '../../../domain/text/format';
import { addDays } from '../../components/calendarDates';

export const PRAYERS = ['fajr', 'dhuhr', 'asr', 'maghrib', 'isha'] as const;
export type Prayer = (typeof PRAYERS)[number];

const PRAYER_WORD: Record<Prayer, string> = {
  fajr: t('noticesConsole.prayer.fajr'),
  dhuhr: t('noticesConsole.prayer.dhuhr'),
  asr: t('noticesConsole.prayer.asr'),
  maghrib: t('noticesConsole.prayer.maghrib'),
  isha: t('noticesConsole.prayer.isha'),
};

/**
 * A prayer's time when no earlier notice named it: about the congregation's time in an Egyptian village over the year
 * (the funeral prayer follows it); the clerk corrects it in the time field, and the next notice remembers that.
 */
export const DEFAULT_PRAYER_TIME: Record<Prayer, string> = {
  fajr: '05:00',
  dhuhr: '12:30',
  asr: '15:30',
  maghrib: '17:30',
  isha: '19:00',
};

/** The chip's word: «العصر». */
export const prayerWord = (prayer: Prayer): string => PRAYER_WORD[prayer];

/** The words the chip writes: «عقب صلاة العصر». */
export const afterPrayerWords = (prayer: Prayer): string =>
  t('noticesConsole.afterPrayer', { prayer: PRAYER_WORD[prayer] });

/** The prayer whose words the text is (the chip shown chosen), or null for words of the clerk's own. */
export function prayerOfWords(words: unknown): Prayer | null {
  if (typeof words !== 'string') return null;
  const trimmed = words.trim();
  return PRAYERS.find((prayer) => afterPrayerWords(prayer) === trimmed) ?? null;
}

/** What earlier notices teach the form: each prayer's last time, and the mosques, most recent first. */
export interface Remembered {
  times: Partial<Record<Prayer, string>>;
  mosques: string[];
}

/** From notices newest first (by prayer): the first time met for each prayer, every mosque once. */
export function rememberFrom(notices: ReadonlyArray<Pick<Notice, 'prayerAt' | 'afterPrayer' | 'mosque'>>): Remembered {
  const times: Partial<Record<Prayer, string>> = {};
  const mosques: string[] = [];
  for (const notice of notices) {
    const prayer = prayerOfWords(notice.afterPrayer);
    if (prayer && !times[prayer]) times[prayer] = notice.prayerAt.slice(11, 16);
    const mosque = notice.mosque.trim();
    if (mosque && !mosques.includes(mosque)) mosques.push(mosque);
  }
  return { times, mosques };
}

export const prayerTime = (prayer: Prayer, remembered: Remembered): string =>
  remembered.times[prayer] ?? DEFAULT_PRAYER_TIME[prayer];

/** The register's day (YYYY-MM-DD) and time of day (HH:mm) at `now`. */
export function localNow(timeZone: string, now: Date = new Date()): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` };
}

/**
 * The next funeral prayer: today's first prayer whose time has not come yet; after the evening's last one, tomorrow
 * after the noon prayer (when most funerals are prayed).
 */
export function nextPrayer(
  remembered: Remembered,
  timeZone: string,
  now: Date = new Date(),
): { day: string; prayer: Prayer; time: string } {
  const here = localNow(timeZone, now);
  for (const prayer of PRAYERS) {
    const time = prayerTime(prayer, remembered);
    if (time > here.time) return { day: here.day, prayer, time };
  }
  return { day: addDays(here.day, 1), prayer: 'dhuhr', time: prayerTime('dhuhr', remembered) };
}

/** A time typed in either digits («١٥:٣٠», «3.30», «1530») as HH:mm, or null when it is not one. */
export function readTime(typed: string): string | null {
  const western = typed
    .trim()
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  const match = /^(\d{1,2})\s*[:.,٫،]\s*(\d{2})$/.exec(western) ?? /^(\d{2})(\d{2})$/.exec(western);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** HH:mm as the field shows it: ١٥:٣٠. */
export const timeFieldText = (time: string): string => toArabicDigits(time);

const clock = new Intl.DateTimeFormat('ar-EG', { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });

/** HH:mm as a sentence says it: ٣:٣٠ م. */
export function spokenTime(time: string): string {
  const [hour, minute] = time.split(':').map(Number);
  if (hour === undefined || minute === undefined || Number.isNaN(hour) || Number.isNaN(minute)) return time;
  return clock.format(Date.UTC(2000, 0, 1, hour, minute));
}
