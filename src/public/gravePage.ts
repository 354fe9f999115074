// Opening a grave's page from a card without waiting in line: its chunk is loaded with the section page,
// and its answer is asked for as soon as a finger touches the card (or the mouse comes over it), so both travel at
// once instead of the answer waiting for the chunk. Meanwhile the page shows what the card already said (the
// grave's name and status), so the tap is answered at once and only the burials wait for the network.
import type { ComponentType } from 'react';
import { paths } from '../api';
import type { GraveCardData } from '../domain/types';
import { rememberCard } from './reachedCards';
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

/**
 * Keeps what the card says, starts the grave's request, then its page's chunk (the request first: it waits on the
 * server, the chunk does not).
 */
export function openingGrave(card: GraveCardData): void {
  rememberCard(card);
  prefetch(paths.grave(card._id));
  preloadGravePage();
}

/** Brings the grave page's chunk in ahead of its use, once. */
export function preloadGravePage(): void {
  if (!loaded) void loadGravePage().then(undefined, () => {
    // A chunk that fails here is asked for again by the page itself, which says so when it cannot.
  });
}
