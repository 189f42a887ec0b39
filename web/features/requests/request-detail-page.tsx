import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useRevalidator,
  useRouteError,
} from 'react-router';
import { primaryButton } from '../../components/button-styles.ts';
import { Spinner } from '../../components/spinner.tsx';
import { placeName } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { RouteError } from '../../routes/route-error.tsx';
import { useSession } from '../auth/session.api.ts';
import { MatchesPanel } from '../matching/matches-panel.tsx';
import { FreeBloodNotice } from '../trust/free-blood-notice.tsx';
import { RequestTrustActions } from '../trust/request-trust-actions.tsx';
import { VerifiedBadge } from '../trust/verified-badge.tsx';
import { DonateDialog } from './donate-dialog.tsx';
import type { requestDetailLoader } from './request-detail.loader.ts';
import { formatDonationDate, formatDonationTime, sameEmail } from './request-format.ts';
import { StatusBadge } from './status-badge.tsx';

/** /blood-donation-request/:id (SPEC §2 Request detail), inside RequireAuth. */
export function RequestDetailPage() {
  const { t } = useTranslation();
  const request = useLoaderData<typeof requestDetailLoader>();
  const { user } = useSession();
  const revalidator = useRevalidator();
  const [donating, setDonating] = useState(false);
  usePageTitle(request ? t('requests.detail.title', { group: request.bloodGroup }) : undefined);

  // Loaded as a visitor, then signed in without a navigation: load it as the user now.
  const needsReload = !request && !!user && revalidator.state === 'idle';
  useEffect(() => {
    if (needsReload) void revalidator.revalidate();
  }, [needsReload, revalidator]);

  if (!request || !user) return <Spinner className="py-20" />;

  const canDonate = request.status === 'pending' && !sameEmail(user.email, request.requesterEmail);
  const rows: [string, string][] = [
    [t('requests.fields.recipientName'), request.recipientName],
    [t('requests.fields.date'), formatDonationDate(request.donationDate)],
    [t('requests.fields.time'), formatDonationTime(request.donationTime)],
    [t('requests.fields.hospital'), request.hospitalName],
    [t('requests.fields.address'), request.fullAddress],
    [t('requests.fields.division'), placeName(request.division)],
    [t('requests.fields.district'), placeName(request.district)],
    [t('requests.fields.upazila'), placeName(request.upazila) ?? '—'],
  ];

  return (
    <section className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Link
        to="/blood-donation-request"
        className="text-sm font-medium text-red-700 underline-offset-4 hover:underline"
      >
        {t('requests.detail.back')}
      </Link>
      <article className="mt-4 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <header className="flex flex-wrap items-center justify-between gap-4 border-b border-gray-100 pb-5">
          <h1 className="text-3xl font-extrabold text-red-600">
            {t('requests.detail.title', { group: request.bloodGroup })}
          </h1>
          <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
            {t('requests.fields.status')}: <StatusBadge status={request.status} />
            {request.verifiedAt && <VerifiedBadge by={request.verifiedBy} />}
          </p>
        </header>
        <div className="mt-5">
          <FreeBloodNotice />
        </div>
        {request.removed && <p className="mt-3 text-sm text-gray-700">{t('trust.removed')}</p>}

        <div className="mt-5 rounded-xl bg-gray-50 p-4">
          <h2 className="text-sm font-semibold tracking-wide text-gray-500 uppercase">
            {t('requests.fields.requester')}
          </h2>
          <p className="mt-1 font-medium wrap-anywhere text-gray-900">{request.requesterName}</p>
          {request.requesterEmail && (
            <p className="text-sm wrap-anywhere text-gray-700">{request.requesterEmail}</p>
          )}
          {request.requesterDeleted && (
            <p className="text-sm text-gray-600">{t('requests.detail.accountDeleted')}</p>
          )}
        </div>

        <dl className="mt-5 grid gap-x-6 gap-y-4 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm font-medium text-gray-500">{label}</dt>
              <dd className="mt-0.5 wrap-anywhere text-gray-900">{value}</dd>
            </div>
          ))}
          <div className="sm:col-span-2">
            <dt className="text-sm font-medium text-gray-500">{t('requests.fields.message')}</dt>
            <dd className="mt-0.5 whitespace-pre-line wrap-anywhere text-gray-900">
              {request.requestMessage}
            </dd>
          </div>
          {request.donorName && (
            <div className="sm:col-span-2">
              <dt className="text-sm font-medium text-gray-500">{t('requests.fields.donor')}</dt>
              <dd className="mt-0.5 wrap-anywhere text-gray-900">
                {request.donorName}
                {request.donorEmail && (
                  <span className="block text-sm text-gray-700">{request.donorEmail}</span>
                )}
                {request.donorDeleted && (
                  <span className="block text-sm text-gray-600">
                    {t('requests.detail.accountDeleted')}
                  </span>
                )}
              </dd>
            </div>
          )}
        </dl>

        {canDonate && (
          <div className="mt-8">
            <button
              type="button"
              className={primaryButton}
              disabled={revalidator.state === 'loading'}
              onClick={() => setDonating(true)}
            >
              {t('requests.detail.donateNow')}
            </button>
            <DonateDialog
              requestId={request.id}
              user={user}
              open={donating}
              onClose={() => setDonating(false)}
              onSettled={() => void revalidator.revalidate()}
            />
          </div>
        )}
        <RequestTrustActions
          request={request}
          user={user}
          onChanged={() => void revalidator.revalidate()}
        />
      </article>
      <MatchesPanel request={request} user={user} />
    </section>
  );
}

/** The detail route's error: a clear word for a missing or private request, else the usual. */
export function RequestDetailError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 0;
  const message =
    status === 404
      ? t('requests.detail.notFound')
      : status === 403 && isRouteErrorResponse(error)
        ? String((error.data as { message?: unknown } | null)?.message ?? t('errors.generic'))
        : null;
  usePageTitle(message ? t('requests.detail.notFoundTitle') : t('errors.title'));
  if (!message) return <RouteError />;
  return (
    <section
      role="alert"
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-20 text-center"
    >
      <h1 className="text-2xl font-bold text-gray-900">{message}</h1>
      <Link to="/blood-donation-request" className={primaryButton}>
        {t('requests.detail.back')}
      </Link>
    </section>
  );
}
