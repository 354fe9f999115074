// The queries of the next grave, the statistics and a section's pages apply deriveStatus through
// availableSince; day by day around the boundary both say the same of every grave.
import { describe, expect, it } from 'vitest';
import { availableSince, deriveStatus } from '../../src/domain/rules/graveStatus';
import { GRAVE_STATUS, type Gender } from '../../src/domain/types';

const DAY_MS = 86_400_000;
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

describe('availableSince', () => {
  // A leap day, a year's turn, a month's end, and a resting period of 0, 1, a leap year's length and the default.
  const todays = ['2024-02-29', '2025-01-01', '2025-03-01', '2023-12-31'];
  const periods = [0, 1, 30, 365, 366, 730];

  it.each(['men', 'women', 'bones'] as Gender[])('agrees with deriveStatus around the boundary (%s)', (gender) => {
    for (const today of todays) {
      for (const period of periods) {
        const since = availableSince(gender, today, period);
        for (let offset = -3; offset <= 3; offset++) {
          for (const full of [false, true]) {
            const last = shift(today, -period + offset);
            const byQuery = !full && since !== null && last <= since;
            const derived = deriveStatus({ gender, full, lastBurialDate: last }, today, period).status;
            expect(byQuery, `${gender} ${today} ${period} ${last} ${full}`).toBe(derived === GRAVE_STATUS.available);
          }
        }
        // An empty grave: available unless full or an ossuary's.
        const empty = deriveStatus({ gender, full: false, lastBurialDate: null }, today, period).status;
        expect(since !== null, `${gender} empty`).toBe(empty === GRAVE_STATUS.available);
      }
    }
  });

  it('is the day the resting period ends before today', () => {
    expect(availableSince('men', '2025-03-01', 365)).toBe('2024-03-01');
    expect(availableSince('women', '2024-03-01', 1)).toBe('2024-02-29');
    expect(availableSince('bones', '2024-03-01', 1)).toBeNull();
  });
});
