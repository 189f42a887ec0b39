import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchResponse } from '../../../common/match-response.schema.ts';
import type { DonationRequestResponse } from '../../../common/request-response.schema.ts';
import { isStaff } from '../../../common/roles.ts';
import type { SessionUser } from '../../../common/user-response.schema.ts';
import { EmailText } from '../../components/email-text.tsx';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { EmptyState, QueryError } from '../../components/query-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { placeName } from '../../lib/i18n.ts';
import { joinPlace, sameEmail } from '../requests/request-format.ts';
import { DonorEmailNotice } from '../search/donor-email-notice.tsx';
import { MATCHES_PAGE_SIZE, useMatchCount, useMatches } from './matching.api.ts';

/**
 * On a pending request's detail page: "N compatible donors nearby" for everyone signed in, and
 * for the requester and staff the donors themselves, nearest first (issue 13).
 */
export function MatchesPanel({
  request,
  user,
}: {
  request: DonationRequestResponse;
  user: SessionUser;
}) {
  const { t } = useTranslation();
  const id = useId();
  const pending = request.status === 'pending';
  const mayList = sameEmail(user.email, request.requesterEmail) || isStaff(user.role);
  const count = useMatchCount(request.id, pending);
  if (!pending) return null;

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-6 rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-gray-900">
        {t('matching.panel.title')}
      </h2>
      <div className="mt-2" aria-live="polite">
        {count.isPending ? (
          <Spinner />
        ) : count.isError ? (
          <QueryError error={count.error} onRetry={() => void count.refetch()} />
        ) : (
          // The district's count, then the whole country's: the second is the very total the
          // list below pages through (issue 30 item 7), so "0 nearby" never sits above donors.
          <p className="text-gray-800">
            {t(
              count.data.capped ? 'matching.panel.inDistrictCapped' : 'matching.panel.inDistrict',
              {
                count: count.data.nearby,
                district: placeName(request.district),
              },
            )}
            {' · '}
            {t(
              count.data.anywhereCapped
                ? 'matching.panel.anywhereCapped'
                : 'matching.panel.anywhere',
              {
                count: count.data.anywhere,
              },
            )}
          </p>
        )}
      </div>
      {mayList && <MatchList requestId={request.id} />}
    </section>
  );
}

function MatchList({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const matches = useMatches(requestId, page, true);
  if (matches.isPending) return <Spinner className="py-6" />;
  if (matches.isError)
    return <QueryError error={matches.error} onRetry={() => void matches.refetch()} />;
  const { items, total, emailBudget } = matches.data;
  return (
    <div className="mt-4">
      <p className="text-sm text-gray-600">{t('matching.panel.listIntro')}</p>
      <DonorEmailNotice budget={emailBudget} />
      {items.length === 0 ? (
        <div className="mt-3">
          <EmptyState>{t('matching.panel.none')}</EmptyState>
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-gray-100">
          {items.map((match) => (
            <MatchItem key={match.id} match={match} />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pages={pageCount(total, MATCHES_PAGE_SIZE)}
        onPageChange={setPage}
        disabled={matches.isFetching}
      />
    </div>
  );
}

function MatchItem({ match }: { match: MatchResponse }) {
  const { t } = useTranslation();
  return (
    <li className="flex items-center gap-3 py-3">
      <UserAvatar name={match.name} image={match.image} className="size-10 text-sm" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-gray-900" title={match.name}>
            {match.name}
          </span>
          <span className="rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white">
            <span className="sr-only">{t('matching.panel.bloodGroup')}: </span>
            {match.bloodGroup}
          </span>
          {match.exactGroup && (
            <span className="text-xs font-medium text-green-800">
              {t('matching.panel.exactGroup')}
            </span>
          )}
        </p>
        <p className="wrap-anywhere text-sm text-gray-600">
          {joinPlace(match.upazila, match.district, match.division)} ·{' '}
          {t(`matching.distance.${match.distance}`)}
        </p>
        {match.email ? (
          <a
            href={`mailto:${match.email}`}
            className="block text-sm text-red-700 underline-offset-2 hover:underline"
          >
            <EmailText email={match.email} />
          </a>
        ) : (
          // Past the day's budget of donor emails (issue 25).
          <p className="text-sm text-gray-600">{t('donorEmails.hiddenToday')}</p>
        )}
      </div>
    </li>
  );
}
