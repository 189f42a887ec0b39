import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination, pageCount } from '../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../components/query-state.tsx';
import { formatInstant as when } from '../../lib/format-instant.ts';
import { formatNumber } from '../../lib/i18n.ts';
import { personName } from '../../lib/person-name.ts';
import { QUEUE_PAGE_SIZE, useWithdrawals } from './lifecycle.api.ts';
import { formatDonationDate } from './request-format.ts';

/** Donors' withdrawals, newest first, each with how often that donor has withdrawn (staff). */
export function WithdrawalsSection() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const withdrawals = useWithdrawals(page);

  return (
    <section className="space-y-4" aria-labelledby="withdrawals-title">
      <div>
        <h2 id="withdrawals-title" className="text-xl font-bold text-gray-900">
          {t('trust.withdrawals.title')}
        </h2>
        <p className="mt-1 text-gray-600">{t('trust.withdrawals.intro')}</p>
      </div>
      <QueryState
        query={withdrawals}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState>{t('trust.withdrawals.empty')}</EmptyState>}
        spinnerClassName="py-10"
      >
        {(data) => (
          <>
            <ul className="space-y-2" aria-busy={withdrawals.isPlaceholderData || undefined}>
              {data.items.map((item) => (
                <li
                  key={item.id}
                  className="rounded-xl border border-gray-200 bg-white p-3 text-sm shadow-sm"
                >
                  <p className="font-medium wrap-anywhere text-gray-900">
                    {personName(t, item.donorName)}
                    {item.donorEmail ? ` · ${item.donorEmail}` : ''}
                    {item.donorWithdrawals !== null && (
                      <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                        {t('trust.withdrawals.count')}: {formatNumber(item.donorWithdrawals)}
                      </span>
                    )}
                  </p>
                  <p className="wrap-anywhere text-gray-700">
                    {t('trust.withdrawals.request')}: {item.recipientName} · {item.bloodGroup} ·{' '}
                    {formatDonationDate(item.donationDate)}
                  </p>
                  <p className="wrap-anywhere text-gray-700">
                    {t('trust.withdrawals.reason')}: {item.reason}
                  </p>
                  <p className="text-xs text-gray-500">{when(item.createdAt)}</p>
                </li>
              ))}
            </ul>
            <Pagination
              page={page}
              pages={pageCount(data.total, QUEUE_PAGE_SIZE)}
              onPageChange={setPage}
              disabled={withdrawals.isPlaceholderData}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
