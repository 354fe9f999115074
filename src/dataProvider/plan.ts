// The plan of the cemetery: its drawing's data, the rows the manager names, a grave by its number.
import { paths } from '../api/paths';
import type { PlanAnswer, PlanGender, PlanRow } from '../domain/plan/plan';
import type { Gender, Grave } from '../domain/types';
import type { ConsoleApi } from './http';

export interface PlanMethods {
  plan(): Promise<PlanAnswer>;
  planRows(): Promise<Record<PlanGender, PlanRow[]>>;
  savePlanRows(gender: PlanGender, rows: unknown[]): Promise<{ message: string; rows: PlanRow[] }>;
  graveByNumber(gender: Gender, number: number | string): Promise<Grave>;
}

export function planMethods(api: ConsoleApi): PlanMethods {
  return {
    plan: () => api.call<PlanAnswer>(paths.plan()),
    planRows: () => api.call<Record<PlanGender, PlanRow[]>>(paths.planRows()),
    savePlanRows: (gender, rows) =>
      api.call<{ message: string; rows: PlanRow[] }>(paths.planRows(gender), { method: 'PUT', body: { rows } }),
    graveByNumber: (gender, number) => api.call<Grave>(paths.graveByNumber(gender, number)),
  };
}
