import { type ComponentType, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isRouteErrorResponse,
  Link,
  useLoaderData,
  useRevalidator,
  useRouteError,
} from 'react-router';
import { isStaff } from '../../../common/roles.ts';
import { primaryButton, secondaryButton } from '../../components/button-styles.ts';
import { Spinner } from '../../components/spinner.tsx';
import { placeName } from '../../lib/i18n.ts';
import { personName } from '../../lib/person-name.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { RouteError } from '../../routes/route-error.tsx';
import { useSession } from '../auth/session.api.ts';
import { HandoffPanel } from '../handoff/handoff-panel.tsx';
import { StaffContactView } from '../handoff/staff-contact-view.tsx';
import { MatchesPanel } from '../matching/matches-panel.tsx';
import { BagsEditor } from './bags-editor.tsx';
import { DonateAction } from './donate-action.tsx';
import { FreeBloodNotice } from './free-blood-notice.tsx';
import { PledgeList } from './pledge-list.tsx';
import { BagsProgress, showsBags, UrgencyBadge } from './request-badges.tsx';
import type { requestDetailLoader } from './request-detail.loader.ts';
import { formatDonationDate, formatDonationTime, sameEmail } from './request-format.ts';
import { type RequestActionsProps, RequestLifecycleActions } from './request-lifecycle-actions.tsx';
import { canPledge, ownPledge } from './request-pledges.ts';
import { ShareButton } from './share-button.tsx';
import { StatusBadge } from './status-badge.tsx';
import { VerifiedBadge } from './verified-badge.tsx';

/**
 * /blood-donation-request/:id (SPEC §2 Request detail), inside RequireAuth. `trustActions` are
 * trust's actions on it (verify, report), given by the route: requests never imports trust.
 */
export function RequestDetailPage({
  trustActions: TrustActions,
}: {
  trustActions?: ComponentType<RequestActionsProps>;
}) {
  const { t } = useTranslation();
  const request = useLoaderData<typeof requestDetailLoader>();
  const { user } = useSession();
  const revalidator = useRevalidator();
  usePageTitle(request ? t('requests.detail.title', { group: request.bloodGroup }) : undefined);

  // Loaded as a visitor, then signed in without a navigation: load it as the user now.
  const needsReload = !request && !!user && revalidator.state === 'idle';
  useEffect(() => {
    if (needsReload) void revalidator.revalidate();
  }, [needsReload, revalidator]);

  if (!request || !user) return <Spinner className="py-20" />;

  const canDonate = canPledge(request, user.email);
  const onChanged = () => void revalidator.revalidate();
  // Issue 27: the requester and staff see every donor who said yes and mark how each ended; a
  // donor sees their own promise. Anyone else sees the count only ("2 of 4 donors found").
  const mayDecide = isStaff(user.role) || sameEmail(user.email, request.requesterEmail);
  const mine = ownPledge(request, user.email);
  const isRequester = sameEmail(user.email, request.requesterEmail);
  const canChangeBags =
    isRequester && !request.removed && ['pending', 'inprogress'].includes(request.status);
  // Issue 28: the two sides of a standing pledge see each other's numbers while it is open.
  const handoffSide =
    request.removed || !['pending', 'inprogress'].includes(request.status)
      ? null
      : isRequester
        ? ('requester' as const)
        : mine
          ? ('donor' as const)
          : null;
  const showPledges = mayDecide ? request.pledges.length > 0 || showsBags(request) : !!mine;
  const rows: [string, string][] = [
    [t('requests.fields.component'), t(`requests.component.${request.component}`)],
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
          <div className="flex flex-wrap items-center gap-3">
            <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
              {t('requests.fields.status')}: <StatusBadge status={request.status} />
              <UrgencyBadge
                urgency={request.urgency}
                label={t(`requests.urgency.${request.urgency}`)}
                fieldLabel={t('requests.fields.urgency')}
              />
              {request.verifiedAt && <VerifiedBadge by={request.verifiedBy} />}
            </p>
            <ShareButton
              request={request}
              label={t('requests.share.button')}
              className={secondaryButton}
            />
          </div>
        </header>
        {showsBags(request) && (
          <div className="mt-5">
            <BagsProgress
              request={request}
              text={t('requests.found', { found: request.bagsPledged, bags: request.bags })}
            />
          </div>
        )}
        <div className="mt-5">
          <FreeBloodNotice />
        </div>
        {request.removed && <p className="mt-3 text-sm text-gray-700">{t('trust.removed')}</p>}

        <div className="mt-5 rounded-xl bg-gray-50 p-4">
          <h2 className="text-sm font-semibold tracking-wide text-gray-500 uppercase">
            {t('requests.fields.requester')}
          </h2>
          <p className="mt-1 font-medium wrap-anywhere text-gray-900">
            {personName(t, request.requesterName)}
          </p>
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
          {/* A one-bag request names its donor as SPEC §2 draws it; several bags list them below. */}
          {request.donorName && !showsBags(request) && !showPledges && (
            <div className="sm:col-span-2">
              <dt className="text-sm font-medium text-gray-500">{t('requests.fields.donor')}</dt>
              <dd className="mt-0.5 wrap-anywhere text-gray-900">
                {personName(t, request.donorName)}
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

        {showPledges && (
          <section className="mt-6" aria-labelledby="pledges-title">
            <h2 id="pledges-title" className="text-lg font-semibold text-gray-900">
              {mayDecide ? t('requests.pledges.title') : t('requests.pledges.mine')}
            </h2>
            <PledgeList request={request} canSettle={mayDecide} onChanged={onChanged} />
          </section>
        )}

        {handoffSide && <HandoffPanel request={request} side={handoffSide} />}
        {/* Staff see numbers only by asking, with a reason the audit log keeps (decision 036). */}
        {isStaff(user.role) && (
          <StaffContactView
            request={request}
            secondFactorMissing={user.role === 'admin' && !user.twoFactorEnabled}
          />
        )}

        {canChangeBags && (
          // Keyed by the count: after a change (here or elsewhere) the choice starts from it.
          <BagsEditor key={request.bags} request={request} onChanged={onChanged} />
        )}

        {canDonate && (
          <DonateAction
            request={request}
            user={user}
            busy={revalidator.state === 'loading'}
            onSettled={() => void revalidator.revalidate()}
          />
        )}
        <RequestLifecycleActions request={request} user={user} onChanged={onChanged}>
          {TrustActions && <TrustActions request={request} user={user} onChanged={onChanged} />}
        </RequestLifecycleActions>
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
  // RouteError names the tab itself (offline, or went wrong): a title set here would win over it.
  if (!message) return <RouteError />;
  return <RequestMissing message={message} />;
}

function RequestMissing({ message }: { message: string }) {
  const { t } = useTranslation();
  usePageTitle(t('requests.detail.notFoundTitle'));
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
