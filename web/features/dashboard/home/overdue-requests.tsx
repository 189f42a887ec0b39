import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OVERDUE_AFTER_MINUTES } from '../../../../common/overdue.rules.ts';
import { cellClass, DataTable } from '../../../components/data-table.tsx';
import { Pagination, pageCount } from '../../../components/pagination.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { formatNumber } from '../../../lib/i18n.ts';
import { OVERDUE_PAGE_SIZE, useOverdueRequests } from './overdue.api.ts';

/** How long a request has been open: "2 days 3 h", "5 h 10 min", "45 min". */
export function openForText(t: TFunction, minutes: number): string {
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  if (days > 0) {
    const d = t('dashboardHome.overdue.days', { count: days, value: formatNumber(days) });
    return hours > 0 ? `${d} ${t('impact.hours', { value: formatNumber(hours) })}` : d;
  }
  const h = hours > 0 ? t('impact.hours', { value: formatNumber(hours) }) : '';
  const m = t('impact.minutes', { value: formatNumber(mins) });
  return hours > 0 ? (mins > 0 ? `${h} ${m}` : h) : m;
}

/** The rule, in words, from the one rule in common/overdue.rules.ts. */
function ruleText(t: TFunction): string {
  const allowance = (minutes: number) =>
    minutes % 1440 === 0
      ? t('dashboardHome.overdue.days', {
          count: minutes / 1440,
          value: formatNumber(minutes / 1440),
        })
      : t('impact.hours', { value: formatNumber(minutes / 60) });
  return t('dashboardHome.overdue.rule', {
    critical: allowance(OVERDUE_AFTER_MINUTES.critical),
    urgent: allowance(OVERDUE_AFTER_MINUTES.urgent),
    scheduled: allowance(OVERDUE_AFTER_MINUTES.scheduled),
  });
}

/**
 * Staff home (issue 29): the open requests older than their urgency allows, oldest first, so a
 * volunteer can call the family, or donors, and step in. Each links to the request's page.
 */
export function OverdueRequests() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const overdue = useOverdueRequests(page);
  const title = t('dashboardHome.overdue.title');
  const columns = [
    t('dashboardHome.overdue.request'),
    t('requests.fields.urgency'),
    t('dashboardHome.overdue.bags'),
    t('dashboardHome.overdue.place'),
    t('dashboardHome.overdue.openFor'),
  ];
  return (
    <section aria-labelledby="overdue-title" className="flex flex-col gap-3">
      <h2 id="overdue-title" className="text-xl font-semibold text-gray-900">
        {title}
      </h2>
      <p className="text-sm text-gray-600">{ruleText(t)}</p>
      <QueryState
        query={overdue}
        isEmpty={(data) => data.items.length === 0 && page === 1}
        empty={<EmptyState>{t('dashboardHome.overdue.none')}</EmptyState>}
      >
        {(data) => (
          <>
            <DataTable caption={title} columns={columns} busy={overdue.isPlaceholderData}>
              {data.items.map((row) => (
                <tr key={row.id}>
                  <th scope="row" className={`${cellClass} font-medium`}>
                    <Link
                      to={`/blood-donation-request/${row.id}`}
                      className="text-red-700 underline underline-offset-2 hover:text-red-800"
                    >
                      {t('dashboardHome.overdue.need', {
                        group: row.bloodGroup,
                        component: t(`requests.component.${row.component}`),
                      })}
                    </Link>
                  </th>
                  <td className={cellClass}>{t(`requests.urgency.${row.urgency}`)}</td>
                  <td className={`${cellClass} tabular-nums`}>
                    {t('dashboardHome.overdue.pledgedOf', {
                      pledged: formatNumber(row.bagsPledged),
                      bags: formatNumber(row.bags),
                    })}
                  </td>
                  <td className={cellClass}>
                    {row.hospitalName}
                    <span className="block text-gray-600">{row.district}</span>
                  </td>
                  <td className={`${cellClass} tabular-nums`}>{openForText(t, row.openMinutes)}</td>
                </tr>
              ))}
            </DataTable>
            <Pagination
              page={page}
              pages={pageCount(data.total, OVERDUE_PAGE_SIZE)}
              onPageChange={setPage}
              disabled={overdue.isPlaceholderData}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
