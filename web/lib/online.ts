import { useSyncExternalStore } from 'react';

// Whether the browser has a network, for the pages that must say so plainly instead of failing
// (decision 022, issue 25). `navigator.onLine` is false only when there is certainly no network;
// a flaky one still reads true and fails as any other error.

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** True while the browser says it is offline (never during the prerender, which is online). */
export function useOffline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !navigator.onLine,
    () => false,
  );
}

/** The same, outside React (loaders). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** A loader's refusal to start work that needs the network. */
export class OfflineError extends Error {
  constructor() {
    super('offline');
    this.name = 'OfflineError';
  }
}

/**
 * For a loader whose data needs the network: offline, it fails at once. Without it the loader's
 * query would wait, paused, for the network to return (TanStack Query's online mode), and the
 * page would stay blank all that time (issue 25: a shared request link opened offline).
 */
export function failWhenOffline(): void {
  if (isOffline()) throw new OfflineError();
}

// Whether a whole page is saying it is offline, so the notice under the navigation (which says the
// page is a copy saved on the last visit) does not contradict it.
let offlinePages = 0;
const pageListeners = new Set<() => void>();
const notifyPages = () => {
  for (const listener of pageListeners) listener();
};

/** Registers a page-wide offline message while it is shown; returns the unregister. */
export function showOfflinePage(): () => void {
  offlinePages += 1;
  notifyPages();
  return () => {
    offlinePages -= 1;
    notifyPages();
  };
}

/** True while a page-wide offline message is shown. */
export function useOfflinePageShown(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      pageListeners.add(onChange);
      return () => pageListeners.delete(onChange);
    },
    () => offlinePages > 0,
    () => false,
  );
}
