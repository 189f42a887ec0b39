import { useEffect, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

/**
 * What a person typed into a form, kept in this tab (sessionStorage) while they type, so a
 * session that ends before they press Save costs them nothing (issue 30 item 9): the sign-in page
 * says the draft is kept, and the form shows it again once they are back. A draft belongs to
 * the user who typed it (another user signing in on this tab never sees it) and to the page it
 * was typed on (the sign-in page names it). It goes on save, on cancel, and on a sign-out.
 */
interface Draft {
  userId: string;
  /** The page's path and query when it was typed. */
  path: string;
  values: unknown;
}

const PREFIX = 'redhope.draft.';

/** sessionStorage, or nothing where there is none (a server render, storage turned off). */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function read(key: string): Draft | null {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as Draft;
  } catch {
    return null;
  }
}

export function saveDraft(key: string, userId: string, values: unknown): void {
  const path = window.location.pathname + window.location.search;
  const draft: Draft = { userId, path, values };
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(draft));
  } catch {
    // Storage full or refused: the form still works, only without the safety net.
  }
}

/** The user's draft of the form `key`; another user's is dropped, never shown. */
export function draftOf<T>(key: string, userId: string): T | null {
  const draft = read(key);
  if (!draft) return null;
  if (draft.userId !== userId) {
    clearDraft(key);
    return null;
  }
  return draft.values as T;
}

export function clearDraft(key: string): void {
  storage()?.removeItem(PREFIX + key);
}

/** Some form on the page at `path` has a draft (the sign-in page says so). */
export function hasDraftAt(path: string): boolean {
  const store = storage();
  if (!store) return false;
  for (let index = 0; index < store.length; index++) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX) && read(key.slice(PREFIX.length))?.path === path) return true;
  }
  return false;
}

/** On a sign-out: nothing typed stays behind in the tab. */
export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, index) => store.key(index));
  for (const key of keys) if (key?.startsWith(PREFIX)) store.removeItem(key);
}

/**
 * Keeps the form's values as a draft while `active` (each change), and puts the user's draft
 * back into the form when it mounts. Returns `clear`, for a save or a cancel.
 */
export function useFormDraft<T extends FieldValues>(
  key: string,
  userId: string | undefined,
  form: Pick<UseFormReturn<T, unknown, unknown>, 'watch' | 'reset'>,
  { active = true }: { active?: boolean } = {},
): { clear: () => void } {
  const { watch, reset } = form;
  // Once per form: restoring again would undo what was typed since.
  const [restored, setRestored] = useState(false);

  useEffect(() => {
    if (!userId || !active || restored) return;
    setRestored(true);
    const values = draftOf<T>(key, userId);
    // keepDefaultValues: the restored values count as changes, as they were when typed.
    if (values) reset(values, { keepDefaultValues: true });
  }, [key, userId, active, restored, reset]);

  useEffect(() => {
    if (!userId || !active) return;
    const subscription = watch((values) => saveDraft(key, userId, values));
    return () => subscription.unsubscribe();
  }, [key, userId, active, watch]);

  return { clear: () => clearDraft(key) };
}
