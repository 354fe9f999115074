// DATE_CALENDAR_FIRST: which calendar a burial date names first. A bad value stops start-up with a
// one-line reason; the order itself is the domain's formatBurialDate, checked here on both settings.
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/start/config';
import { formatBurialDate, getCalendarFirst, setCalendarFirst } from '../../src/domain/dates/dateText';

describe('DATE_CALENDAR_FIRST', () => {
  it('is Gregorian unless set; reads gregorian and hijri', () => {
    expect(loadConfig({}).calendarFirst).toBe('gregorian');
    expect(loadConfig({ DATE_CALENDAR_FIRST: 'hijri' }).calendarFirst).toBe('hijri');
    expect(loadConfig({ DATE_CALENDAR_FIRST: ' gregorian ' }).calendarFirst).toBe('gregorian');
    expect(loadConfig({ DATE_CALENDAR_FIRST: '' }).calendarFirst).toBe('gregorian');
  });

  it.each(['Hijri', 'islamic', 'umalqura', 'هجري'])('refuses %j at start-up with a one-line reason', (value) => {
    let error: unknown;
    try {
      loadConfig({ DATE_CALENDAR_FIRST: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toBe(`DATE_CALENDAR_FIRST: "${value}" is not gregorian or hijri (the calendar a date names first)`);
    expect(message).not.toContain('\n');
  });
});

describe('formatBurialDate with either calendar first', () => {
  afterEach(() => setCalendarFirst('gregorian'));

  it('names the Hijri date first when so set, the Gregorian one otherwise', () => {
    expect(getCalendarFirst()).toBe('gregorian');
    expect(formatBurialDate('2024-03-15')).toBe('١٥ مارس ٢٠٢٤م الموافق ٥ رمضان ١٤٤٥ هـ');
    setCalendarFirst('hijri');
    expect(formatBurialDate('2024-03-15')).toBe('٥ رمضان ١٤٤٥ هـ الموافق ١٥ مارس ٢٠٢٤م');
    // A year alone stays a year alone.
    expect(formatBurialDate('1998-12-31', 'year')).toBe('١٩٩٨');
    // Anything else (an absent attribute, a typo in a page) is the default.
    setCalendarFirst(undefined);
    expect(getCalendarFirst()).toBe('gregorian');
    setCalendarFirst('Hijri');
    expect(formatBurialDate('2024-03-15')).toBe('١٥ مارس ٢٠٢٤م الموافق ٥ رمضان ١٤٤٥ هـ');
  });
});
