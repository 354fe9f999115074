// Undo for what cannot be retyped: a move of remains to the ossuary, and a burial's deletion, undone by a
// manager from the audit entry within 30 days. The undo is an audited write of its own (entity 'audit', its id the
// entry it undid), so the trail keeps both and an entry is undone once. It is refused, changing nothing, when:
// - the entry is not a transfer or a deletion, or was written before undo existed (it lacks what undo needs);
// - it is older than the allowed days, or already undone;
// - the state moved on: for a transfer, a person no longer lies where this move put them (moved again, deleted),
//   the grave they left is gone, or it took a new burial after the move (the remains cannot go back under it);
//   for a deletion, the grave is gone.
import type { Selectable, Transaction } from 'kysely';
import type { AuditEntry, Gender } from '../../src/domain/types';
import { daysBetween } from '../../src/domain/rules/graveStatus';
import { gravePlace } from '../../src/domain/rules/graveMoves';
import { formatDays } from '../../src/domain/text/format';
import type { BurialMovesTable, BurialsTable, Database } from '../db/schema';
import { conflict } from './refusals';
import { auditedWrite } from './auditedWrite';
import { findGraveRow, graveNumberOf } from './graves';
import type { Write } from './write';

/** The actions an undo exists for, and the action of their undo. */
export const UNDO_OF = { 'burial.transfer': 'burial.transferUndo', 'burial.delete': 'burial.restore' } as const;
export const UNDO_ACTIONS = Object.values(UNDO_OF);

export type Undone =
  | { kind: 'transfer'; people: number; place: { gender: Gender; number: number | string } }
  | { kind: 'restore'; name: string; place: { gender: Gender; number: number | string } };

const record = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;

async function alreadyUndone(trx: Transaction<Database>, entryId: string): Promise<boolean> {
  const found = await trx
    .selectFrom('audit_log')
    .select('id')
    .where('entity', '=', 'audit')
    .where('entity_id', '=', entryId)
    .where('action', 'in', UNDO_ACTIONS)
    .executeTakeFirst();
  return found !== undefined;
}

/** Undoes one audit entry; `maxAgeDays` is the register's rule (30). */
export async function undoEntry(write: Write, entry: AuditEntry, maxAgeDays: number): Promise<Undone> {
  if (entry.action !== 'burial.transfer' && entry.action !== 'burial.delete') throw conflict('undo.notUndoable');
  const age = daysBetween(entry.at.slice(0, 10), write.at.toISOString().slice(0, 10));
  if (age > maxAgeDays) throw conflict('undo.tooOld', { days: formatDays(maxAgeDays) });
  const before = record(entry.before);
  const after = record(entry.after);
  if (entry.action === 'burial.transfer') {
    const fromId = typeof before.graveId === 'string' ? before.graveId : null;
    const toId = typeof after.graveId === 'string' ? after.graveId : null;
    const personIds = strings(before.personIds);
    const stayedIds = strings(before.stayedIds);
    const moveIds = strings(after.moveIds);
    if (!fromId || !toId || !personIds || !stayedIds || !moveIds || moveIds.length === 0) {
      throw conflict('undo.notUndoable');
    }
    return undoTransfer(write, entry, { fromId, toId, personIds, stayedIds, moveIds });
  }
  return restoreBurial(write, entry);
}

async function undoTransfer(
  write: Write,
  entry: AuditEntry,
  ids: { fromId: string; toId: string; personIds: string[]; stayedIds: string[]; moveIds: string[] },
): Promise<Undone> {
  return auditedWrite(write, {
    lock: [ids.fromId, ids.toId],
    run: async (trx) => {
      if (await alreadyUndone(trx, entry._id)) throw conflict('undo.already');
      const from = await findGraveRow(trx, ids.fromId);
      if (!from) throw conflict('undo.graveGone');
      const to = await findGraveRow(trx, ids.toId);
      if (!to) throw conflict('undo.graveGone');
      const moves = await trx.selectFrom('burial_moves').selectAll().where('id', 'in', ids.moveIds).execute();
      const people = await trx
        .selectFrom('burials')
        .select(['id', 'name', 'grave_id'])
        .where('id', 'in', ids.personIds)
        .execute();
      const names = strings(record(entry.before).people) ?? [];
      for (const [i, personId] of ids.personIds.entries()) {
        const person = people.find((p) => p.id === personId);
        const moved = moves.find((m) => m.burial_id === personId);
        const name = person?.name ?? names[i] ?? '';
        if (!person || !moved || person.grave_id !== ids.toId) throw conflict('undo.movedAgain', { name });
        const later = await trx
          .selectFrom('burial_moves')
          .select('id')
          .where('burial_id', '=', personId)
          .where('id', '<>', moved.id)
          .where('created_at', '>=', moved.created_at)
          .executeTakeFirst();
        if (later) throw conflict('undo.movedAgain', { name });
      }
      // A burial recorded into the grave after the move (neither moved nor left there by it): the remains cannot go
      // back under it.
      const since = await trx
        .selectFrom('burials')
        .select('id')
        .where('grave_id', '=', from.id)
        .where('id', 'not in', [...ids.personIds, ...ids.stayedIds])
        .executeTakeFirst();
      const place = { gender: from.gender, number: graveNumberOf(from) };
      if (since) throw conflict('undo.graveUsed', { place: gravePlace(place) });
      await trx.updateTable('burials').set({ grave_id: from.id }).where('id', 'in', ids.personIds).execute();
      await trx.deleteFrom('burial_moves').where('id', 'in', ids.moveIds).execute();
      return {
        result: { kind: 'transfer' as const, people: ids.personIds.length, place },
        audit: {
          action: UNDO_OF['burial.transfer'],
          entity: 'audit',
          entityId: entry._id,
          before: { graveId: to.id, graveNumber: graveNumberOf(to), people: people.map((p) => p.name) },
          after: { graveId: from.id, graveNumber: place.number, gender: from.gender, people: people.map((p) => p.name) },
        },
        marks: [from.gender, 'bones', 'burials'],
        graves: [
          { gender: from.gender, id: from.id },
          { gender: to.gender, id: to.id },
        ],
      };
    },
  });
}

async function restoreBurial(write: Write, entry: AuditEntry): Promise<Undone> {
  const graveId = record(entry.before).graveId;
  if (typeof graveId !== 'string') throw conflict('undo.notUndoable');
  return auditedWrite(write, {
    lock: [graveId],
    run: async (trx) => {
      if (await alreadyUndone(trx, entry._id)) throw conflict('undo.already');
      const kept = await trx.selectFrom('removed_burials').selectAll().where('id', '=', entry.entityId).executeTakeFirst();
      if (!kept) throw conflict('undo.notUndoable');
      const grave = await findGraveRow(trx, kept.grave_id);
      if (!grave) throw conflict('undo.graveGone');
      const row = JSON.parse(kept.row_json) as Selectable<BurialsTable>;
      const moves = JSON.parse(kept.moves_json) as Array<Selectable<BurialMovesTable>>;
      await trx.insertInto('burials').values({ ...row, grave_id: grave.id }).execute();
      // Its moves come back with it; a grave of them deleted since keeps its section and number (as a delete does).
      const graveIds = [...new Set(moves.flatMap((m) => [m.to_grave_id, m.from_grave_id ?? m.to_grave_id]))];
      const still = new Set(
        graveIds.length === 0
          ? []
          : (await trx.selectFrom('graves').select('id').where('id', 'in', graveIds).execute()).map((g) => g.id),
      );
      const back = moves
        .filter((m) => still.has(m.to_grave_id))
        .map((m) => ({ ...m, from_grave_id: m.from_grave_id && still.has(m.from_grave_id) ? m.from_grave_id : null }));
      if (back.length > 0) await trx.insertInto('burial_moves').values(back).execute();
      await trx.deleteFrom('removed_burials').where('id', '=', kept.id).execute();
      const place = { gender: grave.gender, number: graveNumberOf(grave) };
      return {
        result: { kind: 'restore' as const, name: row.name, place },
        audit: {
          action: UNDO_OF['burial.delete'],
          entity: 'audit',
          entityId: entry._id,
          after: {
            graveId: grave.id,
            graveNumber: place.number,
            gender: grave.gender,
            name: row.name,
            burialDate: row.burial_date,
          },
        },
        marks: [grave.gender, 'burials'],
        graves: [{ gender: grave.gender, id: grave.id }],
      };
    },
  });
}
