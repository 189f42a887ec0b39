import { useSyncExternalStore } from 'react';

/**
 * A page's own menu drawer (the dashboard's), opened from the navbar's menu button, so a small
 * screen has one menu button, not the site's and the page's side by side (issue 17). The page
 * that has such a drawer registers it while it is shown; the navbar reads this to decide what
 * its button opens.
 */
export interface SideMenuState {
  /** The drawer's element id while a page has one (for aria-controls), else null. */
  id: string | null;
  open: boolean;
}

const NO_MENU: SideMenuState = { id: null, open: false };
let state: SideMenuState = NO_MENU;
const listeners = new Set<() => void>();

function set(next: SideMenuState) {
  state = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useSideMenu(): SideMenuState {
  // Prerendered pages (scripts/prerender.ts) have no drawer: the build draws them without one.
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => NO_MENU,
  );
}

/** The page with the drawer calls this on mount; the returned function unregisters it. */
export function registerSideMenu(id: string): () => void {
  set({ id, open: false });
  return () => {
    if (state.id === id) set({ id: null, open: false });
  };
}

export function setSideMenuOpen(open: boolean) {
  if (state.id && state.open !== open) set({ ...state, open });
}
