// A value only the browser has (the session in localStorage, a saved search in sessionStorage), read so that a page
// drawn on the server hydrates without a mismatch: the server and the hydrating render see `serverValue`, and React
// renders again at once with the browser's; a page drawn in the browser has the browser's value from the start.
import { useSyncExternalStore } from 'react';

// These values change only through the component that reads them, so there is nothing to subscribe to.
const noChanges = () => () => {};

/** `read` must return the same value each time until it changes (useSyncExternalStore compares them). */
export function useBrowserValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(noChanges, read, () => serverValue);
}
