// Graves: read, listed and created in simple-rest's dialect (the server answers it at /graves). A grave changes only
// by becoming full (spec section 4); burials and the register's figures are custom methods.
import { HttpError, type DataProvider, type Identifier, type RaRecord, type UpdateParams } from 'ra-core';
import { paths } from '../api/paths';
import { t } from '../domain/messages';
import { GRAVE_STATUS, type Statistics } from '../domain/types';
import { deleteWith } from './bulk';
import type { ConsoleApi } from './http';
import type { BurialInput, GraveRecord } from './records';

/** The next grave of each section, and why it is the one offered (never used, the longest rested…). */
/** Counts of what waits for the caller's decision; a kind the role does not decide is absent. */
export interface Waiting {
  corrections?: number;
  photos?: number;
  suggestions?: number;
}

export interface NextGraves {
  men: GraveRecord | null;
  women: GraveRecord | null;
  why?: { men: string | null; women: string | null };
}

export interface GraveMethods {
  /** PUT /graves/full/{id} */
  markFull(graveId: Identifier): Promise<{ data: GraveRecord; message: string }>;
  /** POST /graves/{id}/bury */
  bury(graveId: Identifier, burial: BurialInput): Promise<{ data: GraveRecord; message: string; warnings: string[] }>;
  /** DELETE /graves/{id}/remove-buried with {buriedPersonId} */
  removeBuried(graveId: Identifier, buriedPersonId: Identifier): Promise<{ message: string }>;
  /** PUT /graves/{id}/buried/{personId} */
  updateBuried(
    graveId: Identifier,
    personId: Identifier,
    changes: Partial<BurialInput>,
  ): Promise<{ data: GraveRecord; message: string }>;
  /** POST /graves/{id}/transfer: remains moved to a bone section. */
  transferRemains(
    graveId: Identifier,
    move: { bonesGraveId: string; date: string; buriedPersonIds?: string[]; reason?: string },
  ): Promise<{ data: GraveRecord; message: string }>;
  /** POST /audit/{id}/undo: a transfer or a deletion undone by a manager. */
  undoAudit(entryId: Identifier): Promise<{ message: string }>;
  /** PUT /graves/{id}/position: where the grave is (both null: forgotten). */
  setGravePosition(
    graveId: Identifier,
    position: { latitude: number | string | null; longitude: number | string | null },
  ): Promise<{ data: GraveRecord; message: string }>;
  /** PUT /graves/{id}/reopen: the full mark cleared, with the reason (manager). */
  reopenGrave(graveId: Identifier, reason: string): Promise<{ data: GraveRecord; message: string }>;
  /** GET /graves/next: the next grave to use in each section, or null, and why each is the one offered. */
  getNextGraves(): Promise<NextGraves>;
  /** GET /waiting: the pending corrections, photos and suggestions the caller decides. */
  getWaiting(): Promise<Waiting>;
  /** The register's statistics (five GET calls of spec section 7). */
  getStatistics(): Promise<{ data: Statistics }>;
  /** GET /graves/recentBurials */
  getRecentBurials(): Promise<{ data: GraveRecord[] }>;
}

/** A write of the graves section answers the grave as it now stands, with the server's Arabic message. */
type GraveAnswer<R = GraveRecord> = { message: string; grave: R };

export function gravesResource(rest: DataProvider, api: ConsoleApi): DataProvider {
  return {
    ...rest,
    async update<R extends RaRecord = RaRecord>(_resource: string, params: UpdateParams<R>) {
      if (params.data.status !== GRAVE_STATUS.full) throw new HttpError(t('errors.badRequest'), 400, null);
      const answer = await api.call<GraveAnswer<R>>(paths.markFull(String(params.id)), { method: 'PUT' });
      return { data: answer.grave };
    },
    ...deleteWith((id) => api.call(paths.graveRecord(id), { method: 'DELETE' })),
  };
}

export function graveMethods(api: ConsoleApi): GraveMethods {
  const written = (answer: GraveAnswer) => ({ data: answer.grave, message: answer.message });
  return {
    async transferRemains(graveId, move) {
      return written(await api.call<GraveAnswer>(paths.transfer(String(graveId)), { method: 'POST', body: move }));
    },

    async undoAudit(entryId) {
      return api.call<{ message: string }>(paths.undoAudit(String(entryId)), { method: 'POST' });
    },

    async setGravePosition(graveId, position) {
      return written(await api.call<GraveAnswer>(paths.position(String(graveId)), { method: 'PUT', body: position }));
    },

    async reopenGrave(graveId, reason) {
      return written(await api.call<GraveAnswer>(paths.reopen(String(graveId)), { method: 'PUT', body: { reason } }));
    },

    async markFull(graveId) {
      return written(await api.call<GraveAnswer>(paths.markFull(String(graveId)), { method: 'PUT' }));
    },

    async bury(graveId, burial) {
      const answer = await api.call<GraveAnswer & { warnings?: string[] }>(paths.bury(String(graveId)), {
        method: 'POST',
        body: burial,
      });
      // The history rule's warnings, for the save message.
      return { ...written(answer), warnings: answer.warnings ?? [] };
    },

    async removeBuried(graveId, buriedPersonId) {
      const answer = await api.call<{ message: string }>(paths.removeBuried(String(graveId)), {
        method: 'DELETE',
        body: { buriedPersonId: String(buriedPersonId) },
      });
      return { message: answer.message };
    },

    async updateBuried(graveId, personId, changes) {
      // Only the two fields the API accepts (it refuses unknown ones).
      const body: Partial<BurialInput> = {};
      if (changes.name !== undefined) body.name = changes.name;
      if (changes.burialDate !== undefined) body.burialDate = changes.burialDate;
      return written(
        await api.call<GraveAnswer>(paths.buried(String(graveId), String(personId)), { method: 'PUT', body }),
      );
    },

    async getStatistics() {
      const [total, male, female, available, unavailable] = await Promise.all([
        api.call<{ totalDeaths: number }>(paths.totalDeaths()),
        api.call<{ maleDeaths: number }>(paths.maleDeaths()),
        api.call<{ femaleDeaths: number }>(paths.femaleDeaths()),
        api.call<{ availableGravesCount: number }>(paths.availableCount()),
        api.call<{ unavailableGravesCount: number }>(paths.unavailableCount()),
      ]);
      return {
        data: {
          totalDeaths: total.totalDeaths,
          maleDeaths: male.maleDeaths,
          femaleDeaths: female.femaleDeaths,
          availableGravesCount: available.availableGravesCount,
          unavailableGravesCount: unavailable.unavailableGravesCount,
        },
      };
    },

    async getNextGraves() {
      return api.call<NextGraves>(paths.nextGraves());
    },

    async getWaiting() {
      return api.call<Waiting>(paths.waiting());
    },

    async getRecentBurials() {
      return { data: await api.call<GraveRecord[]>(paths.recentBurials()) };
    },
  };
}
