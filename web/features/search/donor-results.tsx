import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../../common/constants.ts';
import type { DonorResponse } from '../../../common/user-response.schema.ts';
import { EmailText } from '../../components/email-text.tsx';
import { LongText } from '../../components/long-text.tsx';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { UserAvatar } from '../../components/user-avatar.tsx';
import { formatTotal } from '../../lib/format-total.ts';
import { placeName } from '../../lib/i18n.ts';
import { AvailabilityBadge } from '../matching/availability-badge.tsx';
import { DonorEmailNotice } from './donor-email-notice.tsx';
import type { useDonorSearch } from './donors.api.ts';

/**
 * The donors a search found, as cards, and their pages. Its own chunk, fetched with the first
 * search: the search page's first load only draws the form (decision 020).
 */
export function DonorResults({
  donors,
  page,
  onPageChange,
}: {
  donors: ReturnType<typeof useDonorSearch>;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const { t } = useTranslation();
  const total = donors.data?.total ?? 0;
  const pages = pageCount(total, DEFAULT_PAGE_SIZE);
  return (
    <>
      <QueryState
        query={donors}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
            <p className="font-semibold text-gray-900">{t('search.none.title')}</p>
            <p className="mt-1 text-gray-600">{t('search.none.text')}</p>
          </div>
        }
        spinnerClassName="py-16"
      >
        {(data) => (
          <>
            <h2 className="text-lg font-semibold text-gray-900" aria-live="polite">
              {t('search.found', {
                count: total,
                shown: formatTotal(total, data.capped),
              })}
            </h2>
            <DonorEmailNotice budget={data.emailBudget} />
            <ul
              className={`mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 ${donors.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={donors.isFetching}
            >
              {data.items.map((donor) => (
                <li key={donor.id}>
                  <DonorCard donor={donor} signedIn={data.emailBudget !== null} />
                </li>
              ))}
            </ul>
          </>
        )}
      </QueryState>
      {donors.data && (
        <Pagination
          page={page}
          pages={pages}
          disabled={donors.isPlaceholderData}
          onPageChange={onPageChange}
        />
      )}
    </>
  );
}

/**
 * `signedIn`: the answer stated a budget of donor emails (issue 25), so a missing email is one
 * past the day's budget, not one a visitor must log in to see.
 */
function DonorCard({ donor, signedIn }: { donor: DonorResponse; signedIn: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <article className="flex h-full gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <UserAvatar name={donor.name} image={donor.image} className="size-14" />
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 font-semibold text-gray-900">
            <LongText text={donor.name} lines={2} />
          </h3>
          <span className="shrink-0 rounded-full bg-red-600 px-2.5 py-0.5 text-sm font-bold text-white">
            <span className="sr-only">{t('search.bloodGroup')}: </span>
            {donor.bloodGroup}
          </span>
        </div>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-sm">
          <dt className="text-gray-500">{t('search.division')}</dt>
          <dd className="text-gray-800">{placeName(donor.division)}</dd>
          <dt className="text-gray-500">{t('search.district')}</dt>
          <dd className="text-gray-800">
            {placeName(donor.district)}
            {donor.upazila && <span className="text-gray-500">, {placeName(donor.upazila)}</span>}
          </dd>
          <dt className="text-gray-500">{t('search.email')}</dt>
          <dd className="min-w-0">
            {donor.email ? (
              <a
                href={`mailto:${donor.email}`}
                className="block text-red-700 underline-offset-2 hover:underline"
              >
                <EmailText email={donor.email} />
              </a>
            ) : signedIn ? (
              <span className="text-gray-600">{t('donorEmails.hiddenToday')}</span>
            ) : (
              <Link
                to="/login"
                state={{ from: location }}
                className="text-red-700 underline underline-offset-2 hover:no-underline"
              >
                {t('search.emailHidden')}
              </Link>
            )}
          </dd>
        </dl>
        <p className="mt-3 flex flex-wrap gap-2">
          <span
            className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
              donor.eligible ? 'bg-green-100 text-green-800' : 'bg-gray-200 text-gray-700'
            }`}
          >
            {donor.eligible ? t('search.eligible') : t('search.notEligible')}
          </span>
          <AvailabilityBadge
            available={donor.available}
            availableAgainOn={donor.availableAgainOn}
          />
        </p>
      </div>
    </article>
  );
}
