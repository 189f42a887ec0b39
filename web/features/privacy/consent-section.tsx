import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsentState } from '../../../common/privacy.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { ApiError } from '../../lib/api.ts';
import { confirmDialog, errorDialog, toastSuccess } from '../../lib/dialogs.ts';
import { localDigits } from '../../lib/i18n.ts';
import { useDownloadMyData, useGiveConsent, useWithdrawConsent } from './privacy.api.ts';

/**
 * Issue 31 on the profile: where the person stands with the privacy notice; withdrawing consent
 * (out of the donor search and alerts at once, as hiding is, the account kept for requests) or
 * giving it again.
 */
export function ConsentSection({ consent }: { consent: ConsentState }) {
  const { t } = useTranslation();
  const id = useId();
  const withdraw = useWithdrawConsent();
  const give = useGiveConsent();
  const download = useDownloadMyData();
  const withdrawn = consent.withdrawnAt !== null;

  const failed = (error: unknown) =>
    errorDialog(t('errors.title'), error instanceof ApiError ? error.message : t('errors.generic'));

  const onWithdraw = async () => {
    if (!(await confirmDialog(t('profile.withdrawConfirmTitle'), t('profile.withdrawConfirmText'))))
      return;
    try {
      await withdraw.mutateAsync();
      await toastSuccess(t('profile.withdrawn'));
    } catch (error) {
      await failed(error);
    }
  };
  const onDownload = async () => {
    try {
      await download.mutateAsync();
    } catch (error) {
      await failed(error);
    }
  };
  const onGive = async () => {
    try {
      await give.mutateAsync();
      await toastSuccess(t('profile.consentGivenAgain'));
    } catch (error) {
      await failed(error);
    }
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-gray-200 bg-white p-6"
      data-testid="consent-section"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {t('profile.privacyTitle')}
      </h2>
      <p className="mt-1 max-w-xl text-sm text-gray-700">
        {withdrawn
          ? t('profile.consentWithdrawnText')
          : consent.acceptedVersion
            ? t('profile.consentGiven', { version: localDigits(consent.acceptedVersion) })
            : null}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {withdrawn ? (
          <button
            type="button"
            className={primaryButton}
            disabled={give.isPending}
            aria-busy={give.isPending}
            onClick={() => void onGive()}
          >
            {t('profile.giveConsentAgain')}
          </button>
        ) : (
          <button
            type="button"
            className={secondaryButton}
            disabled={withdraw.isPending}
            aria-busy={withdraw.isPending}
            onClick={() => void onWithdraw()}
          >
            {t('profile.withdrawConsent')}
          </button>
        )}
        <button
          type="button"
          className={secondaryButton}
          disabled={download.isPending}
          aria-busy={download.isPending}
          aria-describedby={`${id}-download`}
          onClick={() => void onDownload()}
        >
          {download.isPending ? t('profile.downloadingData') : t('profile.downloadData')}
        </button>
        <a
          href="/privacy"
          className="text-sm font-semibold text-red-800 underline hover:no-underline"
        >
          {t('profile.readNotice')}
        </a>
      </div>
      <p id={`${id}-download`} className="mt-2 max-w-xl text-sm text-gray-600">
        {t('profile.downloadDataText')}
      </p>
    </section>
  );
}
