import { useTranslation } from 'react-i18next';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { Modal } from '../../components/modal.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorDialog } from '../../lib/dialogs.ts';
import { useSignOut } from '../auth/session-changes.api.ts';
import { useGiveConsent } from './privacy.api.ts';

/** Never closed by the person: agreeing or signing out are the ways on. */
const stayOpen = () => {};

/** The blocking question of ConsentGate: what is kept and why, the notice, agree or sign out. */
export function ConsentPrompt() {
  const { t } = useTranslation();
  const give = useGiveConsent();
  const signOut = useSignOut();
  const agree = async () => {
    try {
      await give.mutateAsync();
    } catch (error) {
      await errorDialog(
        t('errors.title'),
        error instanceof ApiError ? error.message : t('errors.generic'),
      );
    }
  };
  return (
    <Modal open blocking onClose={stayOpen} title={t('consent.title')} wide>
      <div data-testid="consent-prompt">
        <p className="text-gray-800">{t('consent.changed')}</p>
        <p className="mt-3 text-sm text-gray-800">{t('register.consentLabel')}</p>
        <a
          href="/privacy"
          target="_blank"
          rel="noopener"
          className="mt-3 inline-block font-semibold text-red-800 underline hover:no-underline"
        >
          {t('register.consentLink')}
        </a>
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button
            type="button"
            className={secondaryButton}
            disabled={signOut.isPending}
            onClick={() => void signOut.mutateAsync().catch(() => undefined)}
          >
            {t('consent.signOut')}
          </button>
          <button
            type="button"
            className={primaryButton}
            disabled={give.isPending}
            aria-busy={give.isPending}
            data-autofocus
            onClick={() => void agree()}
          >
            {give.isPending ? t('consent.agreeing') : t('consent.agree')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
