import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { todayInDhaka } from '../../../common/dhaka-date.ts';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { primaryButton } from '../../components/button-styles.ts';
import { useMe } from '../users/users.api.ts';
import { DonateDialog } from './donate-dialog.tsx';
import { formatDonationDate } from './request-format.ts';

/**
 * Donate Now on a request's page, kept in view at the bottom of the screen while the request is
 * (issue 30 item 1: on a phone it sat a screen and a half down). A donor still resting from their
 * last donation on the request's date is told why and from when they can give, instead of being
 * offered a button the server refuses (item 6). While their profile loads, the button shows: the
 * server still says no, in the same words.
 */
export function DonateAction({
  request,
  user,
  busy,
  onSettled,
}: {
  request: DonationRequestResponse;
  user: SessionUser;
  busy: boolean;
  onSettled: () => void;
}) {
  const { t } = useTranslation();
  const [donating, setDonating] = useState(false);
  const me = useMe();
  const again = me.data?.eligibleAgainOn;
  const restsUntil = again ? todayInDhaka(new Date(again)) : null;
  const resting = restsUntil !== null && restsUntil > request.donationDate;

  return (
    <div className="sticky bottom-0 z-10 -mx-6 mt-8 border-t border-gray-200 bg-white px-6 py-3 sm:-mx-8 sm:px-8">
      {resting ? (
        <p role="note" className="rounded-xl bg-amber-50 px-4 py-3 text-amber-950">
          {t('requests.detail.resting', { date: formatDonationDate(restsUntil) })}
        </p>
      ) : (
        <>
          <button
            type="button"
            className={`${primaryButton} w-full sm:w-auto`}
            disabled={busy}
            onClick={() => setDonating(true)}
          >
            {t('requests.detail.donateNow')}
          </button>
          <DonateDialog
            requestId={request.id}
            user={user}
            open={donating}
            onClose={() => setDonating(false)}
            onSettled={onSettled}
          />
        </>
      )}
    </div>
  );
}
