// The one shape of a write to the register: transaction → lock → find → check → write → audit → mark changed, then,
// after the commit, the search index told which graves changed. A write gives only its own steps (what to lock,
// and a function that finds, checks and writes) and answers its audit entry and the parts it changed: the helper
// does the rest, so a new write cannot forget its audit entry or its change mark, and they always commit together.
import type { Kysely, Transaction } from 'kysely';
import type { Gender } from '../../src/domain/types';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import { auditRow, type AuditAction } from './audit';
import type { DataScope } from './dataVersions';
import { markChangedAndCommit, sectionsOf } from './graveFacts';
import type { Write } from './write';

export type { Write };

/** What a write records of itself in the audit trail (who and when are the helper's). */
export interface AuditRecord {
  action: AuditAction;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** What a write did: its answer, its audit entry, the parts of the register it changed. */
export interface Done<T> {
  result: T;
  audit: AuditRecord;
  /** The parts whose answers are dropped, here and in the other processes (dataVersions.ts). */
  marks: readonly DataScope[];
  /**
   * The graves whose names the search must read again, with their section (whose version the index follows);
   * `created`: a grave this write made, empty, whose kept facts (no burial) are already right.
   */
  graves?: ReadonlyArray<{ gender: Gender; id: string; created?: boolean }>;
}

/**
 * Holds the grave's row until the transaction ends, so two writes to one grave take turns and the second sees
 * what the first did (a second "full", a burial into a grave that has just become resting). Only PostgreSQL
 * needs it: SQLite runs one transaction at a time on our single connection.
 */
export async function lockGrave(trx: Kysely<Database>, dialect: DialectName, id: string): Promise<void> {
  if (dialect === 'postgres') await trx.selectFrom('graves').select('id').where('id', '=', id).forUpdate().execute();
}

export async function auditedWrite<T>(
  write: Write,
  step: {
    /** Graves locked, in this order, before anything is read. */
    lock?: readonly string[];
    /** Finds, checks (throwing a refusal changes nothing) and writes. */
    run: (trx: Transaction<Database>) => Promise<Done<T>>;
  },
): Promise<T> {
  const { result, versions, sections } = await write.db.transaction().execute(async (trx) => {
    for (const id of step.lock ?? []) await lockGrave(trx, write.dialect, id);
    const done = await step.run(trx);
    // The audit entry, the graves' kept facts and the counters end the transaction (on PostgreSQL in one message
    // that commits it).
    const versions = await markChangedAndCommit(trx, write.dialect, done.marks, done.graves ?? [], {
      audit: auditRow({ at: write.at, account: write.by, ...done.audit }),
      refresh: (done.graves ?? []).filter((g) => !g.created).map((g) => g.id),
    });
    return { result: done.result, versions, sections: sectionsOf(done.graves ?? []) };
  });
  // The search index reads the changed graves in the background: the write's answer does not wait for it (a busy
  // server's event loop made those reads a large part of a burial's time). A search of this process still shows the
  // write: the answer cache reads the counters again before this answer leaves, and the index follows any counter
  // it is behind before it answers (searchIndex.ts). On PostgreSQL the counters this write took are not known here
  // (the commit went with them): the next search follows them, as it does another process's writes.
  if (versions && write.changed) {
    const changed = write.changed;
    void (async () => {
      for (const [gender, graveIds] of sections) await changed({ gender, version: versions.get(gender) ?? '', graveIds });
    })().catch(() => {});
  }
  return result;
}
