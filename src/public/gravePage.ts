// Opening a grave's page from a card without waiting in line (issue 14): its chunk is loaded with the section page,
// and its answer is asked for as soon as a finger touches the card (or the mouse comes over it), so both travel at
// once instead of the answer waiting for the chunk.
import { paths } from '../api';
import { prefetch } from './useApi';

/** The grave page's chunk (PublicApp's lazy page uses this same loader). */
export const loadGravePage = () => import('./pages/GraveDetailsPage');

/** Starts the grave's request, then its page's chunk (the request first: it waits on the server, the chunk does not). */
export function openingGrave(graveId: string): void {
  prefetch(paths.grave(graveId));
  void loadGravePage().catch(() => {
    // A chunk that fails here is asked for again by the page itself, which says so when it cannot.
  });
}
