// Bringing a paper register in: graves by range, burials typed from the ledger, and spreadsheet imports
// with their undo. Plain calls of the /api contract; the pages show the server's reports as they come.
import { paths } from '../api/paths';
import type { LeftOutLines } from '../domain/rules/leftOutLines';
import type { ImportReport as PlanReport } from '../domain/rules/registerImport';
import type { Gender } from '../domain/types';
import type { ConsoleApi } from './http';

/** POST /graves/range: how many were created, and the numbers that already existed. */
export interface RangeAnswer {
  created: number;
  skipped: number[];
  /** Which happened: true when nothing was written. */
  dryRun: boolean;
}

/**
 * What an import or a ledger page does (dry run) or did: the domain's report (src/domain/rules/registerImport.ts),
 * saying which happened, and for a file the lines it left out as the file had them.
 */
export type ImportReport = PlanReport & { dryRun: boolean; leftOut?: LeftOutLines };
/** A row of the file or of the ledger page the server refused or warns about (line 1 is a file's header). */
export type ReportLine = ImportReport['refused'][number];

/** An import or a typed batch done before; the server refuses its undo when something of it changed since. */
export interface ImportBatch {
  _id: string;
  kind: 'import' | 'entry';
  fileName: string | null;
  createdAt: string;
  accountEmail: string;
  rowsRead: number;
  gravesCreated: number;
  burialsAdded: number;
  /** When it was undone; null while it stands. */
  undoneAt: string | null;
}

/** One burial typed from the ledger. */
export interface LedgerRow {
  gender: Gender;
  graveNumber: string;
  name: string;
  burialDate: string;
  notes?: string;
  /** Create the grave when the section has no grave of that number. */
  createGrave?: boolean;
}

export interface RegisterMethods {
  createGraveRange(input: { gender: Gender; from: number; to: number }): Promise<RangeAnswer>;
  /** The grave numbers a section has (as text, the way they are typed), for previews and row checks. */
  sectionNumbers(gender: Gender): Promise<Set<string>>;
  saveLedgerRows(rows: LedgerRow[], dryRun: boolean): Promise<ImportReport>;
  importBurials(file: File, dryRun: boolean): Promise<ImportReport>;
  listImportBatches(): Promise<ImportBatch[]>;
  undoImportBatch(batchId: string): Promise<{ message: string }>;
  /** GET /graves/{id}/warnings: the warnings stored with a grave's burials, the staff's alone. */
  graveWarnings(graveId: string): Promise<BurialWarning[]>;
}

/** A burial saved with a warning of the history rule (resting period), as the staff's read answers it. */
export interface BurialWarning {
  _id: string;
  name: string;
  burialDate: string;
  datePrecision?: 'year';
  warning: string;
}

export function registerMethods(api: ConsoleApi): RegisterMethods {
  return {
    createGraveRange: (input) => api.call<RangeAnswer>(paths.graveRange(), { method: 'POST', body: input }),
    async sectionNumbers(gender) {
      const graves = await api.call<Array<{ number: number | string }>>(paths.gravesOfSection(gender));
      return new Set(graves.map((g) => String(g.number)));
    },
    saveLedgerRows: (rows, dryRun) =>
      api.call<ImportReport>(paths.burialBatch(dryRun), { method: 'POST', body: { rows } }),
    importBurials: (file, dryRun) =>
      api.call<ImportReport>(paths.importBurials(dryRun, file.name), { method: 'POST', file }),
    listImportBatches: () => api.call<ImportBatch[]>(paths.importBatches()),
    undoImportBatch: (batchId) => api.call<{ message: string }>(paths.importBatch(batchId), { method: 'DELETE' }),
    graveWarnings: (graveId) => api.call<BurialWarning[]>(paths.graveWarnings(graveId)),
  };
}
