// Opening a grave's page from a card without waiting in line: its chunk is loaded with the section page,
// and its answer is asked for as soon as a finger touches the card (or the mouse comes over it), so both travel at
// once instead of the answer waiting for the chunk.
import type { ComponentType } from 'react';
import { paths } from '../api';
import { prefetch } from './useApi';

type GravePageModule = { default: ComponentType };
let loaded: GravePageModule | null = null;

/**
 * The grave page's chunk (PublicApp's lazy page uses this same loader). Once it is in, the loader answers at once
 * (a thenable that calls back in the same turn), so React.lazy renders the page without suspending: a suspended
 * page shows its placeholder, and React then holds the page back for 300 ms (its fallback throttle), which was
 * most of a tap's time on a desktop.
 */
export const loadGravePage = (): Promise<GravePageModule> =>
  loaded
    ? ({ then: (resolve: (m: GravePageModule) => unknown) => resolve(loaded!) } as unknown as Promise<GravePageModule>)
    : import('./pages/GraveDetailsPage').then((module) => (loaded = module));

/** Starts the grave's request, then its page's chunk (the request first: it waits on the server, the chunk does not). */
export function openingGrave(graveId: string): void {
  prefetch(paths.grave(graveId));
  if (!loaded) void loadGravePage().catch(() => {
    // A chunk that fails here is asked for again by the page itself, which says so when it cannot.
  });
}
