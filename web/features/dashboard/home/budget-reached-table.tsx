import { useTranslation } from 'react-i18next';
import { cellClass, DataTable } from '../../../components/data-table.tsx';
import { LongText } from '../../../components/long-text.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { formatInstant } from '../../../lib/format-instant.ts';
import { formatTotal } from '../../../lib/format-total.ts';
import { formatNumber } from '../../../lib/i18n.ts';
import { useBudgetReached } from './donor-emails.api.ts';

/**
 * Staff home (issue 25): the latest accounts that went past their daily budget of donor emails,
 * so a harvesting account is seen (and can be blocked on the users page).
 */
export function BudgetReachedTable() {
  const { t } = useTranslation();
  const reached = useBudgetReached();
  const title = t('dashboardHome.budgetReached.title');
  const columns = [
    t('dashboardHome.budgetReached.account'),
    t('dashboardHome.budgetReached.reachedAt'),
    t('dashboardHome.budgetReached.allowance'),
    t('dashboardHome.budgetReached.hidden'),
  ];
  return (
    <section aria-labelledby="budget-reached-title" className="flex flex-col gap-3">
      <h2 id="budget-reached-title" className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      <p className="text-sm text-gray-600">{t('dashboardHome.budgetReached.intro')}</p>
      <QueryState
        query={reached}
        isEmpty={(data) => data.items.length === 0}
        empty={<EmptyState>{t('dashboardHome.budgetReached.none')}</EmptyState>}
      >
        {(data) => (
          <>
            <DataTable caption={title} columns={columns}>
              {data.items.map((row) => (
                <tr key={row.id}>
                  <th scope="row" className={`${cellClass} font-medium`}>
                    <LongText text={row.name} lines={2} />
                    <span className="block font-normal text-gray-600">
                      <LongText text={row.email} lines={2} />
                    </span>
                  </th>
                  <td className={cellClass}>{formatInstant(row.reachedAt)}</td>
                  <td className={`${cellClass} tabular-nums`}>{formatNumber(row.allowance)}</td>
                  <td className={`${cellClass} tabular-nums`}>{formatNumber(row.hidden)}</td>
                </tr>
              ))}
            </DataTable>
            {data.total > data.items.length && (
              <p className="text-sm text-gray-600">
                {t('dashboardHome.budgetReached.more', {
                  count: data.total,
                  shown: formatNumber(data.items.length),
                  total: formatTotal(data.total, data.capped),
                })}
              </p>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
