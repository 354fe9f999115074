// The table of rows on the domain's one rule: the name's rule, the burial-date reader and the history
// rule, as every door applies them (the server's run of the same table: tests/server/oneRuleEveryDoor.test.ts).
import { describe, expect, it } from 'vitest';
import { parseBurialDate } from '../../src/domain/dates/burialDate';
import { checkBurialInHistory, type HistoryGrave } from '../../src/domain/rules/burialHistory';
import { checkBurialName } from '../../src/domain/rules/validation';
import { DOOR_ROWS, GRAVE_HISTORY, RESTING_DAYS, TODAY, type DoorRow, type Outcome } from './oneRuleEveryDoorRows';

function outcomeOf(row: DoorRow): Outcome {
  const name = checkBurialName(row.name);
  if (!name.ok) return { ok: false, error: name.error };
  const date = parseBurialDate(row.date, TODAY);
  if (!date.ok) return { ok: false, error: date.error };
  const grave: HistoryGrave = {
    gender: 'men',
    full: row.grave === 'full',
    burials: GRAVE_HISTORY[row.grave].map((b) => ({ ...b, precision: 'day' as const })),
  };
  const verdict = checkBurialInHistory(grave, date.value, TODAY, RESTING_DAYS);
  if (!verdict.ok) return { ok: false, error: verdict.reason.key };
  return {
    ok: true,
    date: date.value.date,
    precision: date.value.precision,
    ...(name.value !== row.name && { name: name.value }),
    ...(verdict.warnings[0] && { warning: verdict.warnings[0].key }),
  };
}

describe('one rule, whichever door (the domain)', () => {
  it.each(DOOR_ROWS.map((row) => [row.label, row] as const))('%s', (_label, row) => {
    expect(outcomeOf(row)).toEqual(row.outcome);
  });
});
