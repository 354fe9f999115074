// The register's settings as the browser reads them (GET /api/settings): what a usable answer gives, and the
// fallback each field keeps when the answer cannot be used, so no console screen breaks on it.
import { describe, expect, it } from 'vitest';
import { FALLBACK_SETTINGS, readRegisterSettings } from '../../src/api/settings';
import { DEFAULT_RESTING_PERIOD_DAYS } from '../../src/domain/rules/graveStatus';
import { withIds } from '../../src/dataProvider/http';

describe('readRegisterSettings', () => {
  it("takes the server's time zone and resting period", () => {
    expect(readRegisterSettings({ timeZone: 'Asia/Riyadh', restingPeriodDays: 30 })).toEqual({
      timeZone: 'Asia/Riyadh',
      restingPeriodDays: 30,
    });
  });

  it('falls back field by field on what it cannot use', () => {
    expect(FALLBACK_SETTINGS).toEqual({ timeZone: 'Africa/Cairo', restingPeriodDays: DEFAULT_RESTING_PERIOD_DAYS });
    expect(readRegisterSettings(null)).toEqual(FALLBACK_SETTINGS);
    expect(readRegisterSettings('Asia/Riyadh')).toEqual(FALLBACK_SETTINGS);
    expect(readRegisterSettings({ timeZone: 'Mars/Olympus', restingPeriodDays: 30 })).toEqual({
      timeZone: FALLBACK_SETTINGS.timeZone,
      restingPeriodDays: 30,
    });
    for (const days of [-1, 1.5, '30', null]) {
      expect(readRegisterSettings({ timeZone: 'Asia/Riyadh', restingPeriodDays: days }).restingPeriodDays).toBe(
        DEFAULT_RESTING_PERIOD_DAYS,
      );
    }
  });
});

describe("the console's records", () => {
  it('every object of an answer with an _id gets the same id, nested ones too', () => {
    const answer = { message: 'تم', grave: { _id: 'g1', number: 3, buriedPersons: [{ _id: 'p1', name: 'أ' }] } };
    expect(withIds(answer)).toEqual({
      message: 'تم',
      grave: { _id: 'g1', id: 'g1', number: 3, buriedPersons: [{ _id: 'p1', id: 'p1', name: 'أ' }] },
    });
    expect(withIds([{ _id: 7 }, 'x', null])).toEqual([{ _id: 7, id: '7' }, 'x', null]);
  });
});
