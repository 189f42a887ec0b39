import { dialog } from '../../lib/dialogs.ts';
import { i18n } from '../../lib/i18n.ts';

/** The message after signing out, whether from the avatar menu or everywhere at once. */
export async function showSignedOut(): Promise<void> {
  await dialog.fire({ icon: 'success', title: i18n.t('auth.signedOut'), draggable: true });
}
