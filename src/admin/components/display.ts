// Small pieces of how the console shows things, shared by its pages (the corrections' queue and a
// grave's photos): text for screen readers only, a phone as a tel: address, a moment as its day in both calendars.
import { localDateTimeIn } from '../../domain/dates/zonedTime';
import { useRegisterSettings } from '../queries';
import { consoleBurialDate } from './calendarDates';

/** Read by a screen reader, not drawn (an sx object). */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  p: 0,
  m: '-1px',
} as const;

/** A phone number as a tel: address takes it: Latin digits and a leading +, nothing else. */
export function telHref(phone: string): string {
  const latin = phone.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660));
  return `tel:${latin.replace(/[^0-9+]/g, '')}`;
}

/** A moment (an ISO timestamp) as its day in the register's time zone, written in both calendars. */
export function useDayText(): (at: string) => string {
  const { timeZone } = useRegisterSettings();
  return (at) => {
    const instant = new Date(at);
    if (Number.isNaN(instant.getTime())) return at;
    return consoleBurialDate(localDateTimeIn(timeZone, instant).slice(0, 10));
  };
}
