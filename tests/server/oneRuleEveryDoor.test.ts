// One rule, whichever door. The table of rows (tests/domain/oneRuleEveryDoorRows.ts) through the real
// server on both engines, at every door a burial comes in by: the bury call (as an API client sends it), the grave
// page's form (the bury call as the console sends it: the date read by the console's field first), the correction
// call, the ledger's batch call and the spreadsheet import. Each row goes into a grave of its own, made in the
// row's state; the same answer is expected at every door, and what is stored (name, date, precision, warning) is
// read back. A family's correction applied by the staff is a door too (the row's name and date sent as a
// correction of a burial already in the grave, then applied).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formValueOf, readDateText } from '../../src/admin/components/calendarDates';
import type { ImportReport } from '../../src/domain/rules/registerImport';
import type { Grave } from '../../src/domain/types';
import { DOOR_ROWS, GRAVE_HISTORY, isMessageOf, TODAY, type DoorRow } from '../domain/oneRuleEveryDoorRows';
import { signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, type CallOptions } from './helpers';

// A burial recorded from a death notice is a door too (POST /notices/{id}/burial). So is a
// family's correction, sent (POST /burials/{id}/corrections) and applied (POST /corrections/{id}/apply).
type Door = 'bury' | 'console' | 'batch' | 'import' | 'notice' | 'correction';
const DOORS: readonly Door[] = ['bury', 'console', 'batch', 'import', 'notice', 'correction'];
/** Each door's graves: its own hundreds, so the rows of the doors never meet. */
const BASE: Record<Door, number> = {
  bury: 1000,
  console: 2000,
  batch: 3000,
  import: 4000,
  notice: 5000,
  correction: 6000,
};
/**
 * The correction door's graves hold one more burial, the one the family corrects: a name and a date no row uses,
 * long before every other burial, so that the grave seen without it (the correction rule judges a burial against
 * the others) is the row's grave exactly. Every row of the table applies to this door: a refusal by the name or date
 * rule comes when the correction is sent, one by the history rule when it is applied.
 */
const CORRECTED = { name: 'صاحب التصحيح', date: '1950-01-01' };

describe.each(ENGINES)('one rule at every door on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  const graveIds = new Map<number, string>();

  const api = <T = unknown>(method: string, path: string, options?: CallOptions) =>
    call<T>(s.api, method, path, { token: manager, ...options });

  /** A grave in the row's state: its history recorded from the ledger, and its full mark. */
  async function graveFor(number: number, row: DoorRow, door: Door): Promise<string> {
    const made = await api<{ _id: string }>('POST', '/graves', { body: { gender: 'men', number } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body._id;
    const history = door === 'correction' ? [CORRECTED, ...GRAVE_HISTORY[row.grave]] : GRAVE_HISTORY[row.grave];
    if (history.length > 0) {
      const rows = history.map((b) => ({
        gender: 'men',
        graveNumber: String(number),
        name: b.name,
        burialDate: b.date,
      }));
      const batch = await api<ImportReport>('POST', '/burials/batch?dryRun=false', { body: { rows } });
      expect(batch.body.burialsAdded).toBe(history.length);
    }
    if (row.grave === 'full') expect((await api('PUT', `/graves/full/${id}`)).status).toBe(200);
    graveIds.set(number, id);
    return id;
  }

  beforeAll(async () => {
    // One proxy trusted: each family's correction is sent from an address of its own, as through nginx, so the
    // table's rows stay within the per-address limit of sends.
    s = await startTestServer({
      seed: 'accounts',
      now: () => new Date(`${TODAY}T10:00:00Z`),
      databaseUrl,
      env: { TRUST_PROXY: '1' },
    });
    manager = await signIn(s, 'manager');
    for (const door of DOORS) {
      for (const [i, row] of DOOR_ROWS.entries()) await graveFor(BASE[door] + i, row, door);
    }
  }, 120_000);
  afterAll(async () => s?.close());

  /** What each door answered for each row: accepted with its warnings, or refused with its message. */
  type Answer = { ok: true; warnings: string[] } | { ok: false; message: string };

  async function throughDoor(door: Door): Promise<Answer[]> {
    if (door === 'bury' || door === 'console') {
      const answers: Answer[] = [];
      for (const [i, row] of DOOR_ROWS.entries()) {
        let burialDate = row.date;
        if (door === 'console') {
          // The grave page's field reads the text first and sends what it read; a text it cannot read is sent as
          // typed (the form shows the field's reason; the server gives the same one).
          const reading = readDateText(row.date, { partial: true });
          if (reading.ok) burialDate = formValueOf(reading);
        }
        const id = graveIds.get(BASE[door] + i)!;
        const res = await api<{ message: string; warnings: string[] }>('POST', `/graves/${id}/bury`, {
          body: { name: row.name, burialDate },
        });
        answers.push(
          res.status === 201 ? { ok: true, warnings: res.body.warnings } : { ok: false, message: res.body.message },
        );
      }
      return answers;
    }
    if (door === 'notice') {
      // A notice published for the grave (its prayer still to come), then its burial recorded with the row's name
      // and date: the bury rule is the same function behind both calls.
      const answers: Answer[] = [];
      for (const [i, row] of DOOR_ROWS.entries()) {
        const graveId = graveIds.get(BASE.notice + i)!;
        const notice = await api<{ id: string }>('POST', '/notices', {
          body: { name: 'صاحب النعي', prayerAt: `${TODAY}T23:00`, mosque: 'المسجد الكبير', graveId },
        });
        expect(notice.status, JSON.stringify(notice.body)).toBe(201);
        const res = await api<{ message: string; warnings: string[] }>('POST', `/notices/${notice.body.id}/burial`, {
          body: { name: row.name, burialDate: row.date },
        });
        answers.push(
          res.status === 201 ? { ok: true, warnings: res.body.warnings } : { ok: false, message: res.body.message },
        );
      }
      return answers;
    }
    if (door === 'correction') {
      // The family sends the row's name and date as a correction of the burial already there; the staff apply it.
      const answers: Answer[] = [];
      for (const [i, row] of DOOR_ROWS.entries()) {
        const graveId = graveIds.get(BASE.correction + i)!;
        const grave = (await api<Grave>('GET', `/graves/${graveId}`)).body;
        const person = grave.buriedPersons.find((p) => p.name === CORRECTED.name)!;
        const sent = await call<{ id: string; message: string }>(s.api, 'POST', `/burials/${person._id}/corrections`, {
          body: { name: row.name, burialDate: row.date, senderName: 'ابن المتوفى', senderPhone: '01001234567' },
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        });
        if (sent.status !== 201) {
          answers.push({ ok: false, message: sent.body.message });
          continue;
        }
        const res = await api<{ message: string; warnings: string[] }>('POST', `/corrections/${sent.body.id}/apply`, {
          body: {},
        });
        answers.push(
          res.status === 200 ? { ok: true, warnings: res.body.warnings } : { ok: false, message: res.body.message },
        );
      }
      return answers;
    }
    let report: ImportReport;
    if (door === 'batch') {
      const rows = DOOR_ROWS.map((row, i) => ({
        gender: 'men',
        graveNumber: String(BASE.batch + i),
        name: row.name,
        burialDate: row.date,
      }));
      const res = await api<ImportReport>('POST', '/burials/batch?dryRun=false', { body: { rows } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      report = res.body;
    } else {
      const cell = (text: string) => `"${text.replace(/"/g, '""')}"`;
      const csv = [
        'النوع,رقم المقبرة,اسم المتوفى,تاريخ الدفن',
        ...DOOR_ROWS.map((row, i) => ['رجال', String(BASE.import + i), cell(row.name), cell(row.date)].join(',')),
      ].join('\n');
      const res = await fetch(`${s.api}/import/burials?dryRun=false`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv', authorization: `Bearer ${manager}` },
        body: csv,
      });
      report = (await res.json()) as ImportReport;
      expect(res.status, JSON.stringify(report)).toBe(201);
    }
    // The batch counts its rows from 1; a file from its header (line 1).
    const lineOf = (i: number) => (door === 'batch' ? i + 1 : i + 2);
    return DOOR_ROWS.map((_, i) => {
      const refusal = report.refused.find((r) => r.line === lineOf(i));
      if (refusal) return { ok: false, message: refusal.message };
      return { ok: true, warnings: report.warnings.filter((w) => w.line === lineOf(i)).map((w) => w.message) };
    });
  }

  it.each(DOORS)(
    'the %s door gives every row the answer of the table, and stores it as the table says',
    async (door) => {
      const answers = await throughDoor(door);
      for (const [i, row] of DOOR_ROWS.entries()) {
        const answer = answers[i]!;
        const what = `${door}: ${row.label} (${row.date})`;
        const grave = (await api<Grave>('GET', `/graves/${graveIds.get(BASE[door] + i)}`)).body;
        const added = grave.buriedPersons.filter((p) => !GRAVE_HISTORY[row.grave].some((b) => b.name === p.name));
        if (!row.outcome.ok) {
          expect(answer.ok, what).toBe(false);
          if (!answer.ok)
            expect(isMessageOf(answer.message, row.outcome.error), `${what}: ${answer.message}`).toBe(true);
          // A refused row changes nothing (at the correction door, the corrected burial stays as it was).
          expect(
            added.map((p) => ({ name: p.name, burialDate: p.burialDate })),
            what,
          ).toEqual(door === 'correction' ? [{ name: CORRECTED.name, burialDate: CORRECTED.date }] : []);
          continue;
        }
        expect(answer, what).toMatchObject({ ok: true });
        if (!answer.ok) continue;
        const warning = row.outcome.warning;
        expect(answer.warnings.length, `${what}: ${answer.warnings.join(' | ')}`).toBe(warning ? 1 : 0);
        if (warning) expect(isMessageOf(answer.warnings[0]!, warning), what).toBe(true);
        expect(added, what).toHaveLength(1);
        const person = added[0]!;
        expect(person.name, what).toBe(row.outcome.name ?? row.name);
        expect(person.burialDate, what).toBe(row.outcome.date);
        expect(person.datePrecision ?? 'day', what).toBe(row.outcome.precision);
        // The warning is stored with the burial: the staff's read of the grave's warnings has it.
        if (warning) {
          const stored = (await api<Array<{ _id: string; warning: string }>>('GET', `/graves/${grave._id}/warnings`))
            .body;
          const mine = stored.find((w) => w._id === person._id);
          expect(mine && isMessageOf(mine.warning, warning), what).toBe(true);
        }
      }
    },
  );

  it('the correction call reads the date by the same rule, keeps its precision and its warning', async () => {
    const id = graveIds.get(BASE.bury)!;
    const person = (await api<Grave>('GET', `/graves/${id}`)).body.buriedPersons[0]!;
    const month = await api<{ warnings: string[]; grave: Grave }>('PUT', `/graves/${id}/buried/${person._id}`, {
      body: { burialDate: 'رمضان ١٤٢٥ هـ', name: ' أحمد ـ  الأول ' },
    });
    expect(month.status, JSON.stringify(month.body)).toBe(200);
    const corrected = month.body.grave.buriedPersons.find((p) => p._id === person._id)!;
    expect(corrected).toMatchObject({ name: 'أحمد الأول', burialDate: '2004-11-13', datePrecision: 'hijriMonth' });
    const bad = await api<{ message: string }>('PUT', `/graves/${id}/buried/${person._id}`, {
      body: { burialDate: '1426/13/12' },
    });
    expect(bad.status).toBe(400);
    expect(isMessageOf(bad.body.message, 'burialDate.noSuchDay')).toBe(true);
  });
});
