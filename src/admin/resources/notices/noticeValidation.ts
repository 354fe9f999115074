// The notice form checks what it would send with the API's own rule (src/domain/notices/noticeRules.ts), so the
// console refuses what the API refuses, in the same words, before anything is sent: a new notice whole (a prayer
// time already past refused), a change merged into the stored notice.
import type { Validator } from 'react-admin';
import { t } from '../../../domain/messages';
import { checkNewNotice, checkNoticeChange, type NoticeFields } from '../../../domain/notices/noticeRules';
import { noticeBody, type NoticeInput, type NoticeRecord } from '../../../dataProvider';

/** The form's field a refusal is shown under: the prayer's moment under its day. */
const FORM_FIELD: Record<string, string> = { prayerAt: 'prayerDay' };

const storedFields = (record: NoticeRecord): NoticeFields => ({
  name: record.name,
  relations: record.relations,
  prayerAt: record.prayerAt,
  mosque: record.mosque,
  afterPrayer: record.afterPrayer,
  graveId: record.graveId,
  burialId: record.burialId,
  condolences: record.condolences,
  endsAt: record.endsAt,
  hidden: record.hidden,
});

/**
 * The form's errors by the notice rule: none, or the one refusal under its field. A time not yet read as HH:mm is
 * the time field's own to say (the rule would only call the whole moment invalid).
 */
export function noticeFormErrors(
  values: Partial<NoticeInput>,
  options: { record?: NoticeRecord; timeZone: string; now?: Date },
): Record<string, string> {
  if (typeof values.prayerTime !== 'string' || !/^\d{2}:\d{2}$/.test(values.prayerTime)) return {};
  const checked = options.record
    ? checkNoticeChange(storedFields(options.record), noticeBody(values, options.record))
    : checkNewNotice(noticeBody(values), { now: options.now ?? new Date(), timeZone: options.timeZone });
  if (checked.ok) return {};
  const { field, error, params } = checked.refusal;
  return { [FORM_FIELD[field] ?? field]: t(error, params) };
}

/**
 * The rule as a field's validator: the refusal when it is about this field. (A form-level validate would replace
 * the fields' own validators: react-hook-form ignores them beside a resolver.)
 */
export const byNoticeRule =
  (field: string, options: { record?: NoticeRecord; timeZone: string }): Validator =>
  (_value, values: Partial<NoticeInput>) =>
    noticeFormErrors(values, options)[field];
