import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { placeName } from '../../lib/i18n.ts';
import { formatDonationDate } from '../requests/request-format.ts';
import { DONATIONS_PAGE_SIZE, useMyDonations } from './history.api.ts';

/** The profile's donation history (issue 14): completed donations, the count, a certificate each. */
export function DonationHistory() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const donations = useMyDonations(page);

  return (
    <section
      aria-labelledby="donation-history-title"
      className="rounded-xl border border-gray-200 bg-white p-6"
    >
      <h2 id="donation-history-title" className="text-xl font-bold text-gray-900">
        {t('trust.history.title')}
      </h2>
      <QueryState
        query={donations}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="mt-3">
            <EmptyState>{t('trust.history.empty')}</EmptyState>
          </div>
        }
        spinnerClassName="py-8"
      >
        {(data) => (
          <>
            <p className="mt-1 text-gray-700">{t('trust.history.count', { count: data.total })}</p>
            <ul
              className="mt-4 divide-y divide-gray-100"
              aria-busy={donations.isPlaceholderData || undefined}
            >
              {data.items.map((donation) => (
                <li
                  key={donation.id}
                  className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-gray-900">
                      {formatDonationDate(donation.donationDate)} · {donation.bloodGroup}
                    </p>
                    <p className="wrap-anywhere text-gray-700">
                      {donation.hospitalName}, {placeName(donation.district)}
                    </p>
                  </div>
                  <Link
                    to={`/dashboard/donations/${donation.id}/certificate`}
                    className="text-sm font-semibold text-red-700 underline-offset-4 hover:underline"
                  >
                    {t('trust.history.viewCertificate')}
                    <span className="sr-only">
                      {' '}
                      {t('trust.history.certificateFor', {
                        date: formatDonationDate(donation.donationDate),
                      })}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pages={pageCount(data.total, DONATIONS_PAGE_SIZE)}
              onPageChange={setPage}
              disabled={donations.isPlaceholderData}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
