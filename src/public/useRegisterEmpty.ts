// Whether the register holds no grave at all: then a page says so plainly instead of reading like a
// failed search. Asked only when a page found nothing (`ask`), from answers the site already uses (the home page's
// statistics and the bone section's cards, all kept by the answer cache).
import { paths } from '../api';
import type { GraveCardPage } from '../domain/types';
import { useApi } from './useApi';

/** true: no grave in any section; false: some, or the answers failed; null: not asked, or not known yet. */
export function useRegisterEmpty(ask: boolean): boolean | null {
  const available = useApi<{ availableGravesCount: number }>(ask ? paths.availableCount() : null);
  const unavailable = useApi<{ unavailableGravesCount: number }>(ask ? paths.unavailableCount() : null);
  const bones = useApi<GraveCardPage>(ask ? paths.sectionCards('bones', { limit: 1 }) : null);
  if (!ask) return null;
  const answers = [available, unavailable, bones];
  if (answers.some((a) => a.state === 'error')) return false;
  if (available.state !== 'done' || unavailable.state !== 'done' || bones.state !== 'done') return null;
  return (
    available.data.availableGravesCount + unavailable.data.unavailableGravesCount === 0 && bones.data.total === 0
  );
}
