// Bringing a paper register in, through the real server on both engines: graves by range, burials typed
// from the ledger, the spreadsheet import on the sample files of tests/fixtures (made by make-fixtures.ts), its
// duplicates, refusals with line numbers, one transaction, undo, the search index, the export → import round trip,
// and who may do what. The tests of one engine share one server and build on each other's data in order.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBurialDate } from '../../src/domain/dates/dateText';
import { t } from '../../src/domain/messages';
import type { LeftOutLines } from '../../src/domain/rules/leftOutLines';
import type { ImportReport } from '../../src/domain/rules/registerImport';
import type { AuditEntry, Grave, SearchMatch } from '../../src/domain/types';
import { signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call, type CallOptions, expectRefusal, UUID } from './helpers';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures');
const fixture = (name: string) => readFileSync(join(FIXTURES, name));
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface Batch {
  _id: string;
  kind: string;
  fileName: string | null;
  burialsAdded: number;
  gravesCreated: number;
  undoneAt: string | null;
}

describe.each(ENGINES)('bringing a paper register in on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let admin: string;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', now: () => new Date('2026-03-10T10:00:00Z'), databaseUrl });
    manager = await signIn(s, 'manager');
    admin = await signIn(s, 'admin');
  });
  afterAll(async () => s?.close());

  const api = <T = unknown>(method: string, path: string, options?: CallOptions) =>
    call<T>(s.api, method, path, options);

  /** Sends a file as the console does: its bytes as the body. */
  async function upload(body: Buffer | string, query: string, token: string | null = manager, type = 'text/csv') {
    const res = await fetch(`${s.api}/import/burials?${query}`, {
      method: 'POST',
      headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: typeof body === 'string' ? body : new Uint8Array(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as ImportReport & { message?: string; dryRun?: boolean; leftOut?: LeftOutLines },
    };
  }

  const section = async (path: 'male' | 'female' | 'bone') => (await api<Grave[]>('GET', `/graves/${path}`)).body;
  const search = async (q: string) =>
    (await api<SearchMatch[]>('GET', `/search?q=${encodeURIComponent(q)}`)).body.map((m) => m.person.name);
  const auditOf = async (action: string) =>
    (
      await api<AuditEntry[]>('GET', `/audit?filter=${encodeURIComponent(JSON.stringify({ action }))}`, {
        token: manager,
      })
    ).body;

  describe('graves by range', () => {
    it('a dry run counts, the real run creates the missing numbers in one audited write and lists the others', async () => {
      for (const n of [103, 104, 105]) {
        expect((await api('POST', '/graves', { token: admin, body: { gender: 'women', number: n } })).status).toBe(201);
      }
      const body = { gender: 'women', from: 100, to: 249 };
      const dry = await api('POST', '/graves/range?dryRun=true', { token: admin, body });
      expect(dry).toMatchObject({ status: 200, body: { created: 147, skipped: [103, 104, 105], dryRun: true } });
      expect((await section('female')).length).toBe(3);
      const real = await api('POST', '/graves/range?dryRun=false', { token: admin, body });
      expect(real).toMatchObject({ status: 201, body: { created: 147, skipped: [103, 104, 105], dryRun: false } });
      const women = await section('female');
      expect(women.map((g) => g.number)).toEqual(Array.from({ length: 150 }, (_, i) => 100 + i));
      const entries = await auditOf('grave.range');
      expect(entries).toHaveLength(1);
      expect(entries[0]!.after).toMatchObject({ gender: 'women', from: 100, to: 249, created: 147 });
      // Again: nothing to create, every number listed.
      const again = await api('POST', '/graves/range?dryRun=false', { token: manager, body });
      expect(again.body).toEqual({ created: 0, skipped: women.map((g) => g.number), dryRun: false });
    });

    it('without dryRun makes the graves (a dry run is what a caller asks for) and says so', async () => {
      const made = await api('POST', '/graves/range', { token: admin, body: { gender: 'women', from: 250, to: 299 } });
      expect(made).toMatchObject({ status: 201, body: { created: 50, skipped: [], dryRun: false } });
      expect((await section('female')).filter((g) => Number(g.number) >= 250)).toHaveLength(50);
    });

    it('refuses bone sections, more than 2,000 graves, and numbers that are not whole numbers 1–100000', async () => {
      const range = (body: object) => api('POST', '/graves/range?dryRun=true', { token: admin, body });
      expectRefusal(await range({ gender: 'bones', from: 1, to: 5 }), 400, 'grave.rangeBones');
      const tooMany = await range({ gender: 'men', from: 1, to: 2001 });
      expectRefusal(tooMany, 400);
      expect(tooMany.body.message).toBe(t('grave.rangeTooLarge', { max: '٢٬٠٠٠' }));
      expect((await range({ gender: 'men', from: 1, to: 2000 })).status).toBe(200);
      for (const body of [
        { gender: 'men', from: 0, to: 5 },
        { gender: 'men', from: 9, to: 5 },
        { gender: 'men', from: 99_999, to: 100_001 },
        { gender: 'men', from: 1.5, to: 5 },
        { gender: 'men', from: '1', to: 5 },
      ]) {
        expectRefusal(await range(body), 400, 'grave.rangeInvalid');
      }
    });

    it('is staff only: 401 without a session', async () => {
      expectRefusal(await api('POST', '/graves/range', { body: { gender: 'men', from: 1, to: 2 } }), 401);
    });
  });

  describe('the spreadsheet import', () => {
    const bomReport = (batchId: string | null): ImportReport => ({
      rowsRead: 12,
      gravesCreated: 4,
      burialsAdded: 6,
      duplicates: 1,
      refused: [
        { line: 7, message: t('burial.nameInvalid') },
        { line: 8, message: t('grave.numberInvalid') },
        { line: 9, message: t('import.sectionInvalid') },
        { line: 10, message: t('burialDate.noSuchDay') },
        { line: 11, message: t('burial.dateFuture') },
      ],
      warnings: [
        { line: 6, message: t('import.duplicate') },
        {
          line: 14,
          message: t('history.restingAfterPrevious', {
            name: 'عبد الرحمن سالم',
            date: '١٥ مارس ٢٠٠٤',
            days: '٦٦ يومًا',
          }),
        },
      ],
      batchId,
    });

    it('a dry run of a UTF-8 file with a BOM reports every row by its line and writes nothing', async () => {
      const before = (await section('male')).length;
      const dry = await upload(fixture('burials-utf8-bom.csv'), 'dryRun=true');
      expect(dry.status).toBe(200);
      const { columns, preview, previewDates, leftOut, ...counted } = dry.body;
      expect(counted).toEqual({ ...bomReport(null), dryRun: true });
      // Each previewed row's date as the import read it (Arabic-Indic digits too), or why it is none.
      expect(previewDates?.slice(0, 4)).toEqual([
        { date: '2004-03-15', precision: 'day', swapped: null },
        { date: '2010-06-01', precision: 'day', swapped: null },
        { date: '2004-03-15', precision: 'day', swapped: null },
        { date: '1998-12-31', precision: 'year', swapped: null },
      ]);
      expect(previewDates).toContainEqual({ error: t('burialDate.noSuchDay') });
      expect(previewDates).toContainEqual({ error: t('burial.dateFuture') });
      expect(previewDates).toHaveLength((preview?.length ?? 1) - 1);
      // The refused lines as the file had them, with their reason, for the console's download.
      expect(leftOut?.header).toEqual(['القسم', 'رقم المقبرة', 'اسم المتوفى', 'تاريخ الدفن', 'ملاحظات']);
      expect(leftOut?.rows.map((r) => [r.line, r.cells.slice(0, 3), r.reason])).toEqual(
        bomReport(null).refused.map((r, i) => [
          r.line,
          [
            ['رجال', '3', ''],
            ['رجال', 'abc', 'سعيد'],
            ['أطفال', '4', 'سعيد'],
            ['رجال', '4', 'سعيد عمر'],
            ['رجال', '5', 'خالد يوسف'],
          ][i],
          r.message,
        ]),
      );
      // How the file was understood, for the console to show before the real run.
      expect(columns).toEqual({
        gender: 'القسم',
        number: 'رقم المقبرة',
        name: 'اسم المتوفى',
        date: 'تاريخ الدفن',
        notes: 'ملاحظات',
      });
      expect(preview?.[0]).toEqual(['القسم', 'رقم المقبرة', 'اسم المتوفى', 'تاريخ الدفن', 'ملاحظات']);
      expect(preview?.[1]?.slice(0, 2)).toEqual(['رجال', '1']);
      expect((await section('male')).length).toBe(before);
      expect(await auditOf('import.create')).toHaveLength(0);
    });

    it('the real run writes the valid rows under one batch, audited once, with notes, partial dates and warnings', async () => {
      const real = await upload(fixture('burials-utf8-bom.csv'), 'dryRun=false&fileName=ledger.csv');
      expect(real.status).toBe(201);
      expect(real.body.batchId).toMatch(UUID);
      expect({
        ...real.body,
        columns: undefined,
        preview: undefined,
        previewDates: undefined,
        leftOut: undefined,
      }).toEqual({
        ...bomReport(real.body.batchId),
        dryRun: false,
        columns: undefined,
        preview: undefined,
        leftOut: undefined,
      });
      // After the real run too, nothing it left out is lost.
      expect(real.body.leftOut?.rows.map((r) => r.line)).toEqual([7, 8, 9, 10, 11]);
      const men = await section('male');
      const grave1 = men.find((g) => g.number === 1)!;
      expect(grave1.buriedPersons.map((p) => [p.name, p.burialDate, p.notes])).toEqual([
        ['حسن محمود', '2010-06-01', 'نقل من المقبرة القديمة، بطلب الأسرة'],
        ['محمد أحمد علي', '2004-03-15', undefined],
      ]);
      const grave2 = men.find((g) => g.number === 2)!;
      expect(grave2.buriedPersons[0]).toMatchObject({ name: 'أحمد "الكبير" سالم', burialDate: '2004-05-20' });
      // The warning stored with the burial is the staff's: not in the public answer, on the staff's read.
      expect(JSON.stringify(grave2)).not.toContain('warning');
      const warnings = await api<Array<{ name: string; warning: string }>>('GET', `/graves/${grave2._id}/warnings`, {
        token: admin,
      });
      expect(warnings.body.map((w) => [w.name, w.warning])).toEqual([
        ['أحمد "الكبير" سالم', bomReport(null).warnings[1]!.message],
      ]);
      const fatima = (await section('female')).find((g) => g.number === 1)!.buriedPersons[0]!;
      expect(fatima).toMatchObject({ name: 'فاطمة حسن', burialDate: '1998-12-31', datePrecision: 'year' });
      expect((await section('bone')).map((g) => g.number)).toContain('المرحلة الأولى (٢٩٤ - ٢٩٨)');
      const entries = await auditOf('import.create');
      expect(entries).toHaveLength(1);
      expect(entries[0]!.entityId).toBe(real.body.batchId);
      expect(entries[0]!.after).toMatchObject({ kind: 'import', fileName: 'ledger.csv', burialsAdded: 6 });
    });

    it('the same file again adds nothing: every burial is a duplicate of a stored one', async () => {
      const again = await upload(fixture('burials-utf8-bom.csv'), 'dryRun=false');
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({
        rowsRead: 12,
        gravesCreated: 0,
        burialsAdded: 0,
        duplicates: 7,
        batchId: null,
      });
      expect(again.body.refused.map((r) => r.line)).toEqual([7, 8, 9, 10, 11]);
    });

    it('reads the same ledger saved by LibreOffice Calc as .xlsx, row for row as its CSV', async () => {
      // tests/fixtures/burials-libreoffice.xlsx: burials-utf8-bom.csv opened and saved by LibreOffice 7.4 (soffice
      // --convert-to xlsx), which turns the cells it reads as dates into real date cells.
      const sheet = await upload(fixture('burials-libreoffice.xlsx'), 'dryRun=true', manager, XLSX);
      const csv = await upload(fixture('burials-utf8-bom.csv'), 'dryRun=true');
      const counts = ({ rowsRead, gravesCreated, burialsAdded, duplicates, refused }: ImportReport) => ({
        rowsRead,
        gravesCreated,
        burialsAdded,
        duplicates,
        refused: refused.map((r) => r.line),
      });
      expect(sheet.status).toBe(200);
      expect(counts(sheet.body)).toEqual(counts(csv.body));
      expect(sheet.body.columns).toEqual(csv.body.columns);
    });

    it('reads Windows-1256, semicolon-separated English headers, and an .xlsx in LibreOffice’s shape', async () => {
      const arabicWindows = await upload(fixture('burials-windows-1256.csv'), 'dryRun=false');
      expect(arabicWindows.body).toMatchObject({ rowsRead: 3, gravesCreated: 3, burialsAdded: 3, refused: [] });
      expect(await search('إبراهيم عبد الله')).toContain('إبراهيم عبد الله');
      expect((await section('female')).find((g) => g.number === 10)!.buriedPersons[0]).toMatchObject({
        name: 'زينب مصطفى',
        datePrecision: 'year',
      });

      const semicolon = await upload(fixture('burials-semicolon.csv'), 'dryRun=false');
      expect(semicolon.body).toMatchObject({ rowsRead: 3, burialsAdded: 2 });
      expect(semicolon.body.refused).toEqual([{ line: 4, message: t('burial.nameInvalid') }]);
      const ali = (await section('male')).find((g) => g.number === 20)!.buriedPersons[0]!;
      expect(ali).toMatchObject({ name: 'Ali Hassan', burialDate: '2001-02-03', notes: 'moved; see the old ledger' });

      const sheet = await upload(
        fixture('burials-libreoffice-shape.xlsx'),
        'dryRun=false&fileName=السجل.xlsx',
        manager,
        XLSX,
      );
      expect(sheet.body).toMatchObject({ rowsRead: 4, gravesCreated: 3, burialsAdded: 3 });
      expect(sheet.body.refused).toEqual([{ line: 6, message: t('burial.dateMissing') }]);
      const men30 = (await section('male')).find((g) => g.number === 30)!.buriedPersons[0]!;
      expect(men30).toMatchObject({ name: 'محمود عبد العزيز', burialDate: '1999-04-12' });
      const men31 = (await section('male')).find((g) => g.number === 31)!.buriedPersons[0]!;
      expect(men31).toMatchObject({ name: 'سيد مرسي', burialDate: '2004-03-15' });
      expect((await section('female')).find((g) => g.number === 30)!.buriedPersons[0]).toMatchObject({
        notes: 'السنة فقط',
        datePrecision: 'year',
        burialDate: '1975-12-31',
      });
    });

    it('maps columns by what the console sends, and names the section of a file of one section', async () => {
      const csv = 'رقم,المرحوم,سنة الوفاة\r\n40,شوقي عبده,1960\r\n';
      const mapping = encodeURIComponent(JSON.stringify({ number: 'رقم', name: 'المرحوم', date: 'سنة الوفاة' }));
      const res = await upload(csv, `dryRun=true&gender=men&mapping=${mapping}`);
      expect(res.body).toMatchObject({ rowsRead: 1, gravesCreated: 1, burialsAdded: 1, refused: [] });
      const missing = await upload(csv, 'dryRun=true');
      expectRefusal({ ...missing, headers: new Headers() }, 400);
      expect(missing.body.message).toContain('«رقم المقبرة»');
      const bad = await upload(csv, `dryRun=true&mapping=${encodeURIComponent('{"nom":"x"}')}`);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(t('import.mappingInvalid'));
    });

    it('the import’s sample (docs/register-sample.csv) reads without a refusal', async () => {
      const sample = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'register-sample.csv'));
      const dry = await upload(sample, 'dryRun=true');
      expect(dry.body).toMatchObject({ rowsRead: 7, refused: [] });
    });

    it('refuses a file that is not a register file, an empty one, and one over the size limit, in Arabic', async () => {
      const garbage = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), 'dryRun=true', manager, XLSX);
      expect(garbage).toMatchObject({ status: 400, body: { message: t('import.fileUnreadable') } });
      const empty = await upload('القسم,رقم المقبرة,الاسم,تاريخ الدفن\r\n', 'dryRun=true');
      expect(empty).toMatchObject({ status: 400, body: { message: t('import.fileEmpty') } });
      const huge = await upload('x'.repeat(5 * 1024 * 1024 + 1), 'dryRun=true');
      expect(huge).toMatchObject({ status: 413, body: { message: t('import.fileTooLarge', { max: '٥' }) } });
    });

    it('a failure half-way through the real run leaves nothing behind (one transaction)', async () => {
      // A trigger of the test's own makes the 650th burial fail, after the batch, the graves and the first 500
      // burials were written inside the transaction.
      if (s.ctx.dialect === 'sqlite') {
        await sql`create trigger fail_import before insert on burials when new.name = 'يفشل هنا'
                  begin select raise(abort, 'refused by the test'); end`.execute(s.ctx.db);
      } else {
        await sql`create function fail_import() returns trigger language plpgsql as $$
                  begin if new.name = 'يفشل هنا' then raise exception 'refused by the test'; end if; return new; end $$`.execute(
          s.ctx.db,
        );
        await sql`create trigger fail_import before insert on burials for each row execute function fail_import()`.execute(
          s.ctx.db,
        );
      }
      const lines = ['القسم,رقم المقبرة,الاسم,تاريخ الدفن'];
      for (let i = 0; i < 700; i++) lines.push(`رجال,${1000 + i},${i === 649 ? 'يفشل هنا' : `متوفى رقم ${i}`},2001`);
      const before = {
        men: (await section('male')).length,
        batches: (await api<Batch[]>('GET', '/import/batches', { token: manager })).body.length,
        audit: (await auditOf('import.create')).length,
      };
      const res = await upload(lines.join('\n'), 'dryRun=false');
      expect(res.status).toBe(500);
      expect((await section('male')).length).toBe(before.men);
      expect((await api<Batch[]>('GET', '/import/batches', { token: manager })).body.length).toBe(before.batches);
      expect((await auditOf('import.create')).length).toBe(before.audit);
      expect(await search('متوفى رقم 5')).toEqual([]);
      await sql`drop trigger fail_import${s.ctx.dialect === 'postgres' ? sql` on burials` : sql``}`.execute(s.ctx.db);
      // Without the trigger the same file goes in whole.
      expect((await upload(lines.join('\n'), 'dryRun=false')).body).toMatchObject({ burialsAdded: 700 });
    });
  });

  describe('batches and their undo', () => {
    it('search finds an imported name right after the import, and no longer after the undo', async () => {
      expect(await search('زكريا الفريد')).toEqual([]);
      const res = await upload(
        'القسم,رقم المقبرة,الاسم,تاريخ الدفن\r\nرجال,77,زكريا الفريد,1/2/1970\r\n',
        'dryRun=false',
      );
      expect(res.body).toMatchObject({ burialsAdded: 1, gravesCreated: 1 });
      expect(await search('زكريا الفريد')).toEqual(['زكريا الفريد']);
      const batches = (await api<Batch[]>('GET', '/import/batches', { token: manager })).body;
      // The clock of this suite stands still, so the batches share one time: found by id.
      expect(batches.find((b) => b._id === res.body.batchId)).toMatchObject({
        _id: res.body.batchId,
        kind: 'import',
        burialsAdded: 1,
        undoneAt: null,
      });
      const undo = await api('DELETE', `/import/batches/${res.body.batchId}`, { token: manager });
      expect(undo).toMatchObject({ status: 200, body: { message: t('import.batchUndoneNow'), _id: res.body.batchId } });
      expect(await search('زكريا الفريد')).toEqual([]);
      expect((await section('male')).find((g) => g.number === 77)).toBeUndefined();
      expect((await auditOf('import.undo'))[0]).toMatchObject({ entityId: res.body.batchId });
      const listed = (await api<Batch[]>('GET', '/import/batches', { token: manager })).body;
      expect(listed.find((b) => b._id === res.body.batchId)!.undoneAt).toBe('2026-03-10T10:00:00.000Z');
      expectRefusal(
        await api('DELETE', `/import/batches/${res.body.batchId}`, { token: manager }),
        409,
        'import.batchUndone',
      );
      expectRefusal(
        await api('DELETE', `/import/batches/${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`, { token: manager }),
        404,
        'import.batchNotFound',
      );
    });

    // An undo that would remove what staff did since is refused with the first change by name and how
    // many there are, and removes nothing.
    const refusedUndo = async (batchId: string) => {
      const answer = await api<{ message: string }>('DELETE', `/import/batches/${batchId}`, { token: manager });
      expectRefusal(answer, 409);
      return answer.body.message;
    };
    const stillThere = async (names: string[]) => {
      for (const name of names) expect(await search(name)).toEqual([name]);
      const batches = (await api<Batch[]>('GET', '/import/batches', { token: manager })).body;
      return batches;
    };

    it('a batch one of whose burials went to the ossuary since cannot be undone: the 409 names the person', async () => {
      const res = await upload(
        'القسم,رقم المقبرة,الاسم,تاريخ الدفن\r\nرجال,81,عبد الرحيم سالم,1/5/1975\r\nرجال,82,فتحي سالم,1976\r\n',
        'dryRun=false',
      );
      expect(res.body).toMatchObject({ burialsAdded: 2, gravesCreated: 2 });
      const bones = (
        await api<Grave>('POST', '/graves', { token: admin, body: { gender: 'bones', number: 'الرواق ٢١' } })
      ).body;
      const g81 = (await section('male')).find((g) => g.number === 81)!;
      const moved = await api('POST', `/graves/${g81._id}/transfer`, {
        token: admin,
        body: { bonesGraveId: bones._id, date: '2026-03-01' },
      });
      expect(moved.status).toBe(200);
      const message = await refusedUndo(res.body.batchId!);
      expect(message).toBe(
        t('import.undoChangedOne', {
          change: t('import.changeMoved', {
            name: 'عبد الرحيم سالم',
            from: 'مقبرة رجال رقم ٨١',
            to: 'الرواق ٢١',
            date: formatBurialDate('2026-03-01'),
          }),
        }),
      );
      expect(message).toContain('عبد الرحيم سالم');
      // Nothing removed: both people, the emptied grave 81, its history, and the batch still open.
      const batches = await stillThere(['عبد الرحيم سالم', 'فتحي سالم']);
      expect(batches.find((b) => b._id === res.body.batchId)!.undoneAt).toBeNull();
      expect((await section('male')).filter((g) => g.number === 81 || g.number === 82)).toHaveLength(2);
      const bone = (await api<Grave>('GET', `/graves/graves/${bones._id}`)).body;
      expect(bone.buriedPersons.map((p) => p.name)).toEqual(['عبد الرحيم سالم']);
    });

    it('a corrected, a deleted or a later burial refuses the undo by name and says how many changes there are', async () => {
      const res = await upload(
        'القسم,رقم المقبرة,الاسم,تاريخ الدفن\r\nرجال,78,منصور حامد,1980\r\nرجال,79,رشاد حامد,1981\r\nرجال,79,صابر حامد,1982\r\n',
        'dryRun=false',
      );
      const grave = (await section('male')).find((g) => g.number === 78)!;
      const corrected = await api('PUT', `/graves/${grave._id}/buried/${grave.buriedPersons[0]!._id}`, {
        token: admin,
        body: { name: 'منصور حامد علي' },
      });
      expect(corrected.status).toBe(200);
      expect(await refusedUndo(res.body.batchId!)).toBe(
        t('import.undoChangedOne', {
          change: t('import.changeCorrected', { name: 'منصور حامد علي', grave: 'مقبرة رجال رقم ٧٨' }),
        }),
      );
      // A deletion too: the correction is still named first, and the count says two.
      const g79 = (await section('male')).find((g) => g.number === 79)!;
      const saber = g79.buriedPersons.find((p) => p.name === 'صابر حامد')!;
      expect(
        (
          await api('DELETE', `/graves/${g79._id}/remove-buried`, {
            token: admin,
            body: { buriedPersonId: saber._id },
          })
        ).status,
      ).toBe(200);
      expect(await refusedUndo(res.body.batchId!)).toBe(
        t('import.undoChangedMany', {
          change: t('import.changeCorrected', { name: 'منصور حامد علي', grave: 'مقبرة رجال رقم ٧٨' }),
          count: '٢',
        }),
      );
      await stillThere(['منصور حامد علي', 'رشاد حامد']);

      // A deletion alone is named from its audit entry.
      const alone = await upload(
        'القسم,رقم المقبرة,الاسم,تاريخ الدفن\r\nرجال,83,نبيل شاكر,1983\r\nرجال,83,كمال شاكر,1984\r\n',
        'dryRun=false',
      );
      const g83 = (await section('male')).find((g) => g.number === 83)!;
      const nabil = g83.buriedPersons.find((p) => p.name === 'نبيل شاكر')!;
      expect(
        (
          await api('DELETE', `/graves/${g83._id}/remove-buried`, {
            token: admin,
            body: { buriedPersonId: nabil._id },
          })
        ).status,
      ).toBe(200);
      expect(await refusedUndo(alone.body.batchId!)).toBe(
        t('import.undoChangedOne', {
          change: t('import.changeDeleted', { name: 'نبيل شاكر', grave: 'مقبرة رجال رقم ٨٣' }),
        }),
      );
      await stillThere(['كمال شاكر']);

      const other = await upload('القسم,رقم المقبرة,الاسم,تاريخ الدفن\r\nرجال,80,وحيد كامل,1990\r\n', 'dryRun=false');
      const g80 = (await section('male')).find((g) => g.number === 80)!;
      expect(
        (
          await api('POST', `/graves/${g80._id}/bury`, {
            token: admin,
            body: { name: 'حديث', burialDate: '2026-03-10' },
          })
        ).status,
      ).toBe(201);
      expect(await refusedUndo(other.body.batchId!)).toBe(
        t('import.undoChangedOne', {
          change: t('import.changeOtherBurial', { name: 'حديث', grave: 'مقبرة رجال رقم ٨٠' }),
        }),
      );
      await stillThere(['وحيد كامل']);
      expect((await auditOf('import.undo')).map((e) => e.entityId)).not.toContain(other.body.batchId);
    });
  });

  describe('burials typed from the ledger', () => {
    it('checks each row with its Arabic reason, creates a grave only when asked, and saves the valid rows at once', async () => {
      const rows = [
        { gender: 'men', graveNumber: 300, name: 'أمين فؤاد', burialDate: '1/1/1990' },
        { gender: 'men', graveNumber: 300, name: 'أمين فؤاد', burialDate: '1/1/1990', createGrave: true },
        { section: 'رجال', graveNumber: '٣٠٠', name: 'سامي فؤاد', burialDate: '١٥/٣/١٩٩٠', notes: 'أخوه' },
        { gender: 'men', graveNumber: 300, name: '', burialDate: '1990' },
        { gender: 'men', graveNumber: 300, name: 'غدًا', burialDate: '11/3/2026' },
      ];
      const dry = await api<ImportReport>('POST', '/burials/batch?dryRun=true', { token: admin, body: { rows } });
      expect(dry.status).toBe(200);
      expect(dry.body).toEqual({
        rowsRead: 5,
        gravesCreated: 1,
        burialsAdded: 2,
        duplicates: 0,
        refused: [
          { line: 1, message: t('import.graveUnknown', { number: '٣٠٠', section: 'رجال' }) },
          { line: 4, message: t('burial.nameInvalid') },
          { line: 5, message: t('burial.dateFuture') },
        ],
        warnings: [{ line: 3, message: expect.stringContaining('أمين فؤاد') }],
        batchId: null,
        dryRun: true,
      });
      expect((await section('male')).find((g) => g.number === 300)).toBeUndefined();
      const real = await api<ImportReport>('POST', '/burials/batch?dryRun=false', { token: admin, body: { rows } });
      expect(real.status).toBe(201);
      expect(real.body).toMatchObject({ burialsAdded: 2, gravesCreated: 1, batchId: expect.stringMatching(UUID) });
      const grave = (await section('male')).find((g) => g.number === 300)!;
      expect(grave.buriedPersons.map((p) => [p.name, p.notes])).toEqual([
        ['سامي فؤاد', 'أخوه'],
        ['أمين فؤاد', undefined],
      ]);
      // A burial dated today follows the bury rule: this grave's last burial is 1990, so it is available.
      const today = await api<ImportReport>('POST', '/burials/batch?dryRun=false', {
        token: admin,
        body: { rows: [{ gender: 'men', graveNumber: 300, name: 'اليوم', burialDate: '2026-03-10' }] },
      });
      expect(today.body).toMatchObject({ burialsAdded: 1, refused: [] });
      const resting = await api<ImportReport>('POST', '/burials/batch?dryRun=true', {
        token: admin,
        body: { rows: [{ gender: 'men', graveNumber: 2, name: 'اليوم', burialDate: '2026-03-10' }] },
      });
      expect(resting.body.burialsAdded).toBe(1); // grave 2's last burial is from 2004
    });

    it('refuses an empty batch or more than 1,000 rows', async () => {
      expectRefusal(
        await api('POST', '/burials/batch', { token: admin, body: { rows: [] } }),
        400,
        'import.rowsInvalid',
      );
      const many = Array.from({ length: 1001 }, () => ({
        gender: 'men',
        graveNumber: 1,
        name: 'أ',
        burialDate: '2000',
      }));
      expectRefusal(
        await api('POST', '/burials/batch', { token: admin, body: { rows: many } }),
        400,
        'import.rowsInvalid',
      );
    });
  });

  it('the import, its batches and their undo are the manager’s: 403 for an admin, 401 without a session', async () => {
    const csv = 'القسم,رقم المقبرة,الاسم,تاريخ الدفن\r\nرجال,90,أ,2000\r\n';
    expectRefusal({ ...(await upload(csv, 'dryRun=true', admin)), headers: new Headers() }, 403, 'errors.forbidden');
    expectRefusal({ ...(await upload(csv, 'dryRun=true', null)), headers: new Headers() }, 401);
    expectRefusal(await api('GET', '/import/batches', { token: admin }), 403);
    expectRefusal(await api('GET', '/import/batches'), 401);
    expectRefusal(await api('DELETE', `/import/batches/x`, { token: admin }), 403);
    expectRefusal(await api('DELETE', `/import/batches/x`), 401);
    expectRefusal(await api('POST', '/burials/batch', { body: { rows: [] } }), 401);
  });
});

describe.each(ENGINES)('export then import on $name', ({ databaseUrl }) => {
  let from: TestServer;
  let to: TestServer;
  afterAll(async () => {
    await from?.close();
    await to?.close();
  });

  /**
   * A register as it reads, without its ids: each grave with its burials in a fixed order. The history rule's
   * warnings are left out: they say how a burial came in (the import finds the demo village's close burials and
   * warns about them), not what the register holds.
   */
  const register = async (s: TestServer, token: string) => {
    const graves = (await call<Grave[]>(s.api, 'GET', '/graves', { token })).body;
    return graves
      .map((g) => ({
        gender: g.gender,
        number: g.number,
        status: g.status,
        daysUntilAvailable: g.daysUntilAvailable,
        buried: g.buriedPersons
          .map((p) => ({
            name: p.name,
            date: p.burialDate,
            precision: p.datePrecision,
            notes: p.notes,
          }))
          .sort((a, b) => (a.date + a.name).localeCompare(b.date + b.name)),
      }))
      .sort((a, b) => `${a.gender}:${a.number}`.localeCompare(`${b.gender}:${b.number}`));
  };

  it('an export imported into an empty register gives the same register', async () => {
    const now = () => new Date('2026-03-10T10:00:00Z');
    from = await startTestServer({ seed: 'demo', seedOptions: { graves: 80, burials: 300 }, now, databaseUrl });
    to = await startTestServer({ seed: 'accounts', now, databaseUrl });
    const fromToken = await signIn(from, 'manager');
    const toToken = await signIn(to, 'manager');
    // Notes, a year alone and a warning travel too; so do notes a spreadsheet would run as formulas,
    // written into the export behind an apostrophe and read back without it.
    const hostile = ['=HYPERLINK("http://evil.example","اضغط")', '-2+3', '@SUM(A1)', ';=1', 'قال "نعم"; ثم'];
    const extra =
      'القسم,رقم المقبرة,الاسم,تاريخ الدفن,ملاحظات\r\nرجال,500,"قديم, جدًا",1950,"من الدفتر الأول"\r\nرجال,500,جار,1/3/1950,\r\n' +
      hostile.map((note, i) => `رجال,${510 + i},سالم ${i + 1},1960,"${note.replace(/"/g, '""')}"\r\n`).join('');
    await fetch(`${from.api}/import/burials?dryRun=false`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${fromToken}` },
      body: extra,
    });
    const exported = await (
      await fetch(`${from.api}/export/register.csv`, { headers: { authorization: `Bearer ${fromToken}` } })
    ).text();
    expect(exported).toContain(`,"'=HYPERLINK(""http://evil.example"",""اضغط"")"\r\n`);
    expect(exported).toContain(`,"'-2+3"\r\n`);
    expect(exported).toContain(`,"'@SUM(A1)"\r\n`);
    expect(exported).toContain(`,"';=1"\r\n`);
    expect(exported).toContain(`,"قال ""نعم""; ثم"\r\n`);
    // The register keeps them as they were typed.
    const notes = (await register(from, fromToken)).flatMap((g) => g.buried.map((p) => p.notes));
    for (const note of hostile) expect(notes).toContain(note);
    const res = await fetch(`${to.api}/import/burials?dryRun=false`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${toToken}` },
      body: exported,
    });
    const report = (await res.json()) as ImportReport;
    expect(res.status).toBe(201);
    expect(report.refused).toEqual([]);
    expect(report.duplicates).toBe(0);
    const original = await register(from, fromToken);
    expect(original.length).toBeGreaterThan(80);
    expect(original.some((g) => g.status === 'ممتلئة')).toBe(true);
    expect(await register(to, toToken)).toEqual(original);
  });
});
