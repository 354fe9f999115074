// A wall-clock time in the register's time zone ("2026-11-25T15:30" in Africa/Cairo) and the instant it
// names. Intl only (no zone database of our own): the offset of the zone at that moment is read from Intl and the
// instant corrected until it names the same wall-clock time, so a summer-time change is taken into account.

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** Whether `text` is exactly YYYY-MM-DDTHH:mm and names a real day and a real time of day. */
export function isLocalDateTime(text: string): boolean {
  const m = LOCAL_TIME.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = partFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    partFormats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time (YYYY-MM-DDTHH:mm) an instant shows in a zone. */
export function localDateTimeIn(timeZone: string, at: Date): string {
  const parts = Object.fromEntries(
    formatIn(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** Minutes the zone is ahead of UTC at an instant (Cairo in winter: 120). */
function offsetMinutes(timeZone: string, at: number): number {
  const shown = localDateTimeIn(timeZone, new Date(at));
  return (Date.parse(`${shown}:00Z`) - Math.floor(at / 60_000) * 60_000) / 60_000;
}

/**
 * The instant a wall-clock time names in a zone. A time that does not exist (skipped when the clocks go forward) is
 * read with the offset from before the change, i.e. as the moment that much after the change; a time that happens
 * twice (when the clocks go back) is the first of the two. Throws on a text that is not YYYY-MM-DDTHH:mm.
 */
export function zonedInstant(local: string, timeZone: string): Date {
  if (!isLocalDateTime(local)) throw new RangeError(`not a local date-time: ${local}`);
  const asUtc = Date.parse(`${local}:00Z`);
  // Two offsets near the moment: the one before and the one after any change within a day of it.
  const before = offsetMinutes(timeZone, asUtc - 86_400_000);
  const after = offsetMinutes(timeZone, asUtc + 86_400_000);
  const candidates = [...new Set([before, after])]
    .map((offset) => asUtc - offset * 60_000)
    .filter((at) => localDateTimeIn(timeZone, new Date(at)) === local)
    .sort((a, b) => a - b);
  if (candidates.length > 0) return new Date(candidates[0]!);
  // Skipped by the clocks: read with the offset in force before the change.
  return new Date(asUtc - before * 60_000);
}

/** The calendar day (YYYY-MM-DD) of a local date-time. */
export const dayOf = (local: string): string => local.slice(0, 10);

/** A calendar day `days` after `day` (both YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
