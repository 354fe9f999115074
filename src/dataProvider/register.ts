// Bringing a paper register in (issue 12): graves by range, burials typed from the ledger, and spreadsheet imports
// with their undo. Plain calls of the /api contract; the pages show the server's reports as they come.
import { paths } from '../api/paths';
import type { Gender } from '../domain/types';
import type { ConsoleApi } from './http';

/** POST /graves/range: how many were created, and the numbers that already existed. */
export interface RangeAnswer {
  created: number;
  skipped: number[];
}

/** A row of the file or of the ledger page the server refused or warns about (line 1 is a file's header). */
export interface ReportLine {
  line: number;
  message: string;
}

/** What an import or a ledger page does (dry run) or did. */
export interface ImportReport {
  rowsRead: number;
  gravesCreated: number;
  burialsAdded: number;
  duplicates: number;
  refused: ReportLine[];
  warnings: ReportLine[];
  /** null for a dry run */
  batchId: string | null;
  /** How the file's columns were understood (its header for each field), when the server says. */
  columns?: Partial<Record<'gender' | 'number' | 'name' | 'date' | 'notes', string>>;
  /** The file's first rows as read, when the server says. */
  preview?: string[][];
}

/** An import done before, and whether it can still be undone (none of its burials changed since). */
export interface ImportBatch {
  _id: string;
  createdAt: string;
  burials: number;
  undoable: boolean;
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
  importBurials(file: Blob, dryRun: boolean): Promise<ImportReport>;
  listImportBatches(): Promise<ImportBatch[]>;
  undoImportBatch(batchId: string): Promise<{ message: string }>;
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
    importBurials: (file, dryRun) => api.call<ImportReport>(paths.importBurials(dryRun), { method: 'POST', file }),
    listImportBatches: () => api.call<ImportBatch[]>(paths.importBatches()),
    undoImportBatch: (batchId) => api.call<{ message: string }>(paths.importBatch(batchId), { method: 'DELETE' }),
  };
}
