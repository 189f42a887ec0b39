/// <reference types="sweetalert2" />
import type { SweetAlertOptions, SweetAlertResult } from 'sweetalert2';
import { i18n } from './i18n.ts';

const BRAND_RED = '#dc2626';

type Fire = (options: SweetAlertOptions) => Promise<SweetAlertResult>;
let loading: Promise<Fire> | undefined;

/**
 * SweetAlert2 (about 15 KB of gzip JavaScript and its stylesheet) is fetched the first time a
 * dialog opens, never with the page: most visits open none. The plain build plus its stylesheet,
 * because the default build injects a <style> tag at run time.
 */
function loadSwal(): Promise<Fire> {
  if (!loading) {
    loading = Promise.all([
      import('sweetalert2/dist/sweetalert2.js'),
      import('sweetalert2/dist/sweetalert2.css'),
    ]).then(([{ default: Swal }]) => {
      const branded = Swal.mixin({ confirmButtonColor: BRAND_RED });
      // SPEC §9's defaults (OK, No, Cancel), in the language shown when the dialog opens.
      return (options: SweetAlertOptions) =>
        branded.fire({
          confirmButtonText: i18n.t('dialog.ok'),
          denyButtonText: i18n.t('dialog.no'),
          cancelButtonText: i18n.t('dialog.cancel'),
          ...options,
        });
    });
    // A failed download (offline) may be tried again by the next dialog.
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

/** The spec's dialogs and toasts, in the brand colour. */
export const dialog = {
  async fire(options: SweetAlertOptions): Promise<SweetAlertResult> {
    const fire = await loadSwal();
    return fire(options);
  },
};

/** A short success message that closes by itself; resolves once it has closed. */
export async function toastSuccess(title: string, ms = 1500): Promise<void> {
  await dialog.fire({ icon: 'success', title, timer: ms, showConfirmButton: false });
}

/** An error dialog with an OK button; resolves once it has been closed. */
export async function errorDialog(title: string, text?: string): Promise<void> {
  await dialog.fire({ icon: 'error', title, text });
}

/**
 * A click outside a confirmation this soon after it opened is the second click of the double
 * click that opened it, not an answer: it must not close the question (issue 11).
 */
const OUTSIDE_CLICK_GRACE_MS = 600;

/** Asks before something that cannot be undone; true only when the user confirmed. */
export async function confirmDialog(
  title: string,
  text: string,
  labels?: { confirm: string; cancel: string },
): Promise<boolean> {
  const openedAt = Date.now();
  const result = await dialog.fire({
    icon: 'warning',
    title,
    text,
    showCancelButton: true,
    allowOutsideClick: () => Date.now() - openedAt > OUTSIDE_CLICK_GRACE_MS,
    ...(labels && { confirmButtonText: labels.confirm, cancelButtonText: labels.cancel }),
    focusCancel: true,
  });
  return result.isConfirmed;
}
