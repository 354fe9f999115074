// How a notice's funeral prayer reads on the public pages: «الأربعاء ٢٥ نوفمبر ٢٠٢٦م الموافق …
// الساعة ٣:٣٠ مساءً». Small and free of date libraries: the home page's strip downloads it with the first screen.
import { formatBurialDate } from '../dates/dateText';
import { fill } from '../messages/fill';
import { noticesPublicText as text } from '../messages/noticesPublic';
import { toArabicDigits } from '../text/format';

/** The clock time of a local 'YYYY-MM-DDTHH:mm' on the 12-hour clock the village reads: «٣:٣٠ مساءً». */
export function prayerTimeText(prayerAt: string): string {
  const hour = Number(prayerAt.slice(11, 13));
  const minutes = prayerAt.slice(14, 16);
  const part =
    hour < 12 ? text['noticesPublic.morning'] : hour < 15 ? text['noticesPublic.noon'] : text['noticesPublic.evening'];
  return `${toArabicDigits(`${hour % 12 || 12}:${minutes}`)} ${part}`;
}

/** The prayer's day, Gregorian with the Hijri beside it as everywhere, and its time. */
export const prayerWhenText = (prayerAt: string): string =>
  fill(text['noticesPublic.when'], { day: formatBurialDate(prayerAt.slice(0, 10)), time: prayerTimeText(prayerAt) });

/** «صلاة الجنازة {when}، في {mosque}»: the strip's and the list's line, and the shared text's. */
export const prayerLineText = (notice: { prayerAt: string; mosque: string }): string =>
  fill(text['noticesPublic.prayerLine'], { when: prayerWhenText(notice.prayerAt), mosque: notice.mosque });
