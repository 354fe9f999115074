// The console's notice form: what it starts with (the next prayer, each prayer's remembered time, the
// mosques of earlier notices), how it reads a typed time, and the body it sends the API.
import { describe, expect, it } from 'vitest';
import {
  afterPrayerWords,
  DEFAULT_PRAYER_TIME,
  nextPrayer,
  prayerOfWords,
  readTime,
  rememberFrom,
  spokenTime,
  timeFieldText,
} from '../../src/admin/resources/notices/prayerDefaults';
import { newCondolence } from '../../src/admin/resources/notices/CondolencesInput';
import { noticeBody, toNoticeRecord } from '../../src/dataProvider/notices';
import type { Notice } from '../../src/domain/notices/notice';

const CAIRO = 'Africa/Cairo';
const asr = afterPrayerWords('asr');

const notice = (over: Partial<Notice>): Notice => ({
  id: 'n1',
  _id: 'n1',
  name: 'محمود سعيد',
  relations: null,
  prayerAt: '2026-11-20T15:10',
  prayerInstant: '2026-11-20T13:10:00.000Z',
  timeZone: CAIRO,
  mosque: 'المسجد الكبير',
  afterPrayer: asr,
  graveId: null,
  burialId: null,
  grave: null,
  condolences: [],
  endsAt: '2026-11-23',
  hidden: false,
  createdAt: '2026-11-19T10:00:00.000Z',
  updatedAt: '2026-11-19T10:00:00.000Z',
  ...over,
});

describe('the form’s defaults', () => {
  it('remembers each prayer’s last time and every mosque once, newest first', () => {
    const remembered = rememberFrom([
      notice({ prayerAt: '2026-11-20T15:10', afterPrayer: asr, mosque: 'المسجد الكبير' }),
      notice({ prayerAt: '2026-11-18T15:40', afterPrayer: asr, mosque: 'مسجد النور' }),
      notice({ prayerAt: '2026-11-17T12:05', afterPrayer: afterPrayerWords('dhuhr'), mosque: ' المسجد الكبير ' }),
      notice({ prayerAt: '2026-11-16T20:00', afterPrayer: 'بعد صلاة التراويح', mosque: 'مسجد الرحمة' }),
    ]);
    expect(remembered.times).toEqual({ asr: '15:10', dhuhr: '12:05' });
    expect(remembered.mosques).toEqual(['المسجد الكبير', 'مسجد النور', 'مسجد الرحمة']);
    expect(prayerOfWords(` ${asr} `)).toBe('asr');
    expect(prayerOfWords('بعد صلاة التراويح')).toBeNull();
  });

  it('starts with today’s next prayer, and after the evening’s last one with tomorrow’s noon prayer', () => {
    const none = { times: {}, mosques: [] };
    // 10:00 in Cairo (08:00 UTC in November): the noon prayer today.
    expect(nextPrayer(none, CAIRO, new Date('2026-11-25T08:00:00Z'))).toEqual({
      day: '2026-11-25',
      prayer: 'dhuhr',
      time: DEFAULT_PRAYER_TIME.dhuhr,
    });
    // 16:00 in Cairo, a remembered Asr at 15:10 is past: the sunset prayer.
    expect(nextPrayer({ times: { asr: '15:10' }, mosques: [] }, CAIRO, new Date('2026-11-25T14:00:00Z')).prayer).toBe(
      'maghrib',
    );
    // 22:30 in Cairo: tomorrow after the noon prayer.
    expect(nextPrayer(none, CAIRO, new Date('2026-11-25T20:30:00Z'))).toEqual({
      day: '2026-11-26',
      prayer: 'dhuhr',
      time: DEFAULT_PRAYER_TIME.dhuhr,
    });
  });

  it('a new place of condolences runs from the prayer’s day to two days after, for men and women', () => {
    expect(newCondolence('2026-11-25')).toEqual({
      place: '',
      for: 'all',
      from: '2026-11-25',
      to: '2026-11-27',
      hours: '',
    });
    expect(newCondolence('')).toMatchObject({ from: '', to: '' });
  });
});

describe('the prayer’s time', () => {
  it('is read in either digits and shown in Arabic-Indic ones', () => {
    expect(readTime('١٥:٣٠')).toBe('15:30');
    expect(readTime('3:05')).toBe('03:05');
    expect(readTime('۱۲.۴۵')).toBe('12:45');
    expect(readTime('1530')).toBe('15:30');
    expect(readTime('25:00')).toBeNull();
    expect(readTime('بعد العصر')).toBeNull();
    expect(timeFieldText('15:30')).toBe('١٥:٣٠');
    expect(spokenTime('15:30')).toMatch(/^٣:٣٠\s*م$/);
  });
});

describe('the body sent to the API', () => {
  it('joins the prayer’s day and time, drops empty optional texts and sends only the contract’s fields', () => {
    expect(
      noticeBody({
        name: ' محمود سعيد ',
        relations: ' ',
        prayerDay: '2026-11-25',
        prayerTime: '15:30',
        mosque: 'المسجد الكبير',
        afterPrayer: asr,
        graveId: '',
        endsAt: '',
        hidden: false,
        condolences: [{ place: 'دار المناسبات', for: 'men', from: '2026-11-25', to: '2026-11-27', hours: '' }],
      }),
    ).toEqual({
      name: 'محمود سعيد',
      relations: null,
      prayerAt: '2026-11-25T15:30',
      mosque: 'المسجد الكبير',
      afterPrayer: asr,
      graveId: null,
      hidden: false,
      condolences: [{ place: 'دار المناسبات', for: 'men', from: '2026-11-25', to: '2026-11-27' }],
    });
  });

  it('an update sends only what changed', () => {
    const record = toNoticeRecord(notice({}));
    expect(record).toMatchObject({ prayerDay: '2026-11-20', prayerTime: '15:10', graveSection: null });
    expect(noticeBody({ ...record, hidden: true }, record)).toEqual({ hidden: true });
    expect(noticeBody({ ...record, prayerTime: '15:40' }, record)).toEqual({ prayerAt: '2026-11-20T15:40' });
  });
});
