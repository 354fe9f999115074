// Families' corrections of a burial, as the console keeps them. The queue is plain simple-rest at
// /corrections (filter by status and section, range, sort; Content-Range), so the resource needs nothing of its own;
// the decisions are custom methods, each answering the correction as it now stands and the server's message.
import type { Identifier } from 'ra-core';
import { paths } from '../api/paths';
import type { Correction } from '../domain/types';
import type { ConsoleApi } from './http';
import type { WithId } from './records';

export type CorrectionRecord = WithId<Correction>;

/** The clerk's own values for «تطبيق مع تعديل», and the confirmation that the burial changed since it was sent. */
export interface ApplyCorrectionInput {
  name?: string;
  burialDate?: string;
  confirmChanged?: boolean;
}

export interface CorrectionMethods {
  /** POST /corrections/{id}/apply */
  applyCorrection(
    correctionId: Identifier,
    input?: ApplyCorrectionInput,
  ): Promise<{ data: CorrectionRecord; message: string; warnings: string[] }>;
  /** POST /corrections/{id}/reject */
  rejectCorrection(correctionId: Identifier, reason?: string): Promise<{ data: CorrectionRecord; message: string }>;
}

export function correctionMethods(api: ConsoleApi): CorrectionMethods {
  return {
    async applyCorrection(correctionId, input = {}) {
      // Only what was given: an empty body applies the family's proposal as it is.
      const body: ApplyCorrectionInput = {};
      if (input.name !== undefined) body.name = input.name;
      if (input.burialDate !== undefined) body.burialDate = input.burialDate;
      if (input.confirmChanged) body.confirmChanged = true;
      const answer = await api.call<{ message: string; correction: CorrectionRecord; warnings?: string[] }>(
        paths.applyCorrection(String(correctionId)),
        { method: 'POST', body },
      );
      return { data: answer.correction, message: answer.message, warnings: answer.warnings ?? [] };
    },
    async rejectCorrection(correctionId, reason) {
      const trimmed = reason?.trim();
      const answer = await api.call<{ message: string; correction: CorrectionRecord }>(
        paths.rejectCorrection(String(correctionId)),
        { method: 'POST', body: trimmed ? { reason: trimmed } : {} },
      );
      return { data: answer.correction, message: answer.message };
    },
  };
}
