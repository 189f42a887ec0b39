import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { secondaryButton } from '../../components/button-styles.ts';
import { ApiError } from '../../lib/api.ts';
import { confirmDialog, errorDialog } from '../../lib/dialogs.ts';
import { useSingleFlightCallback } from '../../lib/single-flight.ts';
import { useSignOutEverywhere } from './session-changes.api.ts';
import { showSignedOut } from './signed-out-dialog.ts';

/**
 * "Sign out everywhere", for a lost phone or a shared computer: after a confirmation it ends
 * every session and API token of the user and lands on the home page, signed out.
 */
export function SignOutEverywhere() {
  const { t } = useTranslation();
  const id = useId();
  const signOutEverywhere = useSignOutEverywhere();

  // One confirmation at a time: a double click asks once.
  const run = useSingleFlightCallback(async () => {
    const confirmed = await confirmDialog(
      t('auth.signOutEverywhere.confirmTitle'),
      t('auth.signOutEverywhere.confirmText'),
      {
        confirm: t('auth.signOutEverywhere.confirm'),
        cancel: t('auth.signOutEverywhere.cancel'),
      },
    );
    if (!confirmed) return;
    // mutateAsync, not mutate's callbacks: this page has gone by the time it succeeds.
    await signOutEverywhere
      .mutateAsync()
      .then(showSignedOut, (error: unknown) =>
        errorDialog(
          t('errors.title'),
          error instanceof ApiError ? error.message : t('errors.generic'),
        ),
      );
  });

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-gray-200 bg-white p-6"
    >
      <div className="max-w-xl">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
          {t('auth.signOutEverywhere.title')}
        </h2>
        <p className="mt-1 text-sm text-gray-600">{t('auth.signOutEverywhere.text')}</p>
      </div>
      <button
        type="button"
        className={secondaryButton}
        disabled={signOutEverywhere.isPending}
        onClick={() => void run()}
      >
        {signOutEverywhere.isPending
          ? t('auth.signOutEverywhere.running')
          : t('auth.signOutEverywhere.button')}
      </button>
    </section>
  );
}
